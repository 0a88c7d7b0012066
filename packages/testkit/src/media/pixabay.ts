import { type FakeSource, startFakeSource } from '../articles/fake-server';
import { FAKE_MEDIA, type FakeMediaItem, findMedia, slug } from './catalogue';

const rendition = (item: FakeMediaItem, name: string, width: number) => {
  const scale = Math.min(1, width / item.width);
  return {
    url: `https://cdn.pixabay.example/video/${item.id}/${name}.mp4`,
    width: Math.round(item.width * scale),
    height: Math.round(item.height * scale),
    size: 1_000_000,
    thumbnail: `https://cdn.pixabay.example/video/${item.id}/${name}.jpg`,
  };
};

/**
 * Pixabay API on 127.0.0.1: `GET /api/?key=&q=&per_page=` (images) and `GET /api/videos/` (videos).
 * Answers `{ total, totalHits, hits }` in Pixabay's shape. Like Pixabay, a wrong key and a bad
 * parameter are a 400 with a plain-text `[ERROR 400] …` body, and `per_page` must be 3–200.
 */
export function startFakePixabay(
  items: FakeMediaItem[] = FAKE_MEDIA,
  apiKey = 'pixabay-test-key',
): Promise<FakeSource> {
  return startFakeSource({
    handle(request) {
      if (request.query.get('key') !== apiKey) return this.errorReply(400, 'Invalid or missing API key');
      const perPage = Number(request.query.get('per_page') ?? 20);
      if (!(perPage >= 3 && perPage <= 200)) return this.errorReply(400, `"per_page" is out of valid range.`);
      const q = request.query.get('q') ?? '';
      if (request.path === '/api/') {
        const hits = findMedia(items, 'image', q).slice(0, perPage);
        return {
          status: 200,
          body: {
            total: hits.length,
            totalHits: hits.length,
            hits: hits.map((item) => {
              return {
                id: item.id,
                pageURL: `https://pixabay.example/photos/${slug(item.title)}-${item.id}/`,
                type: 'photo',
                tags: item.tags.join(', '),
                previewURL: `https://cdn.pixabay.example/photo/${item.id}_150.jpg`,
                previewWidth: 150,
                previewHeight: Math.round((150 * item.height) / item.width),
                webformatURL: `https://cdn.pixabay.example/photo/${item.id}_640.jpg`,
                webformatWidth: 640,
                webformatHeight: Math.round((640 * item.height) / item.width),
                largeImageURL: `https://cdn.pixabay.example/photo/${item.id}_1280.jpg`,
                imageWidth: item.width,
                imageHeight: item.height,
                imageSize: 2_000_000,
                views: 1000,
                downloads: 500,
                likes: 10,
                comments: 1,
                user_id: 1,
                user: 'tester',
                userImageURL: '',
              };
            }),
          },
        };
      }
      if (request.path === '/api/videos/') {
        const hits = findMedia(items, 'video', q).slice(0, perPage);
        return {
          status: 200,
          body: {
            total: hits.length,
            totalHits: hits.length,
            hits: hits.map((item) => ({
              id: item.id,
              pageURL: `https://pixabay.example/videos/${slug(item.title)}-${item.id}/`,
              type: 'film',
              tags: item.tags.join(', '),
              duration: item.duration ?? 0,
              videos: {
                // Pixabay sends an empty large rendition when the original is not bigger than Full HD.
                large:
                  item.width > 1920
                    ? rendition(item, 'large', 3840)
                    : { url: '', width: 0, height: 0, size: 0, thumbnail: '' },
                medium: rendition(item, 'medium', 1920),
                small: rendition(item, 'small', 1280),
                tiny: rendition(item, 'tiny', 960),
              },
              views: 1,
              downloads: 1,
              likes: 1,
              comments: 0,
              user_id: 1,
              user: 'tester',
              userImageURL: '',
            })),
          },
        };
      }
      return this.errorReply(404, 'Not Found');
    },
    errorReply(status, message) {
      return { status, body: status === 429 ? 'API rate limit exceeded' : `[ERROR ${status}] ${message}` };
    },
  });
}
