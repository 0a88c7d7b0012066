/**
 * The video optimizer (spec 000 §3–5; issue 21): a title, a description and tags for one of the
 * member's projects and a target keyword. The rules are core's and work offline; the keyword
 * source adds related keywords when it answers, and a configured language model may rewrite the
 * title and the description's summary (never required, D67).
 */
import {
  cutAtWord,
  descriptionParts,
  joinDescription,
  messages,
  movieDuration,
  movieSections,
  type OptimizeInput,
  type OptimizeResponse,
  type OptimizerInput,
  optimizeVideo,
  TITLE_MAX_CHARS,
  upgradeProjectData,
} from '@reelwright/core';
import { authorize, type Member } from '../accounts/service';
import { relatedKeywords } from '../articles/service';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { AppError } from '../errors';
import { loadProject } from '../projects/service';
import { type ArticleSources, createArticleSources } from '../providers/articles/registry';
import { ProviderError } from '../providers/http/provider-error';
import { type ChatMessage, type ChatModel, createChatModel } from '../providers/llm/chat-completions';

/** Related keywords the tags take: the rest of the 500 characters go to the video's own phrases. */
const RELATED_TAGS = 10;
/** The video's text the model reads, at most (a few minutes of narration). */
const MODEL_TEXT_CHARS = 6000;

export type OptimizerDeps = {
  db: Db;
  /** Where related keywords come from; a failure there costs the tags only. */
  sources: ArticleSources;
  /** The language model of the rewrite; null when none is configured. */
  chat: ChatModel | null;
  log(message: string): void;
};

/** The member waits for the optimizer: related keywords get this long, then the tags go without. */
const RELATED_TIMEOUT_MS = 5000;

/** The optimizer's sources and model as the config names them; `overrides` stand in for them (tests). */
export function optimizerDeps(
  db: Db,
  config: Config,
  log: (message: string) => void,
  overrides: { sources?: ArticleSources; chat?: ChatModel | null } = {},
): OptimizerDeps {
  return {
    db,
    sources: overrides.sources ?? createArticleSources(config.articles, RELATED_TIMEOUT_MS),
    chat: overrides.chat !== undefined ? overrides.chat : createChatModel(config.llm),
    log,
  };
}

export const rewriteNotConfigured = () =>
  new AppError(
    501,
    'not_configured',
    'Rewriting with a language model is not configured on this server: set LLM_API_KEY (and LLM_URL, LLM_MODEL for a compatible server). The optimizer works without it.',
  );

/** `POST optimizer`: the offline result for the project and keyword, or the spec's no-results message. */
export async function optimizeProject(deps: OptimizerDeps, member: Member, input: OptimizeInput) {
  const { request, result } = await optimizerRun(deps, member, input);
  return answer(deps, request.keyword, result);
}

/**
 * `POST optimizer/rewrite`: the same result with its title and the description's summary
 * rewritten by the language model. The title is cut to 100 characters and the timestamp lines
 * are the rules' own, so chapters stay valid whatever the model writes.
 */
export async function rewriteOptimized(
  deps: OptimizerDeps,
  member: Member,
  input: OptimizeInput,
): Promise<OptimizeResponse> {
  authorize(member, 'optimizer');
  if (!deps.chat) throw rewriteNotConfigured();
  const { request, result } = await optimizerRun(deps, member, input);
  if (!result) return answer(deps, request.keyword, result);
  const { summary, chapters } = descriptionParts(request);
  const reply = await deps.chat.complete(rewritePrompt(request, result.title, summary), {
    temperature: 0.7,
    maxTokens: 700,
  });
  const rewritten = parseRewrite(reply);
  return {
    result: {
      title: cutAtWord(rewritten.title, TITLE_MAX_CHARS),
      description: joinDescription(rewritten.summary, chapters),
      tags: result.tags,
    },
    rewriteOffered: true,
  };
}

function answer(deps: OptimizerDeps, keyword: string, result: OptimizeResponse['result']): OptimizeResponse {
  const rewriteOffered = deps.chat !== null;
  return result
    ? { result, rewriteOffered }
    : { result: null, message: messages.noOptimizerResults(keyword), rewriteOffered };
}

/** Checks the plan, loads the project (404 when not the member's) and runs the offline rules. */
async function optimizerRun(deps: OptimizerDeps, member: Member, input: OptimizeInput) {
  authorize(member, 'optimizer');
  const project = await loadProject(deps.db, { userId: member.id, query: { id: input.pid } });
  const upgraded = upgradeProjectData(project.data);
  const movie = upgraded.ok ? upgraded.data.video : { frames: [] };
  const request: OptimizerInput = {
    keyword: input.keyword,
    sections: movieSections(movie),
    duration: movieDuration(movie),
    title: videoTitle(project),
    relatedKeywords: await relatedOrNone(deps, input.keyword),
  };
  return { request, result: optimizeVideo(request) };
}

/** The project's title, else a name the member gave it (not one the app made up). */
function videoTitle(project: { title: string; name: string }): string | undefined {
  const made = [messages.defaultProjectName, messages.defaultSuggestedName] as string[];
  const name = project.name.trim();
  return project.title.trim() || (made.includes(name) ? undefined : name) || undefined;
}

/** Related keywords from the keyword source, or none when it is off or fails (the rules need none). */
async function relatedOrNone(deps: OptimizerDeps, keyword: string): Promise<string[]> {
  try {
    return (await relatedKeywords(deps.sources, keyword)).keywords.slice(0, RELATED_TAGS);
  } catch (error) {
    deps.log(`optimizer: related keywords for "${keyword}" failed, tags go without: ${(error as Error).message}`);
    return [];
  }
}

function rewritePrompt(request: OptimizerInput, title: string, summary: string): ChatMessage[] {
  const text = request.sections
    .map((section) => section.text.trim())
    .filter(Boolean)
    .join('\n\n')
    .slice(0, MODEL_TEXT_CHARS);
  return [
    {
      role: 'system',
      content: [
        'You improve the title and description of a video for search on video sites.',
        'Answer with one JSON object only: {"title": "...", "summary": "..."}.',
        `title: at most ${TITLE_MAX_CHARS} characters, with the target keyword near the start; no quotes, hashtags or emojis.`,
        'summary: two to four sentences about what the video says, using the keyword naturally; you may set key points in *bold*; no timestamps, links or hashtags.',
        "Write in the video's language.",
      ].join('\n'),
    },
    {
      role: 'user',
      content: `Target keyword: ${request.keyword}\nCurrent title: ${title}\nCurrent summary: ${summary}\n\nThe video's text:\n${text}`,
    },
  ];
}

/** The model's JSON (fenced or with words around it); a reply without a title and summary is a bad answer. */
export function parseRewrite(reply: string): { title: string; summary: string } {
  const start = reply.indexOf('{');
  const end = reply.lastIndexOf('}');
  let parsed: unknown;
  try {
    parsed = start >= 0 && end > start ? JSON.parse(reply.slice(start, end + 1)) : undefined;
  } catch {
    parsed = undefined;
  }
  const { title, summary } = (parsed ?? {}) as { title?: unknown; summary?: unknown };
  const clean = (value: unknown) => (typeof value === 'string' ? value.replace(/[ \t]+/g, ' ').trim() : '');
  const summaryLines = clean(summary)
    .split('\n')
    // The timestamp lines are ours: a model's own would break the chapters.
    .filter((line) => !/^\s*(?:\d+:)?\d{1,2}:\d{2}\b/.test(line));
  const result = {
    title: clean(title)
      .replace(/\s+/g, ' ')
      .replace(/^["“'](.*)["”']$/, '$1'),
    summary: summaryLines.join('\n').trim(),
  };
  if (result.title === '' || result.summary === '') {
    throw new ProviderError(
      'language model',
      'bad_answer',
      'The language model did not answer with a title and a summary. Try again, or use the optimizer’s own result.',
    );
  }
  return result;
}
