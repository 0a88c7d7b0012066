import {
  type FakeSource,
  startFakeBraveSearch,
  startFakeDatamuse,
  startFakeGoogleNews,
  startFakeSerpApi,
  startFakeSuggest,
  startFakeWikipedia,
} from '@reelwright/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProviderError } from '../http/provider-error';
import { braveSearch } from './brave';
import { datamuse } from './datamuse';
import { googleNewsSearch } from './google-news';
import { serpApiSearch } from './serpapi';
import { suggestQueries } from './suggest';
import { wikipedia } from './wikipedia';

const TIMEOUT_MS = 300;
const PAGES = [
  {
    title: 'Coffee brewing guide',
    url: 'https://brew.example/guide',
    description: 'How to brew coffee at home',
    siteName: 'Brew Lab',
  },
  {
    title: 'The history of coffee',
    url: 'https://history.example/coffee',
    description: 'Where coffee comes from',
    published: new Date('2024-05-01T00:00:00Z'),
  },
];

/** One adapter call against its fake: `found` for a query with results, `none` for one without. */
type Case = {
  name: string;
  start: () => Promise<FakeSource>;
  call: (url: string, query: string) => Promise<unknown[]>;
  found: { query: string; first: unknown };
  none: string;
};

const cases: Case[] = [
  {
    name: 'Google News RSS',
    start: () =>
      startFakeGoogleNews([
        {
          title: 'Coffee prices hit record high',
          url: 'https://news.example/coffee-prices',
          source: 'Market Times',
          published: new Date('2025-01-05T10:00:00Z'),
        },
      ]),
    call: (url, query) => googleNewsSearch({ url, timeoutMs: TIMEOUT_MS }).search({ query, count: 10 }),
    found: {
      query: 'coffee',
      first: {
        title: 'Coffee prices hit record high',
        url: 'https://news.example/coffee-prices',
        description: 'Coffee prices hit record high Market Times',
        source: 'Market Times',
        published: '2025-01-05T10:00:00.000Z',
      },
    },
    none: 'zebra',
  },
  {
    name: 'Brave Search',
    start: () => startFakeBraveSearch(PAGES, 'brave-key'),
    call: (url, query) => braveSearch({ url, apiKey: 'brave-key', timeoutMs: TIMEOUT_MS }).search({ query, count: 10 }),
    found: {
      query: 'coffee brewing',
      first: {
        title: 'Coffee brewing guide',
        url: 'https://brew.example/guide',
        description: 'How to brew coffee at home',
        source: 'Brew Lab',
      },
    },
    none: 'zebra',
  },
  {
    name: 'SerpAPI',
    start: () => startFakeSerpApi(PAGES, 'serp-key'),
    call: (url, query) =>
      serpApiSearch({ url, apiKey: 'serp-key', timeoutMs: TIMEOUT_MS }).search({ query, count: 10 }),
    found: {
      query: 'history coffee',
      first: {
        title: 'The history of coffee',
        url: 'https://history.example/coffee',
        description: 'Where coffee comes from',
        source: 'history.example',
        published: expect.stringMatching(/^2024-05-01/),
      },
    },
    none: 'zebra',
  },
  {
    name: 'Wikipedia',
    start: () =>
      startFakeWikipedia([{ title: 'Coffee', text: 'Coffee is a beverage brewed from roasted coffee beans.' }]),
    call: (url, query) => wikipedia({ url: `${url}/w/api.php`, timeoutMs: TIMEOUT_MS }).search({ query, count: 10 }),
    found: {
      query: 'coffee',
      first: expect.objectContaining({
        title: 'Coffee',
        url: expect.stringMatching(/\/wiki\/Coffee$/),
        description: 'Coffee is a beverage brewed from roasted coffee beans.',
        source: 'Wikipedia',
      }),
    },
    none: 'zebra',
  },
  {
    name: 'keyword suggestions',
    start: () => startFakeSuggest(['coffee maker', 'coffee shop near me']),
    call: (url, query) =>
      suggestQueries({ url: `${url}/complete/search?client=firefox`, timeoutMs: TIMEOUT_MS }).suggest(query),
    found: { query: 'coffee', first: 'coffee maker' },
    none: 'zebra',
  },
  {
    name: 'Datamuse',
    start: () => startFakeDatamuse({ coffee: ['java', 'espresso'] }),
    call: (url, query) => datamuse({ url, timeoutMs: TIMEOUT_MS }).related(query, 10),
    found: { query: 'coffee', first: 'java' },
    none: 'zebra',
  },
];

describe.each(cases)('$name adapter against its fake', (c) => {
  let fake: FakeSource;
  beforeAll(async () => {
    fake = await c.start();
  });
  afterAll(async () => {
    await fake?.close();
  });

  const failure = (query = c.found.query) =>
    c.call(fake.url, query).then(
      () => expect.unreachable('the call should fail'),
      (error: unknown) => {
        expect(error).toBeInstanceOf(ProviderError);
        return error as ProviderError;
      },
    );

  it('finds results', async () => {
    const found = await c.call(fake.url, c.found.query);
    expect(found[0]).toEqual(c.found.first);
  });

  it('answers an empty list when nothing matches', async () => {
    expect(await c.call(fake.url, c.none)).toEqual([]);
  });

  it('turns a 429 into a rate-limit error with Retry-After', async () => {
    fake.failNext(429, 'Too many requests');
    const error = await failure();
    expect(error.kind).toBe('rate_limited');
    expect(error.retryAfterSeconds).toBe(30);
    expect(error.message).toMatch(/rate limiting us \(429\)/);
  });

  it('turns a 5xx into unavailable and a 4xx into bad_request, with the status', async () => {
    fake.failNext(503, 'Service Unavailable');
    const down = await failure();
    expect(down.kind).toBe('unavailable');
    expect(down.message).toMatch(/answered 503/);
    fake.failNext(400, 'Bad request');
    expect((await failure()).kind).toBe('bad_request');
  });

  it('gives up after its time limit', async () => {
    fake.hangNext();
    const error = await failure();
    expect(error.kind).toBe('timeout');
    expect(error.message).toMatch(/did not answer within 0.3 s/);
  });

  it('reports a vendor that cannot be reached', async () => {
    const error = await c.call('http://127.0.0.1:9', c.found.query).catch((e: unknown) => e as ProviderError);
    expect(error).toBeInstanceOf(ProviderError);
    expect((error as ProviderError).kind).toBe('unavailable');
  });
});

describe('vendor-specific answers', () => {
  it('Brave: a wrong key is an auth error with its code', async () => {
    const fake = await startFakeBraveSearch(PAGES, 'right');
    try {
      const error = await braveSearch({ url: fake.url, apiKey: 'wrong' })
        .search({ query: 'coffee', count: 5 })
        .catch((e: unknown) => e as ProviderError);
      expect(error).toMatchObject({ kind: 'auth' });
      expect((error as Error).message).toMatch(/SUBSCRIPTION_TOKEN_INVALID/);
      expect(fake.requests[0]?.headers['x-subscription-token']).toBe('wrong');
    } finally {
      await fake.close();
    }
  });

  it('SerpAPI: a wrong key is an auth error with its message', async () => {
    const fake = await startFakeSerpApi(PAGES, 'right');
    try {
      const error = await serpApiSearch({ url: fake.url, apiKey: 'wrong' })
        .search({ query: 'coffee', count: 5 })
        .catch((e: unknown) => e as ProviderError);
      expect(error).toMatchObject({ kind: 'auth' });
      expect((error as Error).message).toMatch(/Invalid API key/);
    } finally {
      await fake.close();
    }
  });

  it('Wikipedia: extracts as plain text, missing pages left out; API errors are read', async () => {
    const fake = await startFakeWikipedia([{ title: 'Coffee', text: 'Coffee is a drink.\n\nIt has caffeine.' }]);
    try {
      const wiki = wikipedia({ url: `${fake.url}/w/api.php` });
      expect(await wiki.extracts(['Coffee', 'Nope'])).toEqual([
        { title: 'Coffee', text: 'Coffee is a drink.\n\nIt has caffeine.' },
      ]);
      expect(fake.requests.at(-1)?.query.get('explaintext')).toBe('1');
      await expect(wiki.search({ query: '', count: 5 })).rejects.toMatchObject({ kind: 'bad_request' });
    } finally {
      await fake.close();
    }
  });

  it('Google News: asks /rss/search with q, hl, gl and ceid', async () => {
    const fake = await startFakeGoogleNews([]);
    try {
      await googleNewsSearch({ url: fake.url }).search({ query: 'tea', count: 5, language: 'en' });
      const q = fake.requests[0]?.query;
      expect([fake.requests[0]?.path, q?.get('q'), q?.get('hl'), q?.get('gl'), q?.get('ceid')]).toEqual([
        '/rss/search',
        'tea',
        'en-US',
        'US',
        'US:en',
      ]);
    } finally {
      await fake.close();
    }
  });
});
