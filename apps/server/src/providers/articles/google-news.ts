import { XMLParser } from 'fast-xml-parser';
import { ProviderError } from '../http/provider-error';
import { buildUrl, providerGet, textOfHtml } from './http';
import type { ArticleHit, ArticleSearchProvider, SearchOptions } from './types';

export type GoogleNewsOptions = {
  /** `https://news.google.com` or a fake's address. */
  url: string;
  timeoutMs?: number;
};

type RssItem = {
  title?: unknown;
  link?: unknown;
  description?: unknown;
  pubDate?: unknown;
  source?: { '#text'?: unknown; '@_url'?: unknown } | string;
};

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  isArray: (name) => name === 'item',
  processEntities: true,
});

/**
 * News search over Google News' RSS search feed (`/rss/search?q=&hl=&gl=&ceid=`), keyless.
 * Item titles end with " - {source}"; that suffix is dropped since the source has its own field.
 */
export function googleNewsSearch(options: GoogleNewsOptions): ArticleSearchProvider {
  const provider = 'Google News';
  return {
    name: 'google-news',
    async search({ query, count, language = 'en' }: SearchOptions): Promise<ArticleHit[]> {
      const country = 'US';
      const xml = await providerGet(
        buildUrl(options.url, '/rss/search', {
          q: query,
          hl: `${language}-${country}`,
          gl: country,
          ceid: `${country}:${language}`,
        }),
        { provider, timeoutMs: options.timeoutMs, headers: { accept: 'application/rss+xml, application/xml' } },
      );
      let parsed: { rss?: { channel?: { item?: RssItem[] } } };
      try {
        parsed = parser.parse(xml, true);
      } catch (error) {
        throw new ProviderError(
          provider,
          'bad_answer',
          `${provider} sent a feed that is not XML: ${(error as Error).message}`,
        );
      }
      if (!parsed.rss?.channel) throw new ProviderError(provider, 'bad_answer', `${provider} sent no RSS channel.`);
      const items = parsed.rss.channel.item ?? [];
      return items.slice(0, count).flatMap((item) => {
        const url = String(item.link ?? '').trim();
        const title = String(item.title ?? '').trim();
        if (!url || !title) return [];
        const source = typeof item.source === 'object' ? String(item.source['#text'] ?? '') : String(item.source ?? '');
        const suffix = source ? ` - ${source}` : '';
        const date = item.pubDate ? new Date(String(item.pubDate)) : undefined;
        return [
          {
            title: suffix && title.endsWith(suffix) ? title.slice(0, -suffix.length) : title,
            url,
            description: textOfHtml(String(item.description ?? '')),
            source: source || new URL(url).hostname,
            ...(date && !Number.isNaN(date.getTime()) ? { published: date.toISOString() } : {}),
          },
        ];
      });
    },
  };
}
