import type { MediaSearchProvider, MediaSearchResult } from '../types';
import { buildUrl, commonErrorMessage, int, mediaGetJson } from './http';

export type KeylessOptions = {
  /** The API's base URL or a fake's address. */
  url: string;
  timeoutMs?: number;
};

type OpenverseItem = {
  id?: string;
  title?: string | null;
  url?: string;
  thumbnail?: string | null;
  width?: number | null;
  height?: number | null;
  /** Audio only, in milliseconds. */
  duration?: number | null;
  creator?: string | null;
};

/** Anonymous Openverse requests may ask 20 results a page at most. */
const ANONYMOUS_PAGE_SIZE = 20;

/**
 * Openverse (keyless, openly licensed media): `GET /v1/images/?q=&page_size=` and
 * `GET /v1/audio/?q=&page_size=`, anonymous. Audio durations come in milliseconds.
 */
export function openverse(options: KeylessOptions): MediaSearchProvider {
  const vendor = 'Openverse';
  return {
    engine: 'openverse',
    types: ['image', 'audio'],
    async search(query): Promise<MediaSearchResult[]> {
      if (query.type === 'video') return [];
      const path = query.type === 'audio' ? '/v1/audio/' : '/v1/images/';
      const answer = (await mediaGetJson(
        buildUrl(options.url, path, {
          q: query.keyword.slice(0, 200),
          page_size: Math.min(query.num, ANONYMOUS_PAGE_SIZE),
        }),
        { vendor, timeoutMs: options.timeoutMs, readError: (body) => ({ message: commonErrorMessage(body) }) },
      )) as { results?: OpenverseItem[] };
      return (answer.results ?? []).slice(0, query.num).flatMap((item) => {
        if (!item.url) return [];
        return [
          {
            url: item.url,
            thumbnail: item.thumbnail ?? (query.type === 'image' ? item.url : ''),
            name: item.title?.trim() || `openverse ${item.id ?? ''}`.trim(),
            width: int(item.width),
            height: int(item.height),
            ...(item.duration ? { duration: item.duration / 1000 } : {}),
          },
        ];
      });
    },
  };
}
