import {
  decideAutoFetch,
  type MediaEngine,
  MediaEngineSchema,
  type MediaFetchLine,
  type MediaSearchResult,
  type MediaType,
  planMediaFetch,
} from '@reelwright/core';
import { AppError, badRequest } from '../errors';
import { generatedBackground } from '../providers/media/generated';
import type { MediaProviders } from '../providers/media/registry';
import type { MediaSearchQuery } from '../providers/media/types';

export const engineNotConfigured = (engine: string) =>
  new AppError(
    400,
    'engine_not_configured',
    `The ${engine} engine is not configured on this server. Offline engines: emojis, icons, shapes, generated.`,
    'source',
  );

/** Searches one engine by its spec name: unknown names and engines without a key are a 400. */
export async function searchMedia(
  providers: MediaProviders,
  source: string,
  query: MediaSearchQuery,
): Promise<MediaSearchResult[]> {
  const engine = MediaEngineSchema.safeParse(source);
  if (!engine.success) throw badRequest(`Unknown media engine: ${JSON.stringify(source)}.`, 'source', 'unknown_engine');
  const provider = providers.engines.get(engine.data);
  if (!provider) throw engineNotConfigured(engine.data);
  if (!provider.types.includes(query.type)) {
    throw badRequest(
      `The ${engine.data} engine has no ${query.type}; it answers ${provider.types.join(', ')}.`,
      'type',
      'engine_type_unsupported',
    );
  }
  return provider.search(query);
}

export type AutoFetchResult = MediaSearchResult & {
  /** The engine the item came from; `generated` when nothing was found. */
  engine: MediaEngine;
  type: 'image' | 'video';
};

/**
 * Spec 001 §4 for one line: asks the configured engines in the order `planMediaFetch` gives and
 * takes the first result not used yet; when all are empty (or fail), a generated background.
 * A failing engine is logged and counts as empty.
 */
export async function autoFetchMedia(
  providers: MediaProviders,
  line: MediaFetchLine,
  used: ReadonlySet<string>,
  log: (message: string) => void = () => {},
): Promise<AutoFetchResult> {
  const plan = planMediaFetch(line, providers.engines.keys());
  const answers: (MediaSearchResult[] | null)[] = [];
  for (;;) {
    const decision = decideAutoFetch(plan, answers, used);
    if (decision.kind === 'take') {
      return {
        ...decision.item,
        engine: decision.step.engine,
        type: decision.step.type === 'video' ? 'video' : 'image',
      };
    }
    if (decision.kind === 'generated') {
      return { ...(await generatedBackground(providers.cache, decision.keyword)), engine: 'generated', type: 'image' };
    }
    const { step } = decision;
    const provider = providers.engines.get(step.engine);
    try {
      answers.push(provider ? await provider.search({ keyword: step.keyword, type: step.type, num: step.num }) : null);
    } catch (error) {
      log(`media auto-fetch: ${step.engine} failed: ${error instanceof Error ? error.message : String(error)}`);
      answers.push(null);
    }
  }
}

/**
 * The engines the wizard's tabs offer (spec 001 §9): every configured one with the media types it
 * answers, in the registry's order. `library` only for a member (it searches their own items).
 */
export function offeredEngines(
  providers: MediaProviders,
  options: { member: boolean },
): { engine: MediaEngine; types: MediaType[] }[] {
  return [...providers.engines]
    .filter(([engine]) => options.member || engine !== 'library')
    .map(([engine, provider]) => ({ engine, types: [...provider.types] }));
}

export {
  assertMediaAllowed,
  assertMovieMediaUsable,
  MediaRefusedError,
  ownedMediaUrls,
  refusalSentence,
  shownUrl,
  storedMediaUsable,
} from './references';
