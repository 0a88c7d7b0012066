import {
  AddKeywordsBodySchema,
  AddKeywordsResponseSchema,
  ArticleFetchQuerySchema,
  ArticleSchema,
  ArticleSearchQuerySchema,
  ArticleSearchResponseSchema,
  KeywordBodySchema,
  KeywordListResponseSchema,
  KeywordQuerySchema,
  ListicleIdeasQuerySchema,
  ListicleIdeasResponseSchema,
  LsiResponseSchema,
} from '../article/api';
import {
  ProjectListResponseSchema,
  ProjectLoadQuerySchema,
  ProjectLoadResponseSchema,
  ProjectPatchInputSchema,
  ProjectRemoveInputSchema,
  ProjectRemoveResponseSchema,
  ProjectRenameInputSchema,
  ProjectRenameResponseSchema,
  ProjectSaveInputSchema,
  ProjectSaveResponseSchema,
} from '../project/api';
import { TranscribeFieldsSchema, TranscriptionQuerySchema, TranscriptionStatusSchema } from '../speech/transcription';
import { defineEndpoints, type Endpoint, SOURCE_ERRORS, STANDARD_ERRORS } from './endpoint';

const TRANSCRIBE_ERRORS = [...STANDARD_ERRORS, 403] as const;

/**
 * Every endpoint the web app calls, by name: the one contract of the HTTP API. Server routes take
 * their path and schemas from here (`routeOf`), the web's `call(name, input)` is typed from it, and
 * docs/api.md's reference section is generated from it (`npm run api:docs`).
 */
export const endpoints = defineEndpoints({
  // Articles and keywords (spec 001 §7). Public and rate limited, but add-keywords.
  articleSearch: {
    method: 'GET',
    path: '/api/members/articles/search',
    description: 'Articles about a keyword from a search source (ezine, news or blog).',
    query: ArticleSearchQuerySchema,
    response: ArticleSearchResponseSchema,
    errors: SOURCE_ERRORS,
  },
  articleFetch: {
    method: 'GET',
    path: '/api/members/articles/fetch',
    description: 'Imports the article at a web address as plain text.',
    query: ArticleFetchQuerySchema,
    response: ArticleSchema,
    errors: SOURCE_ERRORS,
  },
  relatedKeywords: {
    method: 'GET',
    path: '/api/members/articles/related-kw',
    description: 'Keywords related to a keyword, as a search box suggests them.',
    query: KeywordQuerySchema,
    response: KeywordListResponseSchema,
    errors: SOURCE_ERRORS,
  },
  relatedTerms: {
    method: 'POST',
    path: '/api/members/articles/lsi',
    description: 'Terms that often appear beside a keyword (LSI), for the optimizer.',
    body: KeywordBodySchema,
    response: LsiResponseSchema,
    errors: SOURCE_ERRORS,
  },
  listicleIdeas: {
    method: 'GET',
    path: '/api/members/articles/listicle-ideas',
    description: 'Listicle item ideas for a keyword in a category.',
    query: ListicleIdeasQuerySchema,
    response: ListicleIdeasResponseSchema,
    errors: SOURCE_ERRORS,
  },
  addKeywords: {
    method: 'POST',
    path: '/api/members/add-keywords',
    description: "Adds the wizard's keywords to the member's saved keywords (members only).",
    body: AddKeywordsBodySchema,
    response: AddKeywordsResponseSchema,
    errors: STANDARD_ERRORS,
  },

  // Projects (spec 000 §7): the signed-in member's own.
  projectLoad: {
    method: 'GET',
    path: '/api/members/projects/load',
    description: 'One project with its document: the reserved one, or by id or name.',
    query: ProjectLoadQuerySchema,
    response: ProjectLoadResponseSchema,
    errors: STANDARD_ERRORS,
  },
  projectList: {
    method: 'GET',
    path: '/api/members/projects/all',
    description: "The member's projects, newest updated first, without the reserved one.",
    response: ProjectListResponseSchema,
    errors: STANDARD_ERRORS,
  },
  projectSave: {
    method: 'POST',
    path: '/api/members/projects/save',
    description: 'Creates a project (no id) or replaces one.',
    body: ProjectSaveInputSchema,
    response: ProjectSaveResponseSchema,
    errors: STANDARD_ERRORS,
  },
  projectPatch: {
    method: 'POST',
    path: '/api/members/projects/patch',
    description: "Applies a JSON patch to a project's document, checked against a hash.",
    body: ProjectPatchInputSchema,
    response: ProjectSaveResponseSchema,
    errors: STANDARD_ERRORS,
  },
  projectRename: {
    method: 'POST',
    path: '/api/members/projects/rename',
    description: 'Renames a project.',
    body: ProjectRenameInputSchema,
    response: ProjectRenameResponseSchema,
    errors: STANDARD_ERRORS,
  },
  projectRemove: {
    method: 'POST',
    path: '/api/members/projects/remove',
    description: 'Deletes a project.',
    body: ProjectRemoveInputSchema,
    response: ProjectRemoveResponseSchema,
    errors: STANDARD_ERRORS,
  },

  // Transcription (spec 001 §4, §7): paid members only.
  transcribeStart: {
    method: 'POST',
    path: '/api/members/transcribe',
    description: 'Queues the transcription of a recording (JSON or a multipart upload).',
    body: TranscribeFieldsSchema,
    multipart: true,
    response: TranscriptionStatusSchema,
    errors: TRANSCRIBE_ERRORS,
  },
  transcribeStatus: {
    method: 'GET',
    path: '/api/members/transcribe',
    description: 'The state of a transcription; its words once done.',
    query: TranscriptionQuerySchema,
    response: TranscriptionStatusSchema,
    errors: TRANSCRIBE_ERRORS,
  },
} satisfies Record<string, Endpoint>);

/** The endpoints' names. */
export type EndpointName = keyof typeof endpoints;
/** The table's type, for code that looks entries up by name. */
export type Endpoints = typeof endpoints;
