import type { MediaEngine } from '@reelwright/core';
import type { ProviderErrorKind } from '../../http/provider-error';
import type { MediaSearchProvider, MediaSearchResult } from '../types';
import { buildUrl, commonErrorMessage, int, mediaGetJson } from './http';

export type GoogleOptions = {
  apiKey: string;
  /** The Google API base (`https://www.googleapis.com`) or a fake's address. */
  url: string;
  timeoutMs?: number;
};

/**
 * Google's error body `{ error: { code, message, errors: [{ reason }] } }`: an invalid key is a 400
 * `keyInvalid` / `API_KEY_INVALID`, a spent quota a 403 `quotaExceeded` / `dailyLimitExceeded`.
 */
export function readGoogleError(body: string): { message?: string; kind?: ProviderErrorKind } {
  const error = (JSON.parse(body) as { error?: { message?: string; errors?: { reason?: string }[] } }).error;
  const reasons = (error?.errors ?? []).map((e) => e.reason ?? '').join(' ') + (error?.message ?? '');
  const kind: ProviderErrorKind | undefined = /quota|rateLimit|dailyLimit/i.test(reasons)
    ? 'rate_limited'
    : /keyInvalid|API key not valid|API_KEY_INVALID/i.test(reasons)
      ? 'auth'
      : undefined;
  return { message: error?.message ?? commonErrorMessage(body), kind };
}

type GoogleItem = {
  title?: string;
  link?: string;
  image?: { width?: number; height?: number; thumbnailLink?: string };
};

/**
 * Google Programmable Search (Custom Search JSON API) image search: `GET /customsearch/v1?key=&cx=
 * &q=&searchType=image&num=&safe=active`; `num` is at most 10. It serves both the spec's `google`
 * engine and its `google-images` fall-back (spec 001 §4), which are the same search today.
 */
export function googleImages(engine: MediaEngine, options: GoogleOptions & { cx: string }): MediaSearchProvider {
  const vendor = 'Google Programmable Search';
  return {
    engine,
    types: ['image'],
    async search(query): Promise<MediaSearchResult[]> {
      if (query.type !== 'image') return [];
      const answer = (await mediaGetJson(
        buildUrl(options.url, '/customsearch/v1', {
          key: options.apiKey,
          cx: options.cx,
          q: query.keyword.slice(0, 200),
          searchType: 'image',
          num: Math.min(query.num, 10),
          safe: 'active',
        }),
        { vendor, timeoutMs: options.timeoutMs, readError: readGoogleError },
      )) as { items?: GoogleItem[] };
      return (answer.items ?? []).slice(0, query.num).flatMap((item) => {
        if (!item.link) return [];
        return [
          {
            url: item.link,
            thumbnail: item.image?.thumbnailLink ?? item.link,
            name: item.title?.trim() || 'google image',
            width: int(item.image?.width),
            height: int(item.image?.height),
          },
        ];
      });
    },
  };
}
