import { ProviderError } from '../http/provider-error';
import { buildUrl, providerGetJson, textOfHtml } from './http';
import type { ArticleHit, ArticleSearchProvider, SearchOptions } from './types';

export type BraveSearchOptions = {
  apiKey: string;
  /** `https://api.search.brave.com` or a fake's address. */
  url: string;
  timeoutMs?: number;
};

type BraveResult = {
  title?: string;
  url?: string;
  description?: string;
  page_age?: string;
  age?: string;
  profile?: { name?: string };
  meta_url?: { hostname?: string };
};

/** Brave Search API web search: `GET /res/v1/web/search?q=&count=` with `X-Subscription-Token`. */
export function braveSearch(options: BraveSearchOptions): ArticleSearchProvider {
  const provider = 'Brave Search';
  return {
    name: 'brave',
    async search({ query, count, language }: SearchOptions): Promise<ArticleHit[]> {
      const answer = (await providerGetJson(
        buildUrl(options.url, '/res/v1/web/search', {
          q: query,
          count: Math.min(count, 20),
          ...(language ? { search_lang: language } : {}),
        }),
        {
          provider,
          timeoutMs: options.timeoutMs,
          headers: { accept: 'application/json', 'x-subscription-token': options.apiKey },
          readError: (body) => {
            const error = (JSON.parse(body) as { error?: { code?: string; detail?: string } }).error;
            return error ? { message: [error.code, error.detail].filter(Boolean).join(': ') } : undefined;
          },
        },
      )) as { type?: string; web?: { results?: BraveResult[] } };
      if (answer?.type !== 'search')
        throw new ProviderError(provider, 'bad_answer', `${provider} sent an unexpected answer.`);
      return (answer.web?.results ?? []).slice(0, count).flatMap((r) => {
        if (!r.url || !r.title) return [];
        const published = r.page_age ? new Date(r.page_age) : undefined;
        return [
          {
            title: textOfHtml(r.title),
            url: r.url,
            description: textOfHtml(r.description ?? ''),
            source: r.profile?.name || r.meta_url?.hostname || new URL(r.url).hostname,
            ...(published && !Number.isNaN(published.getTime()) ? { published: published.toISOString() } : {}),
          },
        ];
      });
    },
  };
}
