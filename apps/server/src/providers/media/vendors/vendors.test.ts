import {
  type FakeSource,
  startFakeBraveImages,
  startFakeFreesound,
  startFakeGiphy,
  startFakeGoogleImages,
  startFakeOpenverse,
  startFakePexels,
  startFakePixabay,
  startFakeUnsplash,
  startFakeWikimedia,
  startFakeYoutube,
} from '@reelwright/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testConfig } from '../../../../test/helpers';
import { MemberClient } from '../../../../test/member-client';
import { ProviderError } from '../../http/provider-error';
import type { MediaSearchProvider, MediaSearchResult, MediaType } from '../types';
import { bingViaBraveImages } from './bing';
import { freesound } from './freesound';
import { giphy } from './giphy';
import { googleImages } from './google';
import { createVendorEngines } from './index';
import { openverse } from './openverse';
import { pexels } from './pexels';
import { pixabay } from './pixabay';
import { unsplash } from './unsplash';
import { wikimedia } from './wikimedia';
import { youtube } from './youtube';

/** Short, so the time-out tests are quick; the fakes answer in a few milliseconds. */
const TIMEOUT_MS = 400;

type Case = {
  engine: string;
  type: MediaType;
  start: () => Promise<FakeSource>;
  adapter: (url: string, key: string) => MediaSearchProvider;
  /** The right key, and how a wrong one is refused (Pixabay and Google: a 400 naming the key). */
  key: string;
  /** What the first hit for "mountain" maps to. */
  first: MediaSearchResult;
  /** How many "mountain" items of that type the fake catalogue holds. */
  count: number;
};

const CASES: Case[] = [
  {
    engine: 'pixabay',
    type: 'image',
    start: () => startFakePixabay(),
    adapter: (url, apiKey) => pixabay({ url, apiKey, timeoutMs: TIMEOUT_MS }),
    key: 'pixabay-test-key',
    first: {
      url: 'https://cdn.pixabay.example/photo/101_1280.jpg',
      thumbnail: 'https://cdn.pixabay.example/photo/101_640.jpg',
      name: 'mountain',
      width: 1280,
      height: 853,
    },
    count: 3,
  },
  {
    engine: 'pixabay',
    type: 'video',
    start: () => startFakePixabay(),
    adapter: (url, apiKey) => pixabay({ url, apiKey, timeoutMs: TIMEOUT_MS }),
    key: 'pixabay-test-key',
    first: {
      url: 'https://cdn.pixabay.example/video/201/medium.mp4',
      thumbnail: 'https://cdn.pixabay.example/video/201/medium.jpg',
      name: 'mountain',
      width: 1920,
      height: 1080,
      duration: 18,
    },
    count: 2,
  },
  {
    engine: 'pexel',
    type: 'image',
    start: () => startFakePexels(),
    adapter: (url, apiKey) => pexels({ url, apiKey, timeoutMs: TIMEOUT_MS }),
    key: 'pexels-test-key',
    first: {
      url: 'https://images.pexels.example/photos/101/pexels-photo-101.jpeg',
      thumbnail: 'https://images.pexels.example/photos/101/pexels-photo-101.jpeg?auto=compress&cs=tinysrgb&h=350',
      name: 'Snowy mountain peak',
      width: 4000,
      height: 2667,
    },
    count: 3,
  },
  {
    engine: 'pexel',
    type: 'video',
    start: () => startFakePexels(),
    adapter: (url, apiKey) => pexels({ url, apiKey, timeoutMs: TIMEOUT_MS }),
    key: 'pexels-test-key',
    first: {
      url: 'https://videos.pexels.example/video-files/201/1920x1080.mp4',
      thumbnail: 'https://images.pexels.example/videos/201/preview.jpeg',
      name: 'mountain timelapse',
      width: 1920,
      height: 1080,
      duration: 18,
    },
    count: 2,
  },
  {
    engine: 'unsplash',
    type: 'image',
    start: () => startFakeUnsplash(),
    adapter: (url, apiKey) => unsplash({ url, apiKey, timeoutMs: TIMEOUT_MS }),
    key: 'unsplash-test-key',
    first: {
      url: 'https://images.unsplash.example/photo-101?ixid=test&fm=jpg&q=85&fit=max',
      thumbnail: 'https://images.unsplash.example/photo-101?ixid=test&fm=jpg&q=80&w=400&fit=max',
      name: 'snowy mountain peak',
      width: 4000,
      height: 2667,
    },
    count: 3,
  },
  {
    engine: 'giphy',
    type: 'video',
    start: () => startFakeGiphy(),
    adapter: (url, apiKey) => giphy({ url, apiKey, timeoutMs: TIMEOUT_MS }),
    key: 'giphy-test-key',
    first: {
      url: 'https://media.giphy.example/media/g201/giphy.mp4',
      thumbnail: 'https://media.giphy.example/media/g201/200w_s.gif',
      name: 'Mountain timelapse GIF',
      width: 480,
      height: 270,
    },
    count: 2,
  },
  {
    engine: 'google',
    type: 'image',
    start: () => startFakeGoogleImages(),
    adapter: (url, apiKey) => googleImages('google', { url, apiKey, cx: 'test-cx', timeoutMs: TIMEOUT_MS }),
    key: 'google-test-key',
    first: {
      url: 'https://photos.example.com/snowy-mountain-peak.jpg',
      thumbnail: 'https://encrypted-tbn0.gstatic.example/images?q=tbn:101',
      name: 'Snowy mountain peak - Example',
      width: 4000,
      height: 2667,
    },
    count: 3,
  },
  {
    engine: 'bing',
    type: 'image',
    start: () => startFakeBraveImages(),
    adapter: (url, apiKey) => bingViaBraveImages({ url, apiKey, timeoutMs: TIMEOUT_MS }),
    key: 'brave-test-key',
    first: {
      url: 'https://photos.example.com/snowy-mountain-peak.jpg',
      thumbnail: 'https://imgs.search.brave.example/101.jpg',
      name: 'Snowy mountain peak',
      width: 4000,
      height: 2667,
    },
    count: 3,
  },
  {
    engine: 'youtube',
    type: 'video',
    start: () => startFakeYoutube(),
    adapter: (url, apiKey) => youtube({ url, apiKey, timeoutMs: TIMEOUT_MS }),
    key: 'youtube-test-key',
    first: {
      url: 'https://www.youtube.com/watch?v=yt201',
      thumbnail: 'https://i.ytimg.example/vi/yt201/hqdefault.jpg',
      name: 'Mountain timelapse',
      width: 0,
      height: 0,
    },
    count: 2,
  },
  {
    engine: 'free-sound',
    type: 'audio',
    start: () => startFakeFreesound(),
    adapter: (url, apiKey) => freesound({ url, apiKey, timeoutMs: TIMEOUT_MS }),
    key: 'freesound-test-key',
    first: {
      url: 'https://cdn.freesound.example/previews/301-hq.mp3',
      thumbnail: 'https://cdn.freesound.example/displays/301_wave_M.png',
      name: 'mountain-wind',
      width: 0,
      height: 0,
      duration: 42.5,
    },
    count: 1,
  },
  {
    engine: 'openverse',
    type: 'image',
    start: () => startFakeOpenverse(),
    adapter: (url) => openverse({ url, timeoutMs: TIMEOUT_MS }),
    key: '',
    first: {
      url: 'https://live.staticflickr.example/101_o.jpg',
      thumbnail: 'https://api.openverse.example/v1/images/101/thumb/',
      name: 'Snowy mountain peak',
      width: 4000,
      height: 2667,
    },
    count: 3,
  },
  {
    engine: 'openverse',
    type: 'audio',
    start: () => startFakeOpenverse(),
    adapter: (url) => openverse({ url, timeoutMs: TIMEOUT_MS }),
    key: '',
    first: {
      url: 'https://freesound.example/data/previews/301.mp3',
      thumbnail: '',
      name: 'Mountain wind',
      width: 0,
      height: 0,
      duration: 42.5,
    },
    count: 1,
  },
  {
    engine: 'wikimedia',
    type: 'image',
    start: () => startFakeWikimedia(),
    adapter: (url) => wikimedia({ url: `${url}/w/api.php`, timeoutMs: TIMEOUT_MS }),
    key: '',
    first: {
      url: 'https://upload.wikimedia.example/Snowy_mountain_peak.jpg',
      thumbnail: 'https://upload.wikimedia.example/thumb/Snowy_mountain_peak.jpg/320px-Snowy_mountain_peak.jpg.jpg',
      name: 'Snowy mountain peak',
      width: 4000,
      height: 2667,
    },
    count: 3,
  },
  {
    engine: 'wikimedia',
    type: 'video',
    start: () => startFakeWikimedia(),
    adapter: (url) => wikimedia({ url: `${url}/w/api.php`, timeoutMs: TIMEOUT_MS }),
    key: '',
    first: {
      url: 'https://upload.wikimedia.example/Mountain_timelapse.webm',
      thumbnail: 'https://upload.wikimedia.example/thumb/Mountain_timelapse.webm/320px-Mountain_timelapse.webm.jpg',
      name: 'Mountain timelapse',
      width: 3840,
      height: 2160,
      duration: 18,
    },
    count: 2,
  },
];

describe.each(CASES)('$engine ($type)', (c) => {
  let fake: FakeSource;
  let provider: MediaSearchProvider;
  beforeAll(async () => {
    fake = await c.start();
    provider = c.adapter(fake.url, c.key);
  });
  afterAll(() => fake.close());
  const search = (keyword: string, num = 10) => provider.search({ keyword, type: c.type, num });

  it('maps the vendor answer to url, thumbnail, name, size and duration', async () => {
    const results = await search('mountain');
    expect(results).toHaveLength(c.count);
    expect(results[0]).toEqual(c.first);
    expect(provider.engine).toBe(c.engine);
    expect(provider.types).toContain(c.type);
  });

  it('answers at most num results', async () => {
    expect(await search('mountain', 1)).toHaveLength(1);
  });

  it('answers an empty list when nothing matches', async () => {
    expect(await search('zzqqxx')).toEqual([]);
  });

  // Vendors that take no key (an empty one here) have no wrong key to refuse.
  if (c.key !== '') {
    it('refuses a wrong key as an auth failure, the way the vendor does', async () => {
      const wrong = c.adapter(fake.url, 'wrong-key');
      const error = await wrong.search({ keyword: 'mountain', type: c.type, num: 5 }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ProviderError);
      expect(error).toMatchObject({ kind: 'auth', statusCode: 502, code: 'provider_auth' });
      expect((error as Error).message).toMatch(/refused our API key/);
    });
  }

  it.each([
    [401, 'auth', 502, 'provider_auth'],
    [429, 'rate_limited', 429, 'provider_rate_limited'],
    [500, 'unavailable', 502, 'provider_unavailable'],
  ] as const)('turns a %i into a clear %s error', async (status, kind, statusCode, code) => {
    fake.failNext(status);
    const error = await search('mountain').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderError);
    expect(error).toMatchObject({ kind, statusCode, code });
    if (status === 429) expect(error).toMatchObject({ retryAfterSeconds: 30 });
  });

  it('gives up after its time limit when the vendor does not answer', async () => {
    fake.hangNext();
    const started = Date.now();
    const error = await search('mountain').catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'timeout', statusCode: 504, code: 'provider_timeout' });
    expect((error as Error).message).toMatch(/did not answer within 0.4 s/);
    expect(Date.now() - started).toBeLessThan(TIMEOUT_MS + 2000);
  });
});

describe('what the adapters send', () => {
  it('sends each vendor its key the way it expects, and the query', async () => {
    const pexelsFake = await startFakePexels();
    const unsplashFake = await startFakeUnsplash();
    const pixabayFake = await startFakePixabay();
    try {
      await pexels({ url: pexelsFake.url, apiKey: 'pexels-test-key' }).search({
        keyword: 'red car',
        type: 'image',
        num: 200,
      });
      expect(pexelsFake.requests[0]?.headers.authorization).toBe('pexels-test-key');
      expect(pexelsFake.requests[0]?.query.get('query')).toBe('red car');
      expect(pexelsFake.requests[0]?.query.get('per_page')).toBe('80');
      await unsplash({ url: unsplashFake.url, apiKey: 'unsplash-test-key' }).search({
        keyword: 'x',
        type: 'image',
        num: 50,
      });
      expect(unsplashFake.requests[0]?.headers.authorization).toBe('Client-ID unsplash-test-key');
      expect(unsplashFake.requests[0]?.query.get('per_page')).toBe('30');
      // Pixabay refuses per_page below 3; one result asked is three asked and one kept.
      const one = await pixabay({ url: pixabayFake.url, apiKey: 'pixabay-test-key' }).search({
        keyword: 'mountain',
        type: 'image',
        num: 1,
      });
      expect(one).toHaveLength(1);
      expect(pixabayFake.requests[0]?.query.get('per_page')).toBe('3');
      expect(pixabayFake.requests[0]?.query.get('safesearch')).toBe('true');
    } finally {
      await Promise.all([pexelsFake.close(), unsplashFake.close(), pixabayFake.close()]);
    }
  });

  it('answers nothing for a media type the engine does not have', async () => {
    const fake = await startFakeUnsplash();
    try {
      expect(await unsplash({ url: fake.url, apiKey: 'k' }).search({ keyword: 'x', type: 'video', num: 5 })).toEqual(
        [],
      );
      expect(fake.requests).toHaveLength(0);
    } finally {
      await fake.close();
    }
  });

  it('reads a MediaWiki error answered with status 200', async () => {
    const fake = await startFakeWikimedia();
    try {
      fake.apiErrorNext('toomanyvalues', 'Too many values supplied for parameter "gsrsearch".');
      const error = await wikimedia({ url: `${fake.url}/w/api.php` })
        .search({ keyword: 'mountain', type: 'image', num: 5 })
        .catch((e: unknown) => e);
      expect(error).toMatchObject({ kind: 'bad_request', code: 'provider_bad_request' });
      expect((error as Error).message).toMatch(/gsrsearch/);
    } finally {
      await fake.close();
    }
  });

  it('reports an unreachable vendor as unavailable', async () => {
    const fake = await startFakePixabay();
    const url = fake.url;
    await fake.close();
    const error = await pixabay({ url, apiKey: 'pixabay-test-key' })
      .search({ keyword: 'x', type: 'image', num: 5 })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'unavailable', code: 'provider_unavailable' });
    expect((error as Error).message).toMatch(/could not be reached/);
  });

  it('reads a quota spent at Google (403 quotaExceeded) as rate limiting', async () => {
    const fake = await startFakeYoutube();
    try {
      fake.failNext(403, 'The request cannot be completed because you have exceeded your quota.');
      const error = await youtube({ url: fake.url, apiKey: 'youtube-test-key' })
        .search({ keyword: 'x', type: 'video', num: 5 })
        .catch((e: unknown) => e);
      expect(error).toMatchObject({ kind: 'rate_limited', statusCode: 429 });
    } finally {
      await fake.close();
    }
  });
});

describe('which engines the configuration offers', () => {
  const names = (env: Record<string, string>) => createVendorEngines(testConfig(env).media).map(([name]) => name);

  it('offers the keyless engines by default and each keyed one with its key', () => {
    expect(names({})).toEqual(['openverse', 'wikimedia']);
    expect(names({ MEDIA_KEYLESS: '0' })).toEqual([]);
    expect(
      names({
        MEDIA_KEYLESS: '0',
        PIXABAY_API_KEY: 'a',
        PEXELS_API_KEY: 'b',
        UNSPLASH_ACCESS_KEY: 'c',
        GIPHY_API_KEY: 'd',
        GOOGLE_SEARCH_API_KEY: 'e',
        GOOGLE_SEARCH_CX: 'f',
        BRAVE_SEARCH_API_KEY: 'g',
        YOUTUBE_API_KEY: 'h',
        FREESOUND_API_KEY: 'i',
      }),
    ).toEqual(['pixabay', 'pexel', 'unsplash', 'giphy', 'google', 'google-images', 'bing', 'youtube', 'free-sound']);
  });

  it('needs both the key and the engine id for Google', () => {
    expect(names({ MEDIA_KEYLESS: '0', GOOGLE_SEARCH_API_KEY: 'e' })).toEqual([]);
  });
});

describe('GET /api/queries/search/{type}/{source} with vendors configured', () => {
  let t: TestApp;
  let member: MemberClient;
  let pixabayFake: FakeSource;
  let openverseFake: FakeSource;

  beforeAll(async () => {
    pixabayFake = await startFakePixabay();
    openverseFake = await startFakeOpenverse();
    t = await createTestApp('pglite', {
      PIXABAY_API_KEY: 'pixabay-test-key',
      PIXABAY_URL: pixabayFake.url,
      OPENVERSE_URL: openverseFake.url,
      WIKIMEDIA_API_URL: 'http://127.0.0.1:9/w/api.php',
    });
    member = new MemberClient(t);
    await member.signupVerified('vendors@example.com');
  });
  afterAll(async () => {
    await t?.close();
    await pixabayFake?.close();
    await openverseFake?.close();
  });

  // The app's own search routes, with the engines its configuration gives.
  const get = (url: string) => member.request({ method: 'GET', url });

  it('serves pixabay images and videos', async () => {
    const images = await get('/api/queries/search/image/pixabay?q=mountain&num=2');
    expect(images.statusCode).toBe(200);
    expect(images.json()).toEqual([
      expect.objectContaining({ url: 'https://cdn.pixabay.example/photo/101_1280.jpg', width: 1280, height: 853 }),
      expect.objectContaining({ url: 'https://cdn.pixabay.example/photo/102_1280.jpg' }),
    ]);
    const videos = await get('/api/members/media-search?keyword=mountain&type=video&source=pixabay&num=5');
    expect(videos.statusCode).toBe(200);
    expect((videos.json() as MediaSearchResult[]).map((v) => v.duration)).toEqual([18, 9]);
  });

  it('serves the keyless openverse engine', async () => {
    const res = await get('/api/queries/search/audio/openverse?q=wind');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([expect.objectContaining({ name: 'Mountain wind', duration: 42.5 })]);
  });

  it('keeps engine_not_configured for vendors without a key', async () => {
    const res = await get('/api/queries/search/image/unsplash?q=mountain');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'engine_not_configured' });
  });

  it('answers vendor failures with their own status and code', async () => {
    pixabayFake.failNext(429);
    const limited = await get('/api/queries/search/image/pixabay?q=mountain');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: 'provider_rate_limited' });
    expect(limited.json().error).toMatch(/Pixabay is rate limiting us/);
    pixabayFake.failNext(500);
    const down = await get('/api/queries/search/image/pixabay?q=mountain');
    expect(down.statusCode).toBe(502);
    expect(down.json()).toMatchObject({ code: 'provider_unavailable' });
  });
});
