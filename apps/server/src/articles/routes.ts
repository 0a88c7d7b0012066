import { ApiErrorSchema } from '@reelwright/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireMember } from '../accounts/service';
import { errorResponses } from '../error-responses';
import { type ArticleSources, createArticleSources } from '../providers/articles/registry';
import { fetchArticle } from './extract';
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
} from './schemas';
import { addKeywords, listicleIdeas, relatedKeywords, relatedTerms, searchArticles } from './service';

/** The answers of routes that call outside services, beside the usual ones. */
const sourceErrors = {
  ...errorResponses,
  422: ApiErrorSchema,
  429: ApiErrorSchema,
  502: ApiErrorSchema,
  504: ApiErrorSchema,
} as const;

/** Each visitor's calls a minute to the routes that reach outside services (they are public). */
const PUBLIC_RATE = { rateLimit: { max: 60, timeWindow: '1 minute' } };

export type ArticleRoutesOptions = {
  /** Instead of those the config names (tests). */
  sources?: ArticleSources;
  /** Pause between article fetch attempts. */
  retryDelayMs?: number;
  /** The time one article import may take, every attempt included (IMPORT_BUDGET_MS). */
  importBudgetMs?: number;
};

/**
 * The article and keyword calls of spec 001 §7 and spec 000's LSI, at `/api/members`. Visitors may
 * use the keyword and content steps (spec 001 §6), so all but add-keywords are public and rate
 * limited; add-keywords is members only (keywords are saved only when logged in).
 */
export const articleRoutes: FastifyPluginAsyncZod<ArticleRoutesOptions> = async (app, options) => {
  const sources = options.sources ?? createArticleSources(app.config.articles);

  app.get(
    '/articles/search',
    {
      config: PUBLIC_RATE,
      schema: {
        querystring: ArticleSearchQuerySchema,
        response: { 200: ArticleSearchResponseSchema, ...sourceErrors },
      },
    },
    async (request) => searchArticles(sources, request.query),
  );

  app.get(
    '/articles/fetch',
    {
      config: PUBLIC_RATE,
      schema: { querystring: ArticleFetchQuerySchema, response: { 200: ArticleSchema, ...sourceErrors } },
    },
    async (request) =>
      fetchArticle({
        url: request.query.url,
        type: request.query.type,
        policy: app.config.fetch,
        log: (m) => request.log.info(m),
        retryDelayMs: options.retryDelayMs,
        budgetMs: options.importBudgetMs,
      }),
  );

  app.get(
    '/articles/related-kw',
    {
      config: PUBLIC_RATE,
      schema: { querystring: KeywordQuerySchema, response: { 200: KeywordListResponseSchema, ...sourceErrors } },
    },
    async (request) => relatedKeywords(sources, request.query.keyword),
  );

  app.post(
    '/articles/lsi',
    { config: PUBLIC_RATE, schema: { body: KeywordBodySchema, response: { 200: LsiResponseSchema, ...sourceErrors } } },
    async (request) => relatedTerms(sources, request.body.keyword),
  );

  app.get(
    '/articles/listicle-ideas',
    {
      config: PUBLIC_RATE,
      schema: {
        querystring: ListicleIdeasQuerySchema,
        response: { 200: ListicleIdeasResponseSchema, ...sourceErrors },
      },
    },
    async (request) => listicleIdeas(sources, request.query),
  );

  app.post(
    '/add-keywords',
    {
      // Visitors get a 401 before their input is validated.
      preValidation: async (request) => {
        requireMember(request);
      },
      schema: { body: AddKeywordsBodySchema, response: { 200: AddKeywordsResponseSchema, ...errorResponses } },
    },
    async (request) => ({ keywords: await addKeywords(app.db, requireMember(request).id, request.body.keyword) }),
  );
};
