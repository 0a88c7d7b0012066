import { ProviderError } from '../http/provider-error';
import { providerGetJson } from './http';
import type { KeywordSuggestProvider } from './types';

export type SuggestOptions = {
  /** A URL answering `?q=` in the suggest-query format, e.g. `https://suggestqueries.google.com/complete/search?client=firefox`. */
  url: string;
  timeoutMs?: number;
};

/** Keyword suggestions in the suggest-query (OpenSearch) format: `["q", ["s1", "s2", …]]`. */
export function suggestQueries(options: SuggestOptions): KeywordSuggestProvider {
  const provider = 'Keyword suggestions';
  return {
    name: 'suggest',
    async suggest(query: string): Promise<string[]> {
      const url = new URL(options.url);
      url.searchParams.set('q', query);
      const answer = await providerGetJson(url.href, { provider, timeoutMs: options.timeoutMs });
      if (!Array.isArray(answer) || !Array.isArray(answer[1])) {
        throw new ProviderError(provider, 'bad_answer', `${provider} sent an answer not in the suggest format.`);
      }
      return (answer[1] as unknown[]).filter((s): s is string => typeof s === 'string' && s.trim() !== '');
    },
  };
}
