import type { MediaSearchProvider, MediaSearchResult } from '../types';
import { buildUrl, commonErrorMessage, int, mediaGetJson } from './http';
import type { VendorOptions } from './pixabay';

type PexelsPhoto = {
  id?: number;
  width?: number;
  height?: number;
  alt?: string;
  photographer?: string;
  src?: Partial<Record<'original' | 'large2x' | 'large' | 'medium' | 'small' | 'tiny', string>>;
};
type PexelsVideoFile = {
  quality?: string | null;
  file_type?: string;
  width?: number | null;
  height?: number | null;
  link?: string;
};
type PexelsVideo = {
  id?: number;
  width?: number;
  height?: number;
  duration?: number;
  image?: string;
  url?: string;
  user?: { name?: string };
  video_files?: PexelsVideoFile[];
};

/** The largest MP4 no wider than Full HD, else the smallest one there is. */
function pickVideoFile(files: PexelsVideoFile[]): PexelsVideoFile | undefined {
  const mp4 = files.filter((f) => f.link && (f.file_type ?? 'video/mp4') === 'video/mp4');
  const fitting = mp4.filter((f) => int(f.width) <= 1920).sort((a, b) => int(b.width) - int(a.width));
  return fitting[0] ?? mp4.sort((a, b) => int(a.width) - int(b.width))[0];
}

/** A readable name from a Pexels page URL (`…/photo/red-car-on-road-123/` → `red car on road`). */
function nameFromPage(url: string | undefined): string | undefined {
  const slug = url?.split('/').filter(Boolean).pop();
  return (
    slug
      ?.replace(/-?\d+$/, '')
      .replace(/-/g, ' ')
      .trim() || undefined
  );
}

/**
 * Pexels API (the spec's `pexel`): `GET /v1/search?query=&per_page=` for photos and
 * `GET /videos/search?query=&per_page=` for videos, with `Authorization: <key>`. `per_page` is at
 * most 80. Photos answer the original file and size; videos the largest MP4 up to 1920 wide.
 */
export function pexels(options: VendorOptions): MediaSearchProvider {
  const vendor = 'Pexels';
  const request = {
    vendor,
    timeoutMs: options.timeoutMs,
    headers: { authorization: options.apiKey },
    readError: (body: string) => ({ message: commonErrorMessage(body) }),
  };
  return {
    engine: 'pexel',
    types: ['image', 'video'],
    async search(query): Promise<MediaSearchResult[]> {
      const params = { query: query.keyword.slice(0, 200), per_page: Math.min(query.num, 80) };
      if (query.type === 'video') {
        const answer = (await mediaGetJson(buildUrl(options.url, '/videos/search', params), request)) as {
          videos?: PexelsVideo[];
        };
        return (answer.videos ?? []).slice(0, query.num).flatMap((video) => {
          const file = pickVideoFile(video.video_files ?? []);
          if (!file?.link) return [];
          return [
            {
              url: file.link,
              thumbnail: video.image ?? '',
              name: nameFromPage(video.url) ?? `pexels video ${video.id ?? ''}`.trim(),
              width: int(file.width ?? video.width),
              height: int(file.height ?? video.height),
              ...(video.duration ? { duration: video.duration } : {}),
            },
          ];
        });
      }
      if (query.type !== 'image') return [];
      const answer = (await mediaGetJson(buildUrl(options.url, '/v1/search', params), request)) as {
        photos?: PexelsPhoto[];
      };
      return (answer.photos ?? []).slice(0, query.num).flatMap((photo) => {
        const url = photo.src?.original;
        if (!url) return [];
        return [
          {
            url,
            thumbnail: photo.src?.medium ?? photo.src?.tiny ?? url,
            name: photo.alt?.trim() || `photo by ${photo.photographer ?? 'Pexels'}`,
            width: int(photo.width),
            height: int(photo.height),
          },
        ];
      });
    },
  };
}
