import { ProviderError } from '../http/provider-error';
import { buildUrl, providerGetJson } from './http';
import type { ArticleHit, ArticleSearchProvider, SearchOptions } from './types';

export type SerpApiOptions = {
  apiKey: string;
  /** `https://serpapi.com` or a fake's address (other SerpAPI-compatible services too). */
  url: string;
  timeoutMs?: number;
};

type OrganicResult = { title?: string; link?: string; snippet?: string; source?: string; date?: string };

/** SerpAPI's Google engine: `GET /search.json?engine=google&q=&api_key=&num=`. */
export function serpApiSearch(options: SerpApiOptions): ArticleSearchProvider {
  const provider = 'SerpAPI';
  return {
    name: 'serpapi',
    async search({ query, count, language }: SearchOptions): Promise<ArticleHit[]> {
      const answer = (await providerGetJson(
        buildUrl(options.url, '/search.json', {
          engine: 'google',
          q: query,
          api_key: options.apiKey,
          num: Math.min(count, 100),
          ...(language ? { hl: language } : {}),
        }),
        {
          provider,
          timeoutMs: options.timeoutMs,
          readError: (body) => ({ message: (JSON.parse(body) as { error?: string }).error }),
        },
      )) as {
        error?: string;
        search_information?: { organic_results_state?: string };
        organic_results?: OrganicResult[];
      };
      if (answer?.error) {
        // SerpAPI answers 200 with an error when Google found nothing.
        if (
          answer.search_information?.organic_results_state === 'Fully empty' ||
          /hasn't returned any results/i.test(answer.error)
        ) {
          return [];
        }
        throw new ProviderError(provider, 'bad_answer', `${provider}: ${answer.error}`);
      }
      return (answer?.organic_results ?? []).slice(0, count).flatMap((r) => {
        if (!r.link || !r.title) return [];
        return [
          {
            title: r.title,
            url: r.link,
            description: r.snippet ?? '',
            source: r.source || new URL(r.link).hostname,
            ...(r.date && !Number.isNaN(Date.parse(r.date)) ? { published: new Date(r.date).toISOString() } : {}),
          },
        ];
      });
    },
  };
}
