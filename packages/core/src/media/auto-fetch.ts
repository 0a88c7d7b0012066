import type { MediaEngine, MediaType } from './engines';

/** Spec 001 §4: the engines the wizard tries in turn for a line without media. */
export const AUTO_FETCH_CHAIN = ['pixabay', 'unsplash', 'pexel', 'google'] as const satisfies readonly MediaEngine[];
/** Spec 001 §4: where a line falls when the chain found nothing, and where an emphasised line goes first. */
export const AUTO_FETCH_FALLBACK = 'google-images' as const satisfies MediaEngine;
/** Results asked per engine for an ordinary line (spec 001 §4 and §7). */
export const AUTO_FETCH_NUM = 50;
/** Results asked for an `**emphasised**` line and for the google-images fall-back (spec 001 §4, §9). */
export const AUTO_FETCH_EMPHASISED_NUM = 10;

/** One question to one engine. */
export type MediaFetchStep = {
  engine: MediaEngine;
  type: MediaType;
  keyword: string;
  num: number;
  /** Why this step is there: the main chain, or the google-images fall-back. */
  role: 'chain' | 'fallback';
};

/** What to ask, in which order, for one slide line; then a generated background if all are empty. */
export type MediaFetchPlan = {
  keyword: string;
  emphasised: boolean;
  steps: MediaFetchStep[];
};

export type MediaFetchLine = {
  /** The slide line as written, possibly `**wrapped in double asterisks**`. */
  text: string;
  /** Spec 001 §4: the first line of the first slide asks pixabay for a video. */
  firstLineOfFirstSlide?: boolean;
};

const EMPHASISED = /^\s*\*\*([\s\S]*?)\*\*\s*$/;

/** The words to search for: the line without emphasis marks, whitespace collapsed. */
export function mediaKeywordOf(text: string): { keyword: string; emphasised: boolean } {
  const match = EMPHASISED.exec(text);
  const inner = match ? (match[1] ?? '') : text;
  const keyword = inner.replace(/\*+/g, ' ').replace(/\s+/g, ' ').trim();
  return { keyword, emphasised: match !== null && keyword !== '' };
}

/**
 * Spec 001 §4, media auto-fetch, as data: for a line and the engines configured, which engines to
 * ask in which order and for how many results.
 *
 * - An ordinary line asks pixabay, unsplash, pexel and google in turn (the configured ones) for 50
 *   results each, then falls back to google images for 10. The first line of the first slide asks
 *   pixabay for a video.
 * - An `**emphasised**` line asks google images for 10 first; so that it still finds something
 *   where google images is not configured (offline, or no key), the chain follows, also asking 10.
 * - A blank line asks nothing. Whatever is not configured is left out; when no step is left, or
 *   all answer nothing new, `decideAutoFetch` chooses a generated background.
 */
export function planMediaFetch(line: MediaFetchLine, configured: Iterable<MediaEngine>): MediaFetchPlan {
  const available = new Set(configured);
  const { keyword, emphasised } = mediaKeywordOf(line.text);
  if (keyword === '') return { keyword, emphasised: false, steps: [] };

  const num = emphasised ? AUTO_FETCH_EMPHASISED_NUM : AUTO_FETCH_NUM;
  const fallback: MediaFetchStep = {
    engine: AUTO_FETCH_FALLBACK,
    type: 'image',
    keyword,
    num: AUTO_FETCH_EMPHASISED_NUM,
    role: 'fallback',
  };
  const chain = AUTO_FETCH_CHAIN.filter((engine) => available.has(engine)).map(
    (engine): MediaFetchStep => ({
      engine,
      type: engine === 'pixabay' && line.firstLineOfFirstSlide ? 'video' : 'image',
      keyword,
      num,
      role: 'chain',
    }),
  );
  const withFallback = available.has(AUTO_FETCH_FALLBACK);
  const steps = emphasised
    ? [...(withFallback ? [fallback] : []), ...chain]
    : [...chain, ...(withFallback ? [fallback] : [])];
  return { keyword, emphasised, steps };
}

/** A 32-bit FNV-1a hash of the keyword: the seed of its generated background (same words, same picture). */
export function generatedBackgroundSeed(keyword: string): number {
  let hash = 0x811c9dc5;
  for (const byte of new TextEncoder().encode(keyword.trim().toLowerCase())) {
    hash ^= byte;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash >>> 0;
}

/** The next thing to do for a plan, given the answers so far. */
export type AutoFetchDecision<T> =
  | { kind: 'ask'; index: number; step: MediaFetchStep }
  | { kind: 'take'; index: number; step: MediaFetchStep; item: T }
  | { kind: 'generated'; keyword: string; seed: number };

/**
 * Walks a plan: `answers[i]` is what step `i` returned (`null` when the engine failed, which counts
 * as empty). Takes the first result of the first answering step whose URL is not used yet in the
 * project (spec 001 §4); asks the next step while there is one; else a generated background.
 */
export function decideAutoFetch<T extends { url: string }>(
  plan: MediaFetchPlan,
  answers: readonly (readonly T[] | null)[],
  used: ReadonlySet<string>,
): AutoFetchDecision<T> {
  for (const [index, step] of plan.steps.entries()) {
    if (index >= answers.length) return { kind: 'ask', index, step };
    const item = pickFirstUnused(answers[index] ?? [], used);
    if (item) return { kind: 'take', index, step, item };
  }
  return { kind: 'generated', keyword: plan.keyword, seed: generatedBackgroundSeed(plan.keyword) };
}

/** The first result not used yet in the project, or null. */
export function pickFirstUnused<T extends { url: string }>(results: readonly T[], used: ReadonlySet<string>): T | null {
  return results.find((result) => result.url !== '' && !used.has(result.url)) ?? null;
}
