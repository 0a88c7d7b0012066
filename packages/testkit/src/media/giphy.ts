import { type FakeSource, startFakeSource } from '../articles/fake-server';
import { FAKE_MEDIA, type FakeMediaItem, findMedia, slug } from './catalogue';

/**
 * GIPHY API on 127.0.0.1: `GET /v1/gifs/search?api_key=&q=&limit=` answers `{ data, pagination,
 * meta }` with each GIF's `images` renditions (sizes as strings, as GIPHY sends them). The fake
 * serves the catalogue's videos as GIFs. Errors are `{ message }` or `{ meta: { status, msg } }`.
 */
export function startFakeGiphy(items: FakeMediaItem[] = FAKE_MEDIA, apiKey = 'giphy-test-key'): Promise<FakeSource> {
  return startFakeSource({
    handle(request) {
      if (request.query.get('api_key') !== apiKey) return this.errorReply(401, 'Unauthorized');
      if (request.path !== '/v1/gifs/search') return this.errorReply(404, 'Not Found');
      const limit = Math.min(Number(request.query.get('limit') ?? 25), 50);
      const gifs = findMedia(items, 'video', request.query.get('q') ?? '').slice(0, limit);
      const media = (id: number, name: string) => `https://media.giphy.example/media/g${id}/${name}`;
      return {
        status: 200,
        body: {
          data: gifs.map((item) => {
            const w = String(Math.min(item.width, 480));
            const h = String(Math.round((Math.min(item.width, 480) * item.height) / item.width));
            return {
              type: 'gif',
              id: `g${item.id}`,
              url: `https://giphy.example/gifs/${slug(item.title)}-g${item.id}`,
              title: `${item.title} GIF`,
              rating: 'g',
              images: {
                original: {
                  height: h,
                  width: w,
                  size: '1000000',
                  url: media(item.id, 'giphy.gif'),
                  mp4_size: '200000',
                  mp4: media(item.id, 'giphy.mp4'),
                  webp: media(item.id, 'giphy.webp'),
                  frames: '40',
                },
                original_still: { height: h, width: w, url: media(item.id, 'giphy_s.gif') },
                fixed_width_still: { height: '113', width: '200', url: media(item.id, '200w_s.gif') },
              },
            };
          }),
          pagination: { total_count: gifs.length, count: gifs.length, offset: 0 },
          meta: { status: 200, msg: 'OK', response_id: 'fake' },
        },
      };
    },
    errorReply(status, message) {
      return { status, body: status === 401 ? { message } : { meta: { status, msg: message, response_id: 'fake' } } };
    },
  });
}
