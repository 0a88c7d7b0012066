import type { ListicleCategory } from '@reelwright/core';
import { api } from '../../../lib/api';

/** A fetched article (docs/api.md "Articles"). */
export type FetchedArticle = {
  title: string;
  body: string;
  description: string;
  author: string;
  keywords: string[];
  /** The address the text was read from, after redirects. */
  cache: string;
};

/** Listicle ideas for a keyword; `hint` is the no-suggestion message when `ideas` is empty. */
export type ListicleIdeas = { ideas: string[]; hint?: string };

/** The content step's calls (spec 001 §7). A 422 carries the message to show. */
export const contentApi = {
  fetchArticle: (url: string, type?: string) => api.get<FetchedArticle>('/api/members/articles/fetch', { url, type }),
  listicleIdeas: (keyword: string, category: ListicleCategory) =>
    api.get<ListicleIdeas>('/api/members/articles/listicle-ideas', { keyword, category }),
};
