import type { ListicleCategory, SearchSource } from '@reelwright/core';
import { call } from '../../../lib/api';

/** The content step's calls (spec 001 §7). A 422 carries the message to show. */
export const contentApi = {
  fetchArticle: (url: string, type?: SearchSource) => call('articleFetch', { url, type }),
  listicleIdeas: (keyword: string, category: ListicleCategory) => call('listicleIdeas', { keyword, category }),
};
