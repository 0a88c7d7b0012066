import { ProviderError } from '../http/provider-error';
import { buildUrl, providerGetJson } from './http';
import type { RelatedWordsProvider } from './types';

export type DatamuseOptions = {
  /** `https://api.datamuse.com` or a fake's address. */
  url: string;
  timeoutMs?: number;
};

/** Datamuse words with a similar meaning: `GET /words?ml=&max=` → `[{ word, score }]`. */
export function datamuse(options: DatamuseOptions): RelatedWordsProvider {
  const provider = 'Datamuse';
  return {
    name: 'datamuse',
    async related(word: string, max: number): Promise<string[]> {
      const answer = await providerGetJson(buildUrl(options.url, '/words', { ml: word, max }), {
        provider,
        timeoutMs: options.timeoutMs,
      });
      if (!Array.isArray(answer))
        throw new ProviderError(provider, 'bad_answer', `${provider} sent an unexpected answer.`);
      return answer.flatMap((entry) => {
        const w = (entry as { word?: unknown }).word;
        return typeof w === 'string' && w ? [w] : [];
      });
    },
  };
}
