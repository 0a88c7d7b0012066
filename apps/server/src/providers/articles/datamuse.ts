import { buildUrl, providerGetJson } from './http';
import { ArticleProviderError, type RelatedWordsProvider } from './types';

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
        throw new ArticleProviderError(provider, 'bad_answer', `${provider} sent an unexpected answer.`);
      return answer.flatMap((entry) => {
        const w = (entry as { word?: unknown }).word;
        return typeof w === 'string' && w ? [w] : [];
      });
    },
  };
}
