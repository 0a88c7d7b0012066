import { type FakeSource, startFakeSource } from '../articles/fake-server';
import { FAKE_MEDIA, type FakeMediaItem, findMedia, slug } from './catalogue';

const CDN = 'https://images.pexels.example/photos';

/**
 * Pexels API on 127.0.0.1 with `Authorization: <key>`: `GET /v1/search?query=&per_page=` answers
 * `{ page, per_page, photos, total_results }`; `GET /videos/search` answers `{ videos }` whose
 * `video_files` come in several qualities (HD, Full HD and, for 4K originals, UHD). `per_page` is at
 * most 80. Errors are `{ error }` with the status.
 */
export function startFakePexels(items: FakeMediaItem[] = FAKE_MEDIA, apiKey = 'pexels-test-key'): Promise<FakeSource> {
  return startFakeSource({
    handle(request) {
      if (request.headers.authorization !== apiKey) return this.errorReply(401, 'Unauthorized');
      const query = request.query.get('query') ?? '';
      const perPage = Math.min(Number(request.query.get('per_page') ?? 15), 80);
      if (request.path === '/v1/search') {
        const photos = findMedia(items, 'image', query).slice(0, perPage);
        return {
          status: 200,
          body: {
            page: 1,
            per_page: perPage,
            total_results: photos.length,
            photos: photos.map((item) => {
              const base = `${CDN}/${item.id}/pexels-photo-${item.id}.jpeg`;
              return {
                id: item.id,
                width: item.width,
                height: item.height,
                url: `https://www.pexels.example/photo/${slug(item.title)}-${item.id}/`,
                photographer: 'Test Photographer',
                photographer_url: 'https://www.pexels.example/@tester',
                photographer_id: 1,
                avg_color: '#778899',
                src: {
                  original: base,
                  large2x: `${base}?auto=compress&cs=tinysrgb&dpr=2&h=650&w=940`,
                  large: `${base}?auto=compress&cs=tinysrgb&h=650&w=940`,
                  medium: `${base}?auto=compress&cs=tinysrgb&h=350`,
                  small: `${base}?auto=compress&cs=tinysrgb&h=130`,
                  portrait: `${base}?auto=compress&cs=tinysrgb&fit=crop&h=1200&w=800`,
                  landscape: `${base}?auto=compress&cs=tinysrgb&fit=crop&h=627&w=1200`,
                  tiny: `${base}?auto=compress&cs=tinysrgb&dpr=1&fit=crop&h=200&w=280`,
                },
                liked: false,
                alt: item.title,
              };
            }),
          },
        };
      }
      if (request.path === '/videos/search') {
        const videos = findMedia(items, 'video', query).slice(0, perPage);
        return {
          status: 200,
          body: {
            page: 1,
            per_page: perPage,
            total_results: videos.length,
            url: `https://www.pexels.example/videos/search/${encodeURIComponent(query)}/`,
            videos: videos.map((item) => ({
              id: item.id,
              width: item.width,
              height: item.height,
              duration: item.duration ?? 0,
              url: `https://www.pexels.example/video/${slug(item.title)}-${item.id}/`,
              image: `https://images.pexels.example/videos/${item.id}/preview.jpeg`,
              user: { id: 1, name: 'Test Filmer', url: 'https://www.pexels.example/@filmer' },
              video_files: [
                { width: 1280, height: 720, quality: 'hd' },
                { width: 1920, height: 1080, quality: 'hd' },
                ...(item.width > 1920 ? [{ width: 3840, height: 2160, quality: 'uhd' }] : []),
                { width: 640, height: 360, quality: 'sd' },
              ].map((file, i) => ({
                id: item.id * 10 + i,
                ...file,
                file_type: 'video/mp4',
                fps: 25,
                link: `https://videos.pexels.example/video-files/${item.id}/${file.width}x${file.height}.mp4`,
              })),
              video_pictures: [{ id: 1, nr: 0, picture: `https://images.pexels.example/videos/${item.id}/0.jpeg` }],
            })),
          },
        };
      }
      return this.errorReply(404, 'Not Found');
    },
    errorReply(status, message) {
      return { status, body: { error: message } };
    },
  });
}
