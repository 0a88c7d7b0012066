import type { MediaSearchProvider, MediaSearchResult } from '../types';
import { buildUrl, commonErrorMessage, int, mediaGetJson } from './http';
import type { VendorOptions } from './pixabay';

type UnsplashPhoto = {
  id?: string;
  width?: number;
  height?: number;
  description?: string | null;
  alt_description?: string | null;
  urls?: Partial<Record<'raw' | 'full' | 'regular' | 'small' | 'thumb', string>>;
};

/**
 * Unsplash API: `GET /search/photos?query=&per_page=` with `Authorization: Client-ID <key>`
 * (`per_page` at most 30). Answers `urls.full` (the photo at its own size, so `width`/`height` are
 * right) and `urls.small` as the thumbnail. Unsplash asks apps to hotlink its URLs, which we do.
 */
export function unsplash(options: VendorOptions): MediaSearchProvider {
  const vendor = 'Unsplash';
  return {
    engine: 'unsplash',
    types: ['image'],
    async search(query): Promise<MediaSearchResult[]> {
      if (query.type !== 'image') return [];
      const answer = (await mediaGetJson(
        buildUrl(options.url, '/search/photos', {
          query: query.keyword.slice(0, 200),
          per_page: Math.min(query.num, 30),
          content_filter: 'high',
        }),
        {
          vendor,
          timeoutMs: options.timeoutMs,
          headers: { authorization: `Client-ID ${options.apiKey}`, 'accept-version': 'v1' },
          readError: (body) => ({ message: commonErrorMessage(body) }),
        },
      )) as { results?: UnsplashPhoto[] };
      return (answer.results ?? []).slice(0, query.num).flatMap((photo) => {
        const url = photo.urls?.full ?? photo.urls?.regular;
        if (!url) return [];
        return [
          {
            url,
            thumbnail: photo.urls?.small ?? photo.urls?.thumb ?? url,
            name: photo.alt_description?.trim() || photo.description?.trim() || `unsplash ${photo.id ?? ''}`.trim(),
            width: int(photo.width),
            height: int(photo.height),
          },
        ];
      });
    },
  };
}
