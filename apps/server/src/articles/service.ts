import type { LISTICLE_CATEGORIES } from '@reelwright/core';
import { messages } from '@reelwright/core';
import { desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { AppError } from '../errors';
import type { ArticleSources } from '../providers/articles/registry';
import type { ArticleHit, ArticleType } from '../providers/articles/types';
import { ProviderError } from '../providers/http/provider-error';
import { lsiTerms } from './lsi';
import { memberKeywords } from './tables';

const SEARCH_COUNT = 20;
const RELATED_MAX = 50;
/** Spec 001 §4: an empty search suggests the next source. */
const NEXT_SOURCE: Record<ArticleType, ArticleType> = { ezine: 'news', news: 'blog', blog: 'ezine' };

/** What a member can do instead when an article search fails: the sources that need no search. */
export const OTHER_SOURCES_HINT = 'You can paste the article text or import it from a link instead.';

/**
 * A vendor failure as the member sees it: 429 rate limited, 504 time-out, else 502. A failed
 * article search also names the sources that work without one (`otherSources`).
 */
export function providerFailure(error: unknown, options: { otherSources?: boolean } = {}): unknown {
  if (!(error instanceof ProviderError)) return error;
  const hint = options.otherSources ? ` ${OTHER_SOURCES_HINT}` : '';
  if (error.kind === 'rate_limited') {
    return new AppError(
      429,
      'provider_rate_limited',
      `${error.provider} is receiving too many requests; please try again in a minute.${hint}`,
    );
  }
  if (error.kind === 'timeout') return new AppError(504, 'provider_timeout', `${error.message}${hint}`);
  return new AppError(502, 'provider_unavailable', `${error.message}${hint}`);
}

/** Asks each provider in turn until one finds something; all failing throws the first failure. */
async function firstAnswer<T>(calls: (() => Promise<T[]>)[]): Promise<T[]> {
  let failure: unknown;
  for (const call of calls) {
    try {
      const found = await call();
      if (found.length > 0) return found;
    } catch (error) {
      failure ??= error;
    }
  }
  if (failure && calls.length > 0) throw providerFailure(failure, { otherSources: true });
  return [];
}

/** `GET articles/search`: the article list of spec 001 §2, or an empty one with a hint. */
export async function searchArticles(
  sources: ArticleSources,
  input: { keyword: string; type: ArticleType },
): Promise<{ articles: ArticleHit[]; hint?: string; next?: ArticleType }> {
  const { keyword, type } = input;
  const providers = sources.search[type];
  if (providers.length === 0) {
    return {
      articles: [],
      hint: `${type} article search is not configured on this server. Paste the article or import it from a URL instead.`,
      next: NEXT_SOURCE[type],
    };
  }
  const query = type === 'blog' ? `${keyword} blog` : keyword;
  const articles = await firstAnswer(providers.map((p) => () => p.search({ query, count: SEARCH_COUNT })));
  if (articles.length > 0) return { articles };
  return { articles, hint: messages.noArticlesFound(type, keyword), next: NEXT_SOURCE[type] };
}

function uniqueWords(lists: string[][], exclude: string, max: number): string[] {
  const seen = new Set([exclude.toLowerCase()]);
  const out: string[] = [];
  for (const word of lists.flat()) {
    const key = word.trim().toLowerCase();
    if (!key || seen.has(key)) continue;
    seen.add(key);
    out.push(word.trim());
    if (out.length >= max) break;
  }
  return out;
}

/** Runs the calls side by side; answers the ones that worked, or throws when every one failed. */
async function settledLists(calls: Promise<string[]>[]): Promise<string[][]> {
  const settled = await Promise.allSettled(calls);
  const lists = settled.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
  const failed = settled.find((s): s is PromiseRejectedResult => s.status === 'rejected');
  if (lists.length === 0 && failed) throw providerFailure(failed.reason);
  return lists;
}

/** `GET articles/related-kw`: search-box suggestions first, then Datamuse's related words. */
export async function relatedKeywords(
  sources: ArticleSources,
  keyword: string,
): Promise<{ keywords: string[]; hint?: string }> {
  const calls = [sources.suggest?.suggest(keyword), sources.related?.related(keyword, RELATED_MAX)].filter(
    (c): c is Promise<string[]> => c !== undefined,
  );
  if (calls.length === 0) return { keywords: [], hint: 'Keyword suggestions are not configured on this server.' };
  return { keywords: uniqueWords(await settledLists(calls), keyword, RELATED_MAX) };
}

/** `POST articles/lsi`: terms that co-occur with the keyword (Wikipedia), then related words. */
export async function relatedTerms(
  sources: ArticleSources,
  keyword: string,
): Promise<{ terms: string[]; hint?: string }> {
  const { encyclopedia, related } = sources;
  const calls: Promise<string[]>[] = [];
  if (encyclopedia) {
    calls.push(
      (async () => {
        const pages = await encyclopedia.search({ query: keyword, count: 3 });
        const extracts = await encyclopedia.extracts(pages.map((p) => p.title));
        return lsiTerms(
          keyword,
          extracts.map((e) => e.text),
        );
      })(),
    );
  }
  if (related) calls.push(related.related(keyword, 30));
  if (calls.length === 0) return { terms: [], hint: 'Related terms are not configured on this server.' };
  const terms = uniqueWords(await settledLists(calls), keyword, RELATED_MAX);
  return terms.length > 0 ? { terms } : { terms, hint: `No related terms found for ${keyword}.` };
}

/** Search-box prefixes per listicle category; the suggestions complete them. */
const LISTICLE_TEMPLATES: Record<(typeof LISTICLE_CATEGORIES)[number], string[]> = {
  top: ['top {kw}', 'best {kw}'],
  negative: ['worst {kw}', '{kw} mistakes', '{kw} problems'],
  funny: ['funny {kw}', '{kw} jokes'],
  other: ['{kw} ideas', '{kw} tips', '{kw} facts'],
};

/** Listicle idea suggestions for a category (spec 001 §2), or the spec's no-suggestion message. */
export async function listicleIdeas(
  sources: ArticleSources,
  input: { keyword: string; category: (typeof LISTICLE_CATEGORIES)[number] },
): Promise<{ ideas: string[]; hint?: string }> {
  const { keyword, category } = input;
  const none = messages.noListicleSuggestions(category, keyword);
  const { suggest } = sources;
  if (!suggest) return { ideas: [], hint: none };
  const prefixes = LISTICLE_TEMPLATES[category].map((t) => t.replace('{kw}', keyword));
  const lists = await settledLists(prefixes.map((p) => suggest.suggest(p)));
  const ideas = uniqueWords(lists, '', 20);
  return ideas.length > 0 ? { ideas } : { ideas, hint: none };
}

/** The wizard's comma-separated keywords, trimmed, lower-cased and de-duplicated (at most 20). */
export function splitKeywords(keyword: string): string[] {
  const words = keyword
    .split(',')
    .map((k) => k.replace(/\s+/g, ' ').trim().toLowerCase().slice(0, 200))
    .filter(Boolean);
  return [...new Set(words)].slice(0, 20);
}

/** `POST add-keywords`: records the member's keywords; answers their most recent ones. */
export async function addKeywords(db: Db, userId: number, keyword: string): Promise<string[]> {
  const words = splitKeywords(keyword);
  if (words.length > 0) {
    await db
      .insert(memberKeywords)
      .values(words.map((k) => ({ userId, keyword: k })))
      .onConflictDoUpdate({
        target: [memberKeywords.userId, memberKeywords.keyword],
        set: { uses: sql`${memberKeywords.uses} + 1`, lastUsedAt: sql`now()` },
      });
  }
  const rows = await db
    .select({ keyword: memberKeywords.keyword })
    .from(memberKeywords)
    .where(eq(memberKeywords.userId, userId))
    .orderBy(desc(memberKeywords.lastUsedAt), memberKeywords.keyword)
    .limit(50);
  return rows.map((r) => r.keyword);
}

// What other domains use of articles: importing one from its address (the maker's URL source).
export { fetchArticle } from './extract';
