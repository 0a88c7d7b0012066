import type { MediaSearchProvider, MediaSearchResult } from '../types';
import { buildUrl, int, mediaGetJson } from './http';
import type { VendorOptions } from './pixabay';

type GiphyRendition = { url?: string; mp4?: string; width?: string; height?: string };
type GiphyGif = {
  id?: string;
  title?: string;
  images?: { original?: GiphyRendition; fixed_width_still?: GiphyRendition; original_still?: GiphyRendition };
};

/**
 * GIPHY API (the spec's `giphy`, a video engine): `GET /v1/gifs/search?api_key=&q=&limit=&rating=g`
 * (`limit` at most 50). Answers the original's MP4 so it plays as a video clip, with the still of
 * the fixed-width rendition as thumbnail. GIPHY gives sizes as strings and no duration.
 */
export function giphy(options: VendorOptions): MediaSearchProvider {
  const vendor = 'GIPHY';
  return {
    engine: 'giphy',
    types: ['video'],
    async search(query): Promise<MediaSearchResult[]> {
      if (query.type !== 'video') return [];
      const answer = (await mediaGetJson(
        buildUrl(options.url, '/v1/gifs/search', {
          api_key: options.apiKey,
          q: query.keyword.slice(0, 50),
          limit: Math.min(query.num, 50),
          rating: 'g',
        }),
        {
          vendor,
          timeoutMs: options.timeoutMs,
          readError: (body) => {
            const json = JSON.parse(body) as { message?: string; meta?: { msg?: string } };
            return { message: json.meta?.msg ?? json.message };
          },
        },
      )) as { data?: GiphyGif[] };
      return (answer.data ?? []).slice(0, query.num).flatMap((gif) => {
        const original = gif.images?.original;
        if (!original?.mp4) return [];
        return [
          {
            url: original.mp4,
            thumbnail: gif.images?.fixed_width_still?.url ?? gif.images?.original_still?.url ?? '',
            name: gif.title?.trim() || `giphy ${gif.id ?? ''}`.trim(),
            width: int(original.width),
            height: int(original.height),
          },
        ];
      });
    },
  };
}
