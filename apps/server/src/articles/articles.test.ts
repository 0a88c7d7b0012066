import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  type FakeSource,
  startFakeDatamuse,
  startFakeGoogleNews,
  startFakeSuggest,
  startFakeWikipedia,
} from '@reelwright/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildMember, requestsAs } from '../../test/factories';
import { createTestApp, DB_KINDS, type TestApp } from '../../test/helpers';
import { fetchArticle } from './extract';
import { articleRoutes } from './routes';

const FIXTURES = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures');

/** Each fixture page: its title and the first and last paragraph the extraction must find. */
const PAGES: Record<string, { title: string; first: string; last: string }> = {
  'news-wire.html': {
    title: 'City council approves new bike lanes downtown',
    first:
      'The Riverside city council voted 7-2 on Monday night to build protected bike lanes on Main Street, Oak Avenue and Harbor Road, ending a debate that has lasted almost two years.',
    last: "Construction is expected to begin in April and to finish before the end of the summer, according to the city's transport department.",
  },
  'blog-wordpress.html': {
    title: 'Why I Switched to a Standing Desk (and What Happened)',
    first:
      "For six years I worked at a kitchen table, and for six years my lower back reminded me of it every evening around five o'clock.",
    last: 'If you are thinking about trying one, start slowly, buy a good mat, and give yourself at least a month before you decide whether it works for you.',
  },
  'listicle-numbered.html': {
    title: '7 Easy Houseplants That Are Almost Impossible to Kill',
    first:
      'Not everyone is born with a green thumb, and that is fine. These seven plants survive missed waterings, dim corners and the occasional holiday without complaint.',
    last: 'Start with one or two of these, learn their habits, and you will soon have the confidence to try more demanding plants.',
  },
  'forum-comments.html': {
    title: 'How to clean a cast iron pan without ruining the seasoning',
    first:
      'Cast iron is nearly indestructible, but the thin layer of polymerised oil that makes it non-stick can be damaged by soaking or harsh scrubbing.',
    last: 'Never leave cast iron to soak overnight or put it in the dishwasher, because rust can form within a few hours.',
  },
  'longform-magazine.html': {
    title: 'The Last Lighthouse Keepers',
    first: 'On a rocky island off the coast, two keepers still tend a light that no longer needs them.',
    last: 'When I asked what would happen when they finally leave, Jonas looked out at the water for a long time before answering that someone should always be here to notice things.',
  },
  'recipe-blog.html': {
    title: 'Easy Banana Bread (One Bowl!)',
    first:
      'Every time three bananas turn brown on my counter, this is what happens to them, and nobody in my family has ever complained.',
    last: 'Bake for 55 to 60 minutes, until a skewer comes out clean, then cool in the tin for ten minutes.',
  },
  'encyclopedia.html': {
    title: 'Honey bee',
    first:
      'A honey bee is a eusocial flying insect within the genus Apis of the bee clade, all native to mainland Afro-Eurasia.[1]',
    last: 'Engel, M. S. (1999). "The taxonomy of recent and fossil honey bees". Journal of Hymenoptera Research. 8: 165–196.',
  },
  'press-release.html': {
    title: 'Acme Robotics Opens New Research Centre in Leeds',
    first:
      'Acme Robotics today announced the opening of a new research and development centre in Leeds that will employ 120 engineers by the end of next year.',
    last: 'Media contact: press@acme-robotics.example, +44 113 000 0000',
  },
  'tech-tutorial.html': {
    title: 'Getting started with SQLite in Python',
    first:
      'Python ships with the sqlite3 module, so you can store data in a real SQL database without installing a server or any extra package.',
    last: 'That is all you need for small projects: one file, one module, and plain SQL that you can later move to a bigger database if you outgrow it.',
  },
  'travel-blog-latin1.html': {
    title: 'Three Days in Lisbon on a Budget',
    first:
      'Lisbon is one of the cheapest capitals in Western Europe, and with a little planning you can see the best of it for under fifty euros a day.',
    last: 'Buy a Viva Viagem card on the first day, load it with credit, and you will save money on every metro, bus and tram ride.',
  },
};

/** An article whose lines are split by `<br>` only. */
const LINES_PAGE = `<!doctype html><html><head><title>Tools we use</title></head><body><article>
<h1>Tools we use</h1>
<p>Every week our small team publishes videos about the tools it relies on for social media<br>A web editor that the whole team can open at once<br>hello.wasm<br>A tiny program that prints a greeting from WebAssembly in the browser and on the server alike</p>
<p>We keep this list short on purpose, because every tool we add is one more thing to learn and one more bill to pay each month.</p>
</article></body></html>`;

/**
 * Serves the fixtures, plus pages that fail: `/short` (too little text), `/flaky` (500 twice,
 * then fine), `/hang` (never answers); and `/lines` (LINES_PAGE).
 */
async function startSite() {
  let flaky = 0;
  let hangs = 0;
  const server = http.createServer((req, res) => {
    const name = (req.url ?? '/').slice(1);
    if (name === 'hang') {
      hangs++;
      return;
    }
    if (name === 'lines') return res.writeHead(200, { 'content-type': 'text/html' }).end(LINES_PAGE);
    if (name === 'short')
      return res.writeHead(200, { 'content-type': 'text/html' }).end('<html><body><p>Hi.</p></body></html>');
    if (name === 'json') return res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    if (name === 'flaky') {
      flaky++;
      if (flaky <= 2) return res.writeHead(500).end('oops');
      return res
        .writeHead(200, { 'content-type': 'text/html' })
        .end(readFileSync(path.join(FIXTURES, 'news-wire.html')));
    }
    if (!(name in PAGES)) return res.writeHead(404).end('not found');
    const charset = name.includes('latin1') ? 'iso-8859-1' : 'utf-8';
    res
      .writeHead(200, { 'content-type': `text/html; charset=${charset}` })
      .end(readFileSync(path.join(FIXTURES, name)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    flakyHits: () => flaky,
    hangHits: () => hangs,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

describe.each(DB_KINDS)('articles on %s (spec 001 §2, §7, §8)', (kind) => {
  let t: TestApp;
  let bare: TestApp;
  let site: Awaited<ReturnType<typeof startSite>>;
  let fakes: FakeSource[];

  const mount = async (app: TestApp) => {
    // app.ts registers the routes once they are wired in; until then the test does.
    if (!app.app.hasRoute({ method: 'GET', url: '/api/members/articles/search' })) {
      await app.app.register(articleRoutes, { prefix: '/api/members', retryDelayMs: 0 });
    }
  };

  beforeAll(async () => {
    site = await startSite();
    const [news, wiki, suggest, words] = await Promise.all([
      startFakeGoogleNews([
        { title: 'Coffee prices hit record high', url: `${site.url}/news-wire.html`, source: 'Market Times' },
      ]),
      startFakeWikipedia([
        {
          title: 'Coffee',
          text: 'Coffee beans are roasted. Roasted coffee beans are ground and brewed with hot water. Arabica beans grow in Ethiopia.',
        },
        {
          title: 'Espresso',
          text: 'Espresso is coffee brewed by forcing hot water through finely ground coffee beans. Arabica beans are common.',
        },
      ]),
      startFakeSuggest(['coffee maker', 'coffee shop', 'top coffee brands', 'best coffee beans', 'funny coffee mugs']),
      startFakeDatamuse({ coffee: ['java', 'Coffee Maker', 'espresso'] }),
    ]);
    fakes = [news, wiki, suggest, words];
    t = await createTestApp(kind, {
      FETCH_ALLOW_PRIVATE: '1',
      GOOGLE_NEWS_RSS_URL: news.url,
      WIKIPEDIA_API_URL: `${wiki.url}/w/api.php`,
      KEYWORD_SUGGEST_URL: `${suggest.url}/complete/search?client=firefox`,
      DATAMUSE_URL: words.url,
    });
    bare = await createTestApp(kind, { FETCH_ALLOW_PRIVATE: '1', ARTICLES_KEYLESS: '0' });
    await mount(t);
    await mount(bare);
  });
  afterAll(async () => {
    await t?.close();
    await bare?.close();
    await site?.close();
    await Promise.all((fakes ?? []).map((f) => f.close()));
  });

  it.each(Object.entries(PAGES))('imports %s: title, first and last paragraph', async (name, expected) => {
    const res = await requestsAs(t.app).get(
      `/api/members/articles/fetch?url=${encodeURIComponent(`${site.url}/${name}`)}`,
    );
    expect(res.statusCode, res.body).toBe(200);
    const article = res.json();
    const paragraphs = article.body.split('\n\n');
    expect(article.title).toBe(expected.title);
    expect(paragraphs[0]).toBe(expected.first);
    expect(paragraphs.at(-1)).toBe(expected.last);
    expect(article.cache).toBe(`${site.url}/${name}`);
  });

  it('reads metadata: author, description and keywords', async () => {
    const res = await requestsAs(bare.app).get(
      `/api/members/articles/fetch?url=${encodeURIComponent(`${site.url}/news-wire.html`)}&type=news`,
    );
    expect(res.json()).toMatchObject({
      author: 'Maria Gonzalez',
      description: 'The council voted 7-2 to add protected bike lanes on three downtown streets.',
      keywords: ['bike lanes', 'city council', 'transport'],
    });
  });

  it('keeps the lines of a <br> apart instead of gluing their words', async () => {
    const res = await requestsAs(t.app).get(
      `/api/members/articles/fetch?url=${encodeURIComponent(`${site.url}/lines`)}`,
    );
    expect(res.statusCode, res.body).toBe(200);
    const paragraphs: string[] = res.json().body.split('\n\n');
    expect(paragraphs.slice(0, 4)).toEqual([
      'Every week our small team publishes videos about the tools it relies on for social media',
      'A web editor that the whole team can open at once',
      'hello.wasm',
      'A tiny program that prints a greeting from WebAssembly in the browser and on the server alike',
    ]);
    expect(res.json().body).not.toMatch(/mediaA|wasmA/);
  });

  it('gives a page that never answers one time budget, not one per attempt', async () => {
    const before = site.hangHits();
    const started = Date.now();
    const failure = await fetchArticle({
      url: `${site.url}/hang`,
      policy: t.config.fetch,
      retryDelayMs: 0,
      budgetMs: 2_500,
    }).catch((error: unknown) => error);
    // Three attempts of their own full time-out would take 45 s; the budget holds them all.
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(failure).toMatchObject({ statusCode: 422, code: 'article_fetch_failed' });
    expect((failure as Error).message).toMatch(/copy-paste it by hand/);
    expect(site.hangHits() - before).toBe(1);
  });

  it('retries a failing page up to 3 times', async () => {
    const res = await requestsAs(bare.app).get(
      `/api/members/articles/fetch?url=${encodeURIComponent(`${site.url}/flaky`)}`,
    );
    expect(res.statusCode).toBe(200);
    expect(site.flakyHits()).toBe(3);
  });

  it("answers the spec's error for a body of 30 characters or less, a missing page or a non-HTML answer", async () => {
    for (const [page, type] of [
      ['short', 'ezine'],
      ['missing', 'blog'],
      ['json', undefined],
    ] as const) {
      const query = `url=${encodeURIComponent(`${site.url}/${page}`)}${type ? `&type=${type}` : ''}`;
      const res = await requestsAs(bare.app).get(`/api/members/articles/fetch?${query}`);
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({
        code: 'article_fetch_failed',
        error: `Failed to get ${type ? `${type} article` : 'article'} content. Please try downloading another article or copy-paste it by hand.`,
      });
    }
  });

  it('refuses loopback addresses unless the operator allows them', async () => {
    const strict = await createTestApp(kind);
    try {
      await mount(strict);
      const res = await requestsAs(strict.app).get(
        `/api/members/articles/fetch?url=${encodeURIComponent(`${site.url}/news-wire.html`)}`,
      );
      expect(res.statusCode).toBe(422);
    } finally {
      await strict.close();
    }
  });

  it('searches news, falls back to Wikipedia for ezine, and hints when nothing is found', async () => {
    const news = await requestsAs(t.app).get('/api/members/articles/search?keyword=coffee&type=news');
    expect(news.json().articles[0]).toMatchObject({ title: 'Coffee prices hit record high', source: 'Market Times' });
    const ezine = await requestsAs(t.app).get('/api/members/articles/search?keyword=espresso&type=ezine');
    expect(ezine.json().articles[0]).toMatchObject({ title: 'Espresso', source: 'Wikipedia' });
    const none = await requestsAs(t.app).get('/api/members/articles/search?keyword=zebra&type=news');
    expect(none.json()).toEqual({ articles: [], hint: 'No news articles found about zebra.', next: 'blog' });
  });

  it('answers an empty list with a hint when no provider serves the type', async () => {
    const blog = await requestsAs(t.app).get('/api/members/articles/search?keyword=coffee&type=blog');
    expect(blog.json()).toMatchObject({ articles: [], hint: expect.stringMatching(/not configured/), next: 'ezine' });
    const news = await requestsAs(bare.app).get('/api/members/articles/search?keyword=coffee&type=news');
    expect(news.json()).toMatchObject({ articles: [], hint: expect.stringMatching(/not configured/) });
  });

  it('turns a rate-limited provider into a 429 with a clear message', async () => {
    fakes[0]?.failNext(429);
    const res = await requestsAs(t.app).get('/api/members/articles/search?keyword=coffee&type=news');
    expect(res.statusCode).toBe(429);
    expect(res.json()).toMatchObject({ code: 'provider_rate_limited', error: expect.stringMatching(/Google News/) });
    // A failed search points at the sources that need none.
    expect(res.json().error).toMatch(/paste the article text or import it from a link instead/);
    fakes[0]?.failNext(502);
    expect((await requestsAs(t.app).get('/api/members/articles/search?keyword=coffee&type=news')).statusCode).toBe(502);
  });

  it('related keywords: suggestions first, then Datamuse, without repeats', async () => {
    const res = await requestsAs(t.app).get('/api/members/articles/related-kw?keyword=coffee');
    expect(res.json()).toEqual({ keywords: ['coffee maker', 'coffee shop', 'java', 'espresso'] });
    const off = await requestsAs(bare.app).get('/api/members/articles/related-kw?keyword=coffee');
    expect(off.json()).toMatchObject({ keywords: [], hint: expect.any(String) });
  });

  it('LSI terms come from the encyclopedia and related words; empty means no results', async () => {
    const res = await requestsAs(t.app).post('/api/members/articles/lsi', { keyword: 'coffee' });
    expect(res.json().terms).toEqual(expect.arrayContaining(['beans', 'arabica beans', 'java']));
    expect(res.json().terms).not.toContain('coffee');
    const none = await requestsAs(t.app).post('/api/members/articles/lsi', { keyword: 'zebra' });
    expect(none.json()).toEqual({ terms: [], hint: 'No related terms found for zebra.' });
  });

  it('listicle ideas by category, with the spec message when none', async () => {
    const top = await requestsAs(t.app).get('/api/members/articles/listicle-ideas?keyword=coffee&category=top');
    expect(top.json()).toEqual({ ideas: ['top coffee brands', 'best coffee beans'] });
    const negative = await requestsAs(t.app).get(
      '/api/members/articles/listicle-ideas?keyword=coffee&category=negative',
    );
    expect(negative.json()).toEqual({
      ideas: [],
      hint: 'Sorry no negative suggests found for coffee. Please try with another category or keyword.',
    });
  });

  it('bad input is a 400 naming the field', async () => {
    const api = requestsAs(t.app);
    for (const url of [
      '/api/members/articles/search?keyword=coffee&type=video',
      '/api/members/articles/search?type=news',
      '/api/members/articles/fetch?url=ftp://example.com/a',
      '/api/members/articles/related-kw?keyword=',
      '/api/members/articles/listicle-ideas?keyword=a&category=sad',
    ]) {
      const res = await api.get(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().code).toBe('invalid_input');
    }
    expect((await api.post('/api/members/articles/lsi', {})).statusCode).toBe(400);
  });

  it('add-keywords: members only, stored once per keyword, most recent first', async () => {
    expect((await requestsAs(t.app).post('/api/members/add-keywords', { keyword: 'coffee' })).statusCode).toBe(401);
    const { cookie } = await buildMember(t.app);
    const api = requestsAs(t.app, cookie);
    expect((await api.post('/api/members/add-keywords', { keyword: ' ' })).statusCode).toBe(400);
    const first = await api.post('/api/members/add-keywords', { keyword: 'Coffee, beans , coffee' });
    expect(first.json().keywords.sort()).toEqual(['beans', 'coffee']);
    const second = await api.post('/api/members/add-keywords', { keyword: 'tea' });
    expect(second.json().keywords[0]).toBe('tea');
    expect(second.json().keywords).toHaveLength(3);
  });
});
