import { ProviderError } from '../../http/provider-error';
import type { MediaSearchProvider, MediaSearchResult, MediaType } from '../types';
import { buildUrl, int, mediaGetJson } from './http';
import type { KeylessOptions } from './openverse';

type ImageInfo = {
  url?: string;
  thumburl?: string;
  width?: number;
  height?: number;
  /** Seconds, for audio and video files. */
  duration?: number;
  mime?: string;
};
type CommonsPage = { title?: string; index?: number; imageinfo?: ImageInfo[] };
type CommonsAnswer = {
  error?: { code?: string; info?: string };
  query?: { pages?: CommonsPage[] };
};

/** `File:Red_fox_(Vulpes_vulpes).jpg` → `Red fox (Vulpes vulpes)`. */
function nameOfTitle(title: string): string {
  return title
    .replace(/^File:/, '')
    .replace(/\.[a-z0-9]+$/i, '')
    .replace(/_/g, ' ')
    .trim();
}

/** Which MIME types answer which media type; SVG is left out (a drawing, not a photo to film). */
const accepts: Record<MediaType, (mime: string) => boolean> = {
  image: (mime) => /^image\/(jpeg|png|webp|gif)$/.test(mime),
  video: (mime) => mime.startsWith('video/'),
  audio: (mime) => mime.startsWith('audio/') || mime === 'application/ogg',
};

/**
 * Wikimedia Commons (keyless) through the MediaWiki Action API: `action=query&generator=search&
 * gsrnamespace=6&gsrsearch=&prop=imageinfo&iiprop=url|size|mime&iiurlwidth=320&format=json
 * &formatversion=2`. The API reports errors with status 200 and `{ error: { code, info } }`;
 * Wikimedia asks every client to send a descriptive User-Agent, which `mediaGetJson` does.
 */
export function wikimedia(options: KeylessOptions): MediaSearchProvider {
  const vendor = 'Wikimedia Commons';
  return {
    engine: 'wikimedia',
    types: ['image', 'video', 'audio'],
    async search(query): Promise<MediaSearchResult[]> {
      const filetype = query.type === 'image' ? 'filetype:bitmap' : `filetype:${query.type}`;
      const answer = (await mediaGetJson(
        buildUrl(options.url, '', {
          action: 'query',
          generator: 'search',
          gsrnamespace: 6,
          gsrsearch: `${query.keyword.slice(0, 200)} ${filetype}`,
          gsrlimit: Math.min(query.num, 50),
          prop: 'imageinfo',
          iiprop: 'url|size|mime',
          iiurlwidth: 320,
          format: 'json',
          formatversion: 2,
        }),
        { vendor, timeoutMs: options.timeoutMs },
      )) as CommonsAnswer;
      if (answer.error) {
        throw new ProviderError(vendor, 'bad_request', `${vendor} answered ${answer.error.code}: ${answer.error.info}`);
      }
      const pages = [...(answer.query?.pages ?? [])].sort((a, b) => (a.index ?? 0) - (b.index ?? 0));
      return pages.slice(0, query.num).flatMap((page) => {
        const info = page.imageinfo?.[0];
        if (!info?.url || !page.title || !accepts[query.type](info.mime ?? '')) return [];
        return [
          {
            url: info.url,
            thumbnail: info.thumburl ?? (query.type === 'image' ? info.url : ''),
            name: nameOfTitle(page.title),
            width: int(info.width),
            height: int(info.height),
            ...(info.duration ? { duration: info.duration } : {}),
          },
        ];
      });
    },
  };
}
