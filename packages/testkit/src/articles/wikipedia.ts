import { type FakeSource, matching, startFakeSource } from './fake-server';

/** A page the fake Wikipedia holds; `text` is its plain-text extract. */
export type FakeWikiPage = { title: string; text: string };

/**
 * The MediaWiki action API at `/w/api.php` on 127.0.0.1 (formatversion 2): `list=search`
 * (`srsearch`, `srlimit`) answers `query.search` with `<span class="searchmatch">` snippets;
 * `prop=extracts&explaintext` with `titles=A|B` answers `query.pages` (missing pages flagged).
 * Bad parameters are a 200 with `{ error: { code, info } }`, as MediaWiki does.
 */
export function startFakeWikipedia(pages: FakeWikiPage[]): Promise<FakeSource> {
  return startFakeSource({
    handle(request) {
      if (request.path !== '/w/api.php') return this.errorReply(404, 'Not Found');
      const q = request.query;
      if (q.get('action') !== 'query') {
        return {
          status: 200,
          body: { error: { code: 'badvalue', info: 'Unrecognized value for parameter "action".' } },
        };
      }
      if (q.get('list') === 'search') {
        const term = q.get('srsearch') ?? '';
        if (!term)
          return {
            status: 200,
            body: { error: { code: 'nosrsearch', info: 'The "srsearch" parameter must be set.' } },
          };
        const found = matching(pages, term, (p) => `${p.title} ${p.text}`).slice(0, Number(q.get('srlimit') ?? 10));
        const word = term.split(/\s+/)[0] ?? '';
        return {
          status: 200,
          body: {
            batchcomplete: true,
            continue: { sroffset: found.length, continue: '-||' },
            query: {
              searchinfo: { totalhits: found.length },
              search: found.map((p, i) => ({
                ns: 0,
                title: p.title,
                pageid: 1000 + i,
                size: p.text.length,
                wordcount: p.text.split(/\s+/).length,
                snippet: p.text
                  .slice(0, 160)
                  .replace(new RegExp(`(${word})`, 'i'), '<span class="searchmatch">$1</span>'),
                timestamp: '2024-12-01T10:00:00Z',
              })),
            },
          },
        };
      }
      if (q.get('prop') === 'extracts') {
        const titles = (q.get('titles') ?? '').split('|').filter(Boolean);
        return {
          status: 200,
          body: {
            batchcomplete: true,
            query: {
              pages: titles.map((title, i) => {
                const page = pages.find((p) => p.title === title);
                return page ? { pageid: 1000 + i, ns: 0, title, extract: page.text } : { ns: 0, title, missing: true };
              }),
            },
          },
        };
      }
      return { status: 200, body: { batchcomplete: true } };
    },
    errorReply(status, message) {
      // Wikimedia's edge answers throttling and outages as text, not the API's JSON.
      return {
        status,
        headers: { 'Content-Type': 'text/html; charset=utf-8' },
        body: `<!DOCTYPE html><html><head><title>Wikimedia Error</title></head><body><p>${message}</p></body></html>`,
      };
    },
  });
}
