import { type FakeSource, startFakeSource } from '../articles/fake-server';
import { FAKE_MEDIA, type FakeMediaItem, findMedia } from './catalogue';

const MIME = { image: 'image/jpeg', video: 'video/webm', audio: 'audio/ogg' } as const;
const EXT = { image: 'jpg', video: 'webm', audio: 'ogg' } as const;

/**
 * Wikimedia Commons' MediaWiki action API on 127.0.0.1 (`/w/api.php`, formatversion 2):
 * `action=query&generator=search&gsrnamespace=6&gsrsearch=&prop=imageinfo&iiprop=url|size|mime
 * &iiurlwidth=` answers `query.pages` (in no particular order, with `index` giving the rank), or
 * no `query` at all when nothing matches. `filetype:bitmap|video|audio` in the search picks the
 * kind. Bad parameters are a 200 with `{ error: { code, info } }`, as MediaWiki does; the fake also
 * wants a User-Agent, as Wikimedia's policy does. `apiErrorNext` makes the next answer such an error.
 */
export async function startFakeWikimedia(
  items: FakeMediaItem[] = FAKE_MEDIA,
): Promise<FakeSource & { apiErrorNext(code: string, info: string): void }> {
  const apiErrors: { code: string; info: string }[] = [];
  const source = await startFakeSource({
    handle(request) {
      const apiError = apiErrors.shift();
      if (apiError) return { status: 200, body: { error: { ...apiError, docref: 'See /w/api.php for API usage.' } } };
      if (request.path !== '/w/api.php') return this.errorReply(404, 'Not Found');
      if (!request.headers['user-agent']) return this.errorReply(403, 'Please set a user-agent.');
      const q = request.query;
      if (q.get('action') !== 'query' || q.get('generator') !== 'search')
        return {
          status: 200,
          body: { error: { code: 'badvalue', info: 'Unrecognized value for parameter "action".' } },
        };
      const search = q.get('gsrsearch') ?? '';
      if (!search.trim())
        return { status: 200, body: { error: { code: 'nosearch', info: 'The "gsrsearch" parameter must be set.' } } };
      const filetype = /filetype:(\w+)/.exec(search)?.[1];
      const kind = filetype === 'video' ? 'video' : filetype === 'audio' ? 'audio' : 'image';
      const words = search.replace(/filetype:\w+/g, '').trim();
      const found = findMedia(items, kind, words).slice(0, Number(q.get('gsrlimit') ?? 10));
      if (found.length === 0) return { status: 200, body: { batchcomplete: true } };
      const thumbWidth = Number(q.get('iiurlwidth') ?? 0);
      const pages = found.map((item, index) => {
        const file = `${item.title.replace(/ /g, '_')}.${EXT[kind]}`;
        return {
          pageid: item.id,
          ns: 6,
          title: `File:${item.title}.${EXT[kind]}`,
          index: index + 1,
          imagerepository: 'local',
          imageinfo: [
            {
              size: 1_000_000,
              width: item.width,
              height: item.height,
              ...(item.duration ? { duration: item.duration } : {}),
              ...(thumbWidth
                ? {
                    thumburl: `https://upload.wikimedia.example/thumb/${file}/${thumbWidth}px-${file}.jpg`,
                    thumbwidth: thumbWidth,
                    thumbheight: item.width ? Math.round((thumbWidth * item.height) / item.width) : 0,
                  }
                : {}),
              url: `https://upload.wikimedia.example/${file}`,
              descriptionurl: `https://commons.wikimedia.example/wiki/File:${file}`,
              mime: MIME[kind],
            },
          ],
        };
      });
      return { status: 200, body: { batchcomplete: true, query: { pages: pages.reverse() } } };
    },
    errorReply(status, message) {
      return { status, body: `<!DOCTYPE html><title>Wikimedia Error</title><p>${message}</p>` };
    },
  });
  return {
    ...source,
    /** The next request gets MediaWiki's `{ error: { code, info } }` with status 200. */
    apiErrorNext: (code, info) => apiErrors.push({ code, info }),
  };
}
