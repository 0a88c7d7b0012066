import { type FakeSource, startFakeSource } from '../articles/fake-server';
import { FAKE_MEDIA, type FakeMediaItem, findMedia, slug } from './catalogue';

/**
 * Freesound APIv2 on 127.0.0.1: `GET /apiv2/search/text/?query=&token=&fields=&page_size=` answers
 * `{ count, next, previous, results }` with only the `fields` asked for. Errors are `{ detail }`.
 */
export function startFakeFreesound(
  items: FakeMediaItem[] = FAKE_MEDIA,
  token = 'freesound-test-key',
): Promise<FakeSource> {
  return startFakeSource({
    handle(request) {
      const auth = request.query.get('token') ?? request.headers.authorization?.replace(/^Token /, '');
      if (auth !== token) return this.errorReply(401, 'Invalid token.');
      if (request.path !== '/apiv2/search/text/') return this.errorReply(404, 'Not found.');
      const fields = (request.query.get('fields') ?? 'id,name,tags,username,license').split(',');
      const pageSize = Math.min(Number(request.query.get('page_size') ?? 15), 150);
      const found = findMedia(items, 'audio', request.query.get('query') ?? '').slice(0, pageSize);
      const base = 'https://cdn.freesound.example';
      return {
        status: 200,
        body: {
          count: found.length,
          next: null,
          previous: null,
          results: found.map((item) => {
            const all: Record<string, unknown> = {
              id: item.id,
              name: `${slug(item.title)}.wav`,
              tags: item.tags,
              username: 'tester',
              license: 'http://creativecommons.org/publicdomain/zero/1.0/',
              duration: item.duration ?? 0,
              previews: {
                'preview-hq-mp3': `${base}/previews/${item.id}-hq.mp3`,
                'preview-lq-mp3': `${base}/previews/${item.id}-lq.mp3`,
                'preview-hq-ogg': `${base}/previews/${item.id}-hq.ogg`,
                'preview-lq-ogg': `${base}/previews/${item.id}-lq.ogg`,
              },
              images: {
                waveform_m: `${base}/displays/${item.id}_wave_M.png`,
                waveform_l: `${base}/displays/${item.id}_wave_L.png`,
                spectral_m: `${base}/displays/${item.id}_spec_M.jpg`,
              },
            };
            return Object.fromEntries(Object.entries(all).filter(([key]) => fields.includes(key)));
          }),
        },
      };
    },
    errorReply(status, message) {
      return { status, body: { detail: message } };
    },
  });
}
