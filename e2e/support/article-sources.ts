import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  type FakeSource,
  type FakeWebPage,
  startFakeBraveSearch,
  startFakeDatamuse,
  startFakeGoogleNews,
  startFakeSuggest,
  startFakeWikipedia,
} from '@reelwright/testkit';

// The article extraction fixtures of the server's tests: real-looking pages of several kinds.
const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../apps/server/src/articles/fixtures');

/** A loopback web site serving the article fixtures by name (`/news-wire` → news-wire.html). */
export async function startArticleSite(): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer((req, res) => {
    const name = (req.url ?? '/').replace(/^\/+/, '').replace(/[^a-z0-9-]/g, '');
    try {
      const html = readFileSync(path.join(fixtures, `${name}.html`));
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html);
    } catch {
      res.writeHead(404, { 'content-type': 'text/html' }).end('<h1>Not found</h1>');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/**
 * Every article source of the wizard's keyword and content steps, faked on loopback: web search
 * (Brave), news (Google News RSS, which knows no lighthouse stories), keyword suggestions,
 * Datamuse and Wikipedia. `env` configures a server process to use them and nothing else.
 */
export async function startArticleSources(siteUrl: string) {
  const pages: FakeWebPage[] = [
    {
      title: 'The Last Lighthouse Keepers',
      url: `${siteUrl}/longform-magazine`,
      description: 'On a rocky island, two lighthouse keepers still tend a light that no longer needs them.',
      siteName: 'Northern Review',
    },
    {
      title: 'How a lighthouse lens works',
      url: `${siteUrl}/missing-page`,
      description: 'Fresnel lenses explained: why a lighthouse beam reaches so far.',
    },
    {
      title: 'A week on the lighthouse trail: my travel blog',
      url: `${siteUrl}/longform-magazine`,
      description: 'Our blog about visiting every lighthouse on the coast in seven days.',
    },
  ];
  const sources: FakeSource[] = await Promise.all([
    startFakeBraveSearch(pages),
    startFakeGoogleNews([
      { title: 'Council approves bike lanes', url: `${siteUrl}/news-wire`, source: 'Riverside Daily' },
    ]),
    startFakeSuggest([
      'lighthouse keepers',
      'lighthouse history',
      'lighthouse tours',
      'lighthouse lens',
      'best lighthouses in maine',
      'top lighthouse facts',
      'worst lighthouse disasters',
      'funny lighthouse stories',
    ]),
    startFakeDatamuse({ lighthouse: ['beacon', 'lightship', 'foghorn'] }),
    startFakeWikipedia([]),
  ]);
  const [brave, news, suggest, datamuse, wiki] = sources as [
    FakeSource,
    FakeSource,
    FakeSource,
    FakeSource,
    FakeSource,
  ];
  return {
    brave,
    env: {
      ARTICLES_KEYLESS: '1',
      BRAVE_SEARCH_API_KEY: 'brave-test-key',
      BRAVE_SEARCH_URL: brave.url,
      GOOGLE_NEWS_RSS_URL: news.url,
      KEYWORD_SUGGEST_URL: `${suggest.url}/complete/search?client=firefox`,
      DATAMUSE_URL: datamuse.url,
      WIKIPEDIA_API_URL: `${wiki.url}/w/api.php`,
      // The article pages live on loopback, which the guarded fetch refuses unless told otherwise.
      FETCH_ALLOW_PRIVATE: '1',
    },
    close: () => Promise.all(sources.map((source) => source.close())),
  };
}
