import type { SearchSource } from '@reelwright/core';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api';

export type { ArticleHit } from '@reelwright/core';

const searchKey = (type: SearchSource, keyword: string) => ['articles', type, keyword.trim().toLowerCase()] as const;

const searchOptions = (type: SearchSource, keyword: string) => ({
  queryKey: searchKey(type, keyword),
  queryFn: ({ signal }: { signal: AbortSignal }) => call('articleSearch', { keyword, type }, { signal }),
  staleTime: 10 * 60_000,
  retry: false,
});

/** The article list of a search source for a keyword (spec 001 §7 `articles/search`). */
export const useArticleSearch = (type: SearchSource, keyword: string) => useQuery(searchOptions(type, keyword));

/** Starts a search early (the keyword step prefetches ezine results); the content step then finds it cached. */
export const prefetchArticleSearch = (client: QueryClient, type: SearchSource, keyword: string) =>
  client.prefetchQuery(searchOptions(type, keyword));

/** Aborts a prefetch that is no longer wanted (the keyword or the source changed). */
export const cancelArticleSearch = (client: QueryClient, type: SearchSource, keyword: string) =>
  client.cancelQueries({ queryKey: searchKey(type, keyword) });
