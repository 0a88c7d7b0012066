import { type FakeSource, startFakeSource } from '../articles/fake-server';
import { FAKE_MEDIA, type FakeMediaItem, findMedia } from './catalogue';

/**
 * Openverse API on 127.0.0.1, anonymous: `GET /v1/images/?q=&page_size=` and `GET /v1/audio/`
 * answer `{ result_count, page_count, page_size, page, results }` (audio durations in
 * milliseconds). Anonymous requests may ask 20 a page at most, else a 401 as Openverse answers.
 */
export function startFakeOpenverse(items: FakeMediaItem[] = FAKE_MEDIA): Promise<FakeSource> {
  return startFakeSource({
    handle(request) {
      const kind = request.path === '/v1/images/' ? 'image' : request.path === '/v1/audio/' ? 'audio' : undefined;
      if (!kind) return this.errorReply(404, 'Not found.');
      const pageSize = Number(request.query.get('page_size') ?? 20);
      if (pageSize > 20 && !request.headers.authorization)
        return this.errorReply(401, 'Authentication credentials were not provided.');
      const found = findMedia(items, kind, request.query.get('q') ?? '').slice(0, pageSize);
      return {
        status: 200,
        body: {
          result_count: found.length,
          page_count: 1,
          page_size: pageSize,
          page: 1,
          results: found.map((item) => ({
            id: `00000000-0000-4000-8000-${String(item.id).padStart(12, '0')}`,
            title: item.title,
            foreign_landing_url: `https://www.flickr.example/photos/${item.id}`,
            url:
              kind === 'image'
                ? `https://live.staticflickr.example/${item.id}_o.jpg`
                : `https://freesound.example/data/previews/${item.id}.mp3`,
            creator: 'tester',
            license: 'by',
            license_version: '2.0',
            provider: kind === 'image' ? 'flickr' : 'freesound',
            source: kind === 'image' ? 'flickr' : 'freesound',
            tags: item.tags.map((name) => ({ name })),
            ...(kind === 'image'
              ? {
                  thumbnail: `https://api.openverse.example/v1/images/${item.id}/thumb/`,
                  height: item.height,
                  width: item.width,
                }
              : { thumbnail: null, duration: Math.round((item.duration ?? 0) * 1000), filetype: 'mp3' }),
          })),
        },
      };
    },
    errorReply(status, message) {
      return { status, body: { detail: message } };
    },
  });
}
