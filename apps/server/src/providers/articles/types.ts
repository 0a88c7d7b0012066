/**
 * The article and keyword sources behind `articles/`: small interfaces, one adapter per vendor
 * (registry.ts picks those configured), each with a loopback fake in packages/testkit/src/articles.
 */

/** The spec's article search types (spec 001 §2): ezine is a web search, news and blog as named. */
export const ARTICLE_TYPES = ['ezine', 'news', 'blog'] as const;
export type ArticleType = (typeof ARTICLE_TYPES)[number];

/** One search result, as the article list shows it. */
export type ArticleHit = {
  title: string;
  url: string;
  description: string;
  /** The site or publication, e.g. "BBC News" or "example.com". */
  source: string;
  /** ISO 8601, where the vendor says. */
  published?: string;
};

export type SearchOptions = { query: string; count: number; language?: string };

/** Finds articles about a query (Google News RSS, Brave, SerpAPI, Wikipedia). */
export interface ArticleSearchProvider {
  readonly name: string;
  search(options: SearchOptions): Promise<ArticleHit[]>;
}

/** Completes a query as a search box does (the suggest-query format). */
export interface KeywordSuggestProvider {
  readonly name: string;
  suggest(query: string): Promise<string[]>;
}

/** Words related in meaning (Datamuse `ml`). */
export interface RelatedWordsProvider {
  readonly name: string;
  related(word: string, max: number): Promise<string[]>;
}

/** Plain-text extracts of encyclopedia pages about a query (Wikipedia), for LSI terms. */
export interface EncyclopediaProvider extends ArticleSearchProvider {
  extracts(titles: string[]): Promise<{ title: string; text: string }[]>;
}

// A source fails with a ProviderError (`providers/http/provider-error.ts`, D64): `auth`,
// `rate_limited`, `timeout`, `unavailable`, `bad_request` or `bad_answer`, with Retry-After.
