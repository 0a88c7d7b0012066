import type { MediaSearchProvider, MediaSearchResult } from '../types';
import { buildUrl, commonErrorMessage, mediaGetJson } from './http';
import type { VendorOptions } from './pixabay';

type FreesoundSound = {
  id?: number;
  name?: string;
  duration?: number;
  previews?: Partial<Record<'preview-hq-mp3' | 'preview-lq-mp3' | 'preview-hq-ogg' | 'preview-lq-ogg', string>>;
  images?: Partial<Record<'waveform_m' | 'waveform_l' | 'spectral_m', string>>;
};

/**
 * Freesound APIv2 (the spec's `free-sound`, audio): `GET /apiv2/search/text/?query=&token=
 * &fields=id,name,previews,duration,images&page_size=` (token authentication, `page_size` at most
 * 150). Answers the high-quality MP3 preview, which needs no OAuth, and the waveform as thumbnail.
 */
export function freesound(options: VendorOptions): MediaSearchProvider {
  const vendor = 'Freesound';
  return {
    engine: 'free-sound',
    types: ['audio'],
    async search(query): Promise<MediaSearchResult[]> {
      if (query.type !== 'audio') return [];
      const answer = (await mediaGetJson(
        buildUrl(options.url, '/apiv2/search/text/', {
          query: query.keyword.slice(0, 200),
          token: options.apiKey,
          fields: 'id,name,previews,duration,images',
          page_size: Math.min(query.num, 150),
        }),
        { vendor, timeoutMs: options.timeoutMs, readError: (body) => ({ message: commonErrorMessage(body) }) },
      )) as { results?: FreesoundSound[] };
      return (answer.results ?? []).slice(0, query.num).flatMap((sound) => {
        const url = sound.previews?.['preview-hq-mp3'] ?? sound.previews?.['preview-lq-mp3'];
        if (!url) return [];
        return [
          {
            url,
            thumbnail: sound.images?.waveform_m ?? '',
            name:
              sound.name?.replace(/\.(wav|mp3|ogg|flac|aiff?)$/i, '').trim() || `freesound ${sound.id ?? ''}`.trim(),
            width: 0,
            height: 0,
            ...(sound.duration ? { duration: sound.duration } : {}),
          },
        ];
      });
    },
  };
}
