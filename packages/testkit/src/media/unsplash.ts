import { type FakeSource, startFakeSource } from '../articles/fake-server';
import { FAKE_MEDIA, type FakeMediaItem, findMedia } from './catalogue';

/**
 * Unsplash API on 127.0.0.1: `GET /search/photos?query=&per_page=` with
 * `Authorization: Client-ID <key>` answers `{ total, total_pages, results }`; `per_page` is at most
 * 30. Errors are `{ errors: [message] }`, as Unsplash sends them.
 */
export function startFakeUnsplash(
  items: FakeMediaItem[] = FAKE_MEDIA,
  accessKey = 'unsplash-test-key',
): Promise<FakeSource> {
  return startFakeSource({
    handle(request) {
      if (request.headers.authorization !== `Client-ID ${accessKey}`)
        return this.errorReply(401, 'OAuth error: The access token is invalid');
      if (request.path !== '/search/photos') return this.errorReply(404, "Couldn't find Photo");
      const perPage = Math.min(Number(request.query.get('per_page') ?? 10), 30);
      const results = findMedia(items, 'image', request.query.get('query') ?? '').slice(0, perPage);
      return {
        status: 200,
        body: {
          total: results.length,
          total_pages: 1,
          results: results.map((item) => {
            const raw = `https://images.unsplash.example/photo-${item.id}?ixid=test`;
            return {
              id: `u${item.id}`,
              slug: `u${item.id}`,
              created_at: '2024-01-01T00:00:00Z',
              width: item.width,
              height: item.height,
              color: '#8c8c8c',
              blur_hash: 'LKO2?U%2Tw=w]~RBVZRi};RPxuwH',
              description: null,
              alt_description: item.title.toLowerCase(),
              urls: {
                raw,
                full: `${raw}&fm=jpg&q=85&fit=max`,
                regular: `${raw}&fm=jpg&q=80&w=1080&fit=max`,
                small: `${raw}&fm=jpg&q=80&w=400&fit=max`,
                thumb: `${raw}&fm=jpg&q=80&w=200&fit=max`,
              },
              links: {
                self: '',
                html: `https://unsplash.example/photos/u${item.id}`,
                download: '',
                download_location: '',
              },
              likes: 1,
              user: { id: 'user', username: 'tester', name: 'Test Photographer' },
            };
          }),
        },
      };
    },
    errorReply(status, message) {
      return { status, body: status === 429 ? 'Rate Limit Exceeded' : { errors: [message] } };
    },
  });
}
