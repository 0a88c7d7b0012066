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

/**
 * A page that stands in for YouTube's embedded player (`/embed/{id}`), served to the browser by
 * a test's route: it speaks the iframe API's postMessage protocol. Asked to listen, it answers
 * 'onReady' and then 'onStateChange' playing (1); a 'pauseVideo' command pauses it, and the
 * test's `window.fakePlayer.end()` plays it to its end (0). It keeps `window.fakePlayer` =
 * { playingAt, pausedAt, commands } (ms, performance.now) for the test.
 */
export function fakeYoutubeEmbedPage(): string {
  return `<!doctype html><html><body style="margin:0;background:#1c7ed6">
<div id="picture" style="position:absolute;inset:0;display:grid;place-items:center;color:#fff;font:600 20px sans-serif">Fake player</div>
<script>
  const send = (message) => parent.postMessage(JSON.stringify(message), '*');
  const state = { playingAt: null, pausedAt: null, commands: [], end: () => send({ event: 'onStateChange', info: 0, channel: 'widget' }) };
  window.fakePlayer = state;
  addEventListener('message', (event) => {
    let message;
    try { message = JSON.parse(event.data); } catch { return; }
    state.commands.push(message.event === 'command' ? message.func : message.event);
    if (message.event === 'listening' && state.playingAt === null) {
      send({ event: 'onReady', id: message.id, channel: 'widget' });
      state.playingAt = performance.now();
      send({ event: 'onStateChange', info: 1, id: message.id, channel: 'widget' });
    }
    if (message.event === 'command' && message.func === 'pauseVideo') {
      state.pausedAt = performance.now();
      document.getElementById('picture').textContent = 'Paused';
      send({ event: 'onStateChange', info: 2, channel: 'widget' });
    }
  });
</script></body></html>`;
}
