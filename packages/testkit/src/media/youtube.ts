import { type FakeSource, startFakeSource } from '../articles/fake-server';
import { FAKE_MEDIA, type FakeMediaItem, findMedia } from './catalogue';
import { googleError } from './google';

/**
 * YouTube Data API v3 on 127.0.0.1: `GET /youtube/v3/search?part=snippet&type=video&q=&maxResults=
 * &key=` answers a `youtube#searchListResponse`; a spent quota is Google's 403 `quotaExceeded`.
 */
export function startFakeYoutube(
  items: FakeMediaItem[] = FAKE_MEDIA,
  apiKey = 'youtube-test-key',
): Promise<FakeSource> {
  return startFakeSource({
    handle(request) {
      const q = request.query;
      if (q.get('key') !== apiKey) return googleError(400, 'API key not valid. Please pass a valid API key.');
      if (request.path !== '/youtube/v3/search') return googleError(404, 'Not Found');
      const found = findMedia(items, 'video', q.get('q') ?? '').slice(0, Number(q.get('maxResults') ?? 5));
      const thumb = (id: number, name: string, width: number, height: number) => ({
        url: `https://i.ytimg.example/vi/yt${id}/${name}.jpg`,
        width,
        height,
      });
      return {
        status: 200,
        body: {
          kind: 'youtube#searchListResponse',
          regionCode: 'US',
          pageInfo: { totalResults: found.length, resultsPerPage: found.length },
          items: found.map((item) => ({
            kind: 'youtube#searchResult',
            id: { kind: 'youtube#video', videoId: `yt${item.id}` },
            snippet: {
              publishedAt: '2024-01-01T00:00:00Z',
              channelId: 'UCtest',
              title: item.title,
              description: item.tags.join(' '),
              thumbnails: {
                default: thumb(item.id, 'default', 120, 90),
                medium: thumb(item.id, 'mqdefault', 320, 180),
                high: thumb(item.id, 'hqdefault', 480, 360),
              },
              channelTitle: 'Test Channel',
              liveBroadcastContent: 'none',
            },
          })),
        },
      };
    },
    errorReply: googleError,
  });
}
