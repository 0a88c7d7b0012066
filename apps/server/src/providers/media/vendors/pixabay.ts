import type { MediaSearchProvider, MediaSearchQuery, MediaSearchResult } from '../types';
import { buildUrl, commonErrorMessage, fitWithin, int, mediaGetJson } from './http';

export type VendorOptions = {
  /** The vendor's API key. */
  apiKey: string;
  /** The vendor's base URL (`https://pixabay.com`) or a fake's address. */
  url: string;
  timeoutMs?: number;
};

type PixabayImage = {
  id?: number;
  tags?: string;
  previewURL?: string;
  webformatURL?: string;
  largeImageURL?: string;
  imageWidth?: number;
  imageHeight?: number;
};
type PixabayVideoFile = { url?: string; width?: number; height?: number; thumbnail?: string };
type PixabayVideo = {
  id?: number;
  tags?: string;
  duration?: number;
  videos?: Partial<Record<'large' | 'medium' | 'small' | 'tiny', PixabayVideoFile>>;
};

/** Pixabay's `largeImageURL` is the picture scaled to 1280 px on its longer side. */
const LARGE_IMAGE_MAX = 1280;
/** Video renditions in order of preference: medium is 1920×1080 at most, large can be 4K. */
const VIDEO_ORDER = ['medium', 'large', 'small', 'tiny'] as const;

const nameOf = (tags: string | undefined, id: number | undefined) =>
  tags?.split(',')[0]?.trim() || `pixabay ${id ?? ''}`.trim();

/**
 * Pixabay API: `GET /api/?key=&q=&per_page=&image_type=photo&safesearch=true` for images and
 * `GET /api/videos/?key=&q=&per_page=&safesearch=true` for videos. `per_page` must be 3–200.
 * A wrong key is Pixabay's `400 [ERROR 400] Invalid or missing API key`, read as an auth failure.
 */
export function pixabay(options: VendorOptions): MediaSearchProvider {
  const vendor = 'Pixabay';
  const get = (path: string, query: MediaSearchQuery, extra: Record<string, string>) =>
    mediaGetJson(
      buildUrl(options.url, path, {
        key: options.apiKey,
        q: query.keyword.slice(0, 100),
        per_page: Math.min(Math.max(query.num, 3), 200),
        safesearch: 'true',
        ...extra,
      }),
      {
        vendor,
        timeoutMs: options.timeoutMs,
        readError: (body, status) => {
          const text = body.trim().startsWith('{') ? (commonErrorMessage(body) ?? body) : body;
          return { message: text, kind: status === 400 && /api key/i.test(text) ? 'auth' : undefined };
        },
      },
    );
  return {
    engine: 'pixabay',
    types: ['image', 'video'],
    async search(query): Promise<MediaSearchResult[]> {
      if (query.type === 'video') {
        const answer = (await get('/api/videos/', query, {})) as { hits?: PixabayVideo[] };
        return (answer.hits ?? []).slice(0, query.num).flatMap((hit) => {
          const file = VIDEO_ORDER.map((k) => hit.videos?.[k]).find((f) => f?.url);
          if (!file?.url) return [];
          return [
            {
              url: file.url,
              thumbnail: file.thumbnail ?? '',
              name: nameOf(hit.tags, hit.id),
              width: int(file.width),
              height: int(file.height),
              ...(hit.duration ? { duration: hit.duration } : {}),
            },
          ];
        });
      }
      if (query.type !== 'image') return [];
      const answer = (await get('/api/', query, { image_type: 'photo' })) as { hits?: PixabayImage[] };
      return (answer.hits ?? []).slice(0, query.num).flatMap((hit) => {
        const url = hit.largeImageURL ?? hit.webformatURL;
        if (!url) return [];
        const size = hit.largeImageURL
          ? fitWithin(int(hit.imageWidth), int(hit.imageHeight), LARGE_IMAGE_MAX)
          : fitWithin(int(hit.imageWidth), int(hit.imageHeight), 640);
        return [{ url, thumbnail: hit.webformatURL ?? hit.previewURL ?? url, name: nameOf(hit.tags, hit.id), ...size }];
      });
    },
  };
}
