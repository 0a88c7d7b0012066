import { ProviderError } from '../http/provider-error';
import { buildUrl, providerGetJson, textOfHtml } from './http';
import type { ArticleHit, EncyclopediaProvider, SearchOptions } from './types';

export type WikipediaOptions = {
  /** The action API, `https://en.wikipedia.org/w/api.php`, or a fake's. */
  url: string;
  timeoutMs?: number;
};

type MediaWikiAnswer = {
  error?: { code?: string; info?: string };
  query?: {
    search?: { title?: string; snippet?: string; timestamp?: string }[];
    pages?: { title?: string; extract?: string; missing?: boolean }[];
  };
};

/**
 * Wikipedia through the MediaWiki action API (keyless): `list=search` finds pages, `prop=extracts`
 * with `explaintext` gives their plain text. Page URLs are built from the API's own site.
 */
export function wikipedia(options: WikipediaOptions): EncyclopediaProvider {
  const provider = 'Wikipedia';
  const site = new URL(options.url);
  const pageUrl = (title: string) => `${site.origin}/wiki/${encodeURIComponent(title.replaceAll(' ', '_'))}`;

  async function call(query: Record<string, string | number>): Promise<MediaWikiAnswer> {
    const answer = (await providerGetJson(
      buildUrl(options.url, '', { action: 'query', format: 'json', formatversion: 2, ...query }),
      {
        provider,
        timeoutMs: options.timeoutMs,
        readError: (body) => ({ message: (JSON.parse(body) as MediaWikiAnswer).error?.info }),
      },
    )) as MediaWikiAnswer;
    // MediaWiki reports most errors with status 200 and an `error` object.
    if (answer?.error) {
      const kind = answer.error.code === 'ratelimited' ? 'rate_limited' : 'bad_request';
      throw new ProviderError(provider, kind, `${provider}: ${answer.error.info ?? answer.error.code}`);
    }
    return answer;
  }

  return {
    name: 'wikipedia',
    async search({ query, count }: SearchOptions): Promise<ArticleHit[]> {
      const answer = await call({ list: 'search', srsearch: query, srlimit: Math.min(count, 50) });
      return (answer.query?.search ?? []).flatMap((page) =>
        page.title
          ? [
              {
                title: page.title,
                url: pageUrl(page.title),
                description: textOfHtml(page.snippet ?? ''),
                source: 'Wikipedia',
                ...(page.timestamp ? { published: page.timestamp } : {}),
              },
            ]
          : [],
      );
    },
    async extracts(titles: string[]) {
      if (titles.length === 0) return [];
      const answer = await call({ prop: 'extracts', explaintext: 1, exlimit: titles.length, titles: titles.join('|') });
      return (answer.query?.pages ?? []).flatMap((page) =>
        page.title && !page.missing && page.extract ? [{ title: page.title, text: page.extract }] : [],
      );
    },
  };
}
