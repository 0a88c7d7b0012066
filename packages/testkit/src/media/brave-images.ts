import { type FakeSource, startFakeSource } from '../articles/fake-server';
import { FAKE_MEDIA, type FakeMediaItem, findMedia, slug } from './catalogue';

/**
 * Brave Search API image search on 127.0.0.1 (serves the `bing` engine): `GET /res/v1/images/search
 * ?q=&count=` with `X-Subscription-Token` answers `{ type: 'images', query, results }`; errors are
 * `{ type: 'ErrorResponse', error: { status, code, detail } }`.
 */
export function startFakeBraveImages(
  items: FakeMediaItem[] = FAKE_MEDIA,
  apiKey = 'brave-test-key',
): Promise<FakeSource> {
  return startFakeSource({
    handle(request) {
      if (request.headers['x-subscription-token'] !== apiKey)
        return this.errorReply(401, 'The provided subscription token is invalid.');
      if (request.path !== '/res/v1/images/search') return this.errorReply(404, 'Not found');
      const q = request.query.get('q') ?? '';
      const found = findMedia(items, 'image', q).slice(0, Number(request.query.get('count') ?? 50));
      return {
        status: 200,
        body: {
          type: 'images',
          query: { original: q, spellcheck_off: true },
          results: found.map((item) => ({
            type: 'image_result',
            title: item.title,
            url: `https://photos.example.com/${slug(item.title)}`,
            source: 'photos.example.com',
            page_fetched: '2024-01-01T00:00:00Z',
            thumbnail: { src: `https://imgs.search.brave.example/${item.id}.jpg`, width: 500, height: 333 },
            properties: {
              url: `https://photos.example.com/${slug(item.title)}.jpg`,
              placeholder: `https://imgs.search.brave.example/${item.id}-p.jpg`,
              width: item.width,
              height: item.height,
            },
            meta_url: { scheme: 'https', netloc: 'photos.example.com', hostname: 'photos.example.com' },
            confidence: 'high',
          })),
        },
      };
    },
    errorReply(status, message) {
      const codes: Record<number, string> = {
        401: 'SUBSCRIPTION_TOKEN_INVALID',
        429: 'RATE_LIMITED',
        500: 'INTERNAL_ERROR',
      };
      return {
        status,
        body: {
          type: 'ErrorResponse',
          error: { id: 'fake', status, code: codes[status] ?? 'ERROR', detail: message, meta: {} },
        },
      };
    },
  });
}
