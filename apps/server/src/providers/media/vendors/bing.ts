import type { MediaSearchProvider, MediaSearchResult } from '../types';
import { buildUrl, int, mediaGetJson } from './http';
import type { VendorOptions } from './pixabay';

type BraveImage = {
  title?: string;
  url?: string;
  thumbnail?: { src?: string; width?: number; height?: number };
  properties?: { url?: string; width?: number; height?: number };
};

/**
 * The spec's `bing` engine. Microsoft retired the Bing Search APIs (including Bing Image Search) in
 * August 2025, so `bing` is served by a current web image search: the Brave Search API's
 * `GET /res/v1/images/search?q=&count=&safesearch=strict` with `X-Subscription-Token` (the same
 * key as the article web search). `count` is at most 200 (we ask 100 at most).
 */
export function bingViaBraveImages(options: VendorOptions): MediaSearchProvider {
  const vendor = 'Brave Image Search';
  return {
    engine: 'bing',
    types: ['image'],
    async search(query): Promise<MediaSearchResult[]> {
      if (query.type !== 'image') return [];
      const answer = (await mediaGetJson(
        buildUrl(options.url, '/res/v1/images/search', {
          q: query.keyword.slice(0, 400),
          count: Math.min(query.num, 100),
          safesearch: 'strict',
        }),
        {
          vendor,
          timeoutMs: options.timeoutMs,
          headers: { 'x-subscription-token': options.apiKey },
          readError: (body) => {
            const error = (JSON.parse(body) as { error?: { code?: string; detail?: string } }).error;
            return { message: error ? [error.code, error.detail].filter(Boolean).join(': ') : undefined };
          },
        },
      )) as { results?: BraveImage[] };
      return (answer.results ?? []).slice(0, query.num).flatMap((image) => {
        const url = image.properties?.url;
        if (!url) return [];
        return [
          {
            url,
            thumbnail: image.thumbnail?.src ?? url,
            name: image.title?.trim() || 'image',
            width: int(image.properties?.width),
            height: int(image.properties?.height),
          },
        ];
      });
    },
  };
}
