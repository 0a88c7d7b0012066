import { type FakeSource, startFakeSource } from '../articles/fake-server';
import { FAKE_MEDIA, type FakeMediaItem, findMedia, slug } from './catalogue';

/** Google's error body: `{ error: { code, message, errors: [{ reason }], status } }`. */
export function googleError(status: number, message: string) {
  const reason =
    status === 400
      ? 'keyInvalid'
      : status === 403
        ? 'forbidden'
        : status === 429
          ? 'rateLimitExceeded'
          : 'backendError';
  const state =
    status === 400
      ? 'INVALID_ARGUMENT'
      : status === 403
        ? 'PERMISSION_DENIED'
        : status === 429
          ? 'RESOURCE_EXHAUSTED'
          : 'INTERNAL';
  return {
    status,
    body: { error: { code: status, message, errors: [{ message, domain: 'global', reason }], status: state } },
  };
}

/**
 * Google Programmable Search (Custom Search JSON API) on 127.0.0.1: `GET /customsearch/v1?key=&cx=
 * &q=&searchType=image&num=` answers `{ kind, queries, searchInformation, items }` (no `items` when
 * nothing matches); `num` must be 1–10. A wrong key is Google's 400 `API key not valid`.
 */
export function startFakeGoogleImages(
  items: FakeMediaItem[] = FAKE_MEDIA,
  apiKey = 'google-test-key',
  cx = 'test-cx',
): Promise<FakeSource> {
  return startFakeSource({
    handle(request) {
      const q = request.query;
      if (q.get('key') !== apiKey) return googleError(400, 'API key not valid. Please pass a valid API key.');
      if (request.path !== '/customsearch/v1') return googleError(404, 'Not Found');
      if (q.get('cx') !== cx) return googleError(400, 'Request contains an invalid argument.');
      const num = Number(q.get('num') ?? 10);
      if (!(num >= 1 && num <= 10)) return googleError(400, 'Request contains an invalid argument.');
      const found = q.get('searchType') === 'image' ? findMedia(items, 'image', q.get('q') ?? '').slice(0, num) : [];
      return {
        status: 200,
        body: {
          kind: 'customsearch#search',
          queries: { request: [{ searchTerms: q.get('q'), count: found.length, searchType: 'image' }] },
          searchInformation: { totalResults: String(found.length) },
          ...(found.length
            ? {
                items: found.map((item) => ({
                  kind: 'customsearch#result',
                  title: `${item.title} - Example`,
                  link: `https://photos.example.com/${slug(item.title)}.jpg`,
                  displayLink: 'photos.example.com',
                  mime: 'image/jpeg',
                  image: {
                    contextLink: `https://photos.example.com/${slug(item.title)}`,
                    height: item.height,
                    width: item.width,
                    byteSize: 1_000_000,
                    thumbnailLink: `https://encrypted-tbn0.gstatic.example/images?q=tbn:${item.id}`,
                    thumbnailHeight: 100,
                    thumbnailWidth: 150,
                  },
                })),
              }
            : {}),
        },
      };
    },
    errorReply: googleError,
  });
}
