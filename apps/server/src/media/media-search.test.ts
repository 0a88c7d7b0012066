import { mkdtempSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { MediaEngine, MediaSearchResult } from '@reelwright/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers';
import { MemberClient } from '../../test/member-client';
import { createMediaProviders, type MediaProviders } from '../providers/media/registry';
import { inspectImage, networkOff } from '../providers/media/test-support';
import type { MediaSearchProvider, MediaSearchQuery } from '../providers/media/types';
import { createDiskStore } from '../storage/disk-store';
import { mediaSearchRoutes } from './routes';
import { autoFetchMedia } from './service';

let t: TestApp;
let member: MemberClient;
let network: ReturnType<typeof networkOff>;

beforeAll(async () => {
  network = networkOff();
  // Keyless vendor engines off: this suite asks only the offline ones, with the network blocked.
  t = await createTestApp('pglite', { MEDIA_KEYLESS: '0' });
  // Until app.ts registers the media search routes, the tests do.
  if (!t.app.hasRoute({ method: 'GET', url: '/api/members/media-search' })) await t.app.register(mediaSearchRoutes);
  member = new MemberClient(t);
  await member.signupVerified('media@example.com');
});
afterAll(async () => {
  await t?.close();
  expect(network.attempts).toEqual([]);
  network.restore();
});

const get = (url: string) => member.request({ method: 'GET', url });

async function storedImage(url: string) {
  return inspectImage(await readFile(await t.app.files.localCopy(url.replace(/^\/media\//, ''), t.config.dataDir)));
}

describe('GET /api/members/media-search', () => {
  it('searches emojis by keyword and answers stored colour PNGs', async () => {
    const res = await get('/api/members/media-search?keyword=pizza&type=image&source=emojis&num=2');
    expect(res.statusCode).toBe(200);
    const results = res.json() as MediaSearchResult[];
    expect(results.length).toBeGreaterThan(0);
    expect(results.length).toBeLessThanOrEqual(2);
    expect(results[0]).toMatchObject({ name: 'pizza', width: 512, height: 512 });
    const pixels = await storedImage(results[0]?.url ?? '');
    expect(pixels.coloured).toBeGreaterThan(10_000);
  });

  it('searches icons by tag, in a colour, as PNG or SVG', async () => {
    const png = await get('/api/members/media-search?keyword=favourite&source=icons&num=50&color=%2316a34a');
    expect(png.statusCode).toBe(200);
    const star = (png.json() as MediaSearchResult[]).find((r) => r.name === 'star');
    expect(star?.url).toMatch(/^\/media\/icons\/[a-f0-9]{32}\.png$/);
    const pixels = await storedImage(star?.url ?? '');
    expect(pixels.mean[1]).toBeGreaterThan(pixels.mean[0] + 60);
    const svg = await get('/api/members/media-search?keyword=star&source=icons&num=1&format=svg');
    expect((svg.json() as MediaSearchResult[])[0]?.url).toMatch(/\.svg$/);
  });

  it('lists the shapes and searches them by tag', async () => {
    const all = await get('/api/members/media-search?source=shapes');
    expect((all.json() as MediaSearchResult[]).length).toBeGreaterThan(15);
    const chat = await get('/api/members/media-search?keyword=chat&source=shapes');
    expect((chat.json() as MediaSearchResult[]).map((r) => r.name)).toEqual(['speech bubble']);
  });

  it('answers generated backgrounds, the same for the same keyword', async () => {
    const a = await get('/api/members/media-search?keyword=sunset&source=generated&num=1');
    const b = await get('/api/members/media-search?keyword=sunset&source=generated&num=1');
    expect(a.statusCode).toBe(200);
    expect(a.json()).toEqual(b.json());
    expect(a.json()).toEqual([expect.objectContaining({ width: 1280, height: 720, name: 'sunset background' })]);
  });

  it('answers an empty list when nothing matches', async () => {
    const res = await get('/api/members/media-search?keyword=zzqqxx&source=emojis');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
  });

  it.each([
    ['pixabay', 'engine_not_configured'],
    ['free-sound', 'engine_not_configured'],
    ['wikimedia', 'engine_not_configured'],
    ['altavista', 'unknown_engine'],
  ])('refuses the %s engine with %s', async (source, code) => {
    const res = await get(`/api/members/media-search?keyword=cat&source=${source}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code, field: 'source' });
    if (code === 'engine_not_configured') expect(res.json().error).toContain('not configured');
  });

  it.each([
    ['no source', '/api/members/media-search?keyword=cat'],
    ['a bad type', '/api/members/media-search?keyword=cat&source=emojis&type=gif'],
    ['num 0', '/api/members/media-search?keyword=cat&source=emojis&num=0'],
    ['num over 100', '/api/members/media-search?keyword=cat&source=emojis&num=101'],
    ['num not a number', '/api/members/media-search?keyword=cat&source=emojis&num=lots'],
    ['a bad colour', '/api/members/media-search?keyword=cat&source=icons&color=red'],
    ['a bad format', '/api/members/media-search?keyword=cat&source=icons&format=gif'],
    ['a huge keyword', `/api/members/media-search?source=emojis&keyword=${'a'.repeat(201)}`],
    ['video from emojis', '/api/members/media-search?keyword=cat&source=emojis&type=video'],
  ])('answers 400 for %s', async (_name, url) => {
    const res = await get(url);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toEqual(expect.any(String));
  });

  it('is for members only', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/members/media-search?keyword=cat&source=emojis' });
    expect(res.statusCode).toBe(401);
  });
});

describe('GET /api/queries/search/{type}/{source}', () => {
  it('searches an offline engine with q', async () => {
    const res = await get('/api/queries/search/image/emojis?q=rocket&num=1');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      expect.objectContaining({ name: 'rocket', url: expect.stringMatching(/^\/media\/emojis\//) }),
    ]);
    const icons = await get('/api/queries/search/image/icons?q=camera');
    expect((icons.json() as MediaSearchResult[])[0]?.name).toBe('camera');
  });

  it('answers 400 for engines not configured, unknown types and bad input', async () => {
    const giphy = await get('/api/queries/search/video/giphy?q=cat');
    expect(giphy.statusCode).toBe(400);
    expect(giphy.json()).toMatchObject({ code: 'engine_not_configured' });
    expect((await get('/api/queries/search/gif/emojis?q=cat')).statusCode).toBe(400);
    expect((await get('/api/queries/search/audio/shapes?q=cat')).statusCode).toBe(400);
    expect((await get('/api/queries/search/image/emojis?q=cat&num=-1')).statusCode).toBe(400);
  });

  it('is for members only', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/queries/search/image/emojis?q=cat' });
    expect(res.statusCode).toBe(401);
  });
});

/** An engine that answers what it is given and records what it was asked. */
function fakeEngine(engine: MediaEngine, answer: (q: MediaSearchQuery) => MediaSearchResult[] | Error) {
  const asked: MediaSearchQuery[] = [];
  const provider: MediaSearchProvider = {
    engine,
    types: ['image', 'video'],
    async search(query) {
      asked.push(query);
      const result = answer(query);
      if (result instanceof Error) throw result;
      return result;
    },
  };
  return { provider, asked };
}
const item = (url: string): MediaSearchResult => ({ url, thumbnail: url, name: url, width: 1, height: 1 });

describe('autoFetchMedia (spec 001 §4)', () => {
  function providersWith(...fakes: ReturnType<typeof fakeEngine>[]): MediaProviders {
    const offline = createMediaProviders(createDiskStore(mkdtempSync(path.join(tmpdir(), 'rw-autofetch-'))));
    const engines = new Map(offline.engines);
    for (const fake of fakes) engines.set(fake.provider.engine as MediaEngine, fake.provider);
    return { engines, cache: offline.cache };
  }

  it('offline: stands in a generated background seeded from the keyword', async () => {
    const providers = providersWith();
    const first = await autoFetchMedia(providers, { text: 'Mountain lake' }, new Set());
    expect(first).toMatchObject({ engine: 'generated', type: 'image', width: 1280, height: 720 });
    expect((await autoFetchMedia(providers, { text: 'mountain lake' }, new Set())).url).toBe(first.url);
    expect((await autoFetchMedia(providers, { text: 'desert' }, new Set())).url).not.toBe(first.url);
  });

  it('asks the chain in order, skips failures and used items, and takes the first unused', async () => {
    const pixabay = fakeEngine('pixabay', () => new Error('rate limited'));
    const unsplash = fakeEngine('unsplash', () => [item('u1')]);
    const pexel = fakeEngine('pexel', () => [item('p1'), item('p2')]);
    const google = fakeEngine('google', () => [item('g1')]);
    const logged: string[] = [];
    const result = await autoFetchMedia(
      providersWith(google, pexel, unsplash, pixabay),
      { text: 'river', firstLineOfFirstSlide: true },
      new Set(['u1', 'p1']),
      (m) => logged.push(m),
    );
    expect(result).toMatchObject({ url: 'p2', engine: 'pexel', type: 'image' });
    expect(pixabay.asked).toEqual([{ keyword: 'river', type: 'video', num: 50 }]);
    expect(unsplash.asked).toEqual([{ keyword: 'river', type: 'image', num: 50 }]);
    expect(google.asked).toEqual([]);
    expect(logged).toEqual([expect.stringContaining('pixabay failed: rate limited')]);
  });

  it('sends an emphasised line to google images for 10 first', async () => {
    const googleImages = fakeEngine('google-images', () => [item('gi1')]);
    const pixabay = fakeEngine('pixabay', () => [item('x')]);
    const result = await autoFetchMedia(providersWith(pixabay, googleImages), { text: '**Tower Bridge**' }, new Set());
    expect(result).toMatchObject({ url: 'gi1', engine: 'google-images' });
    expect(googleImages.asked).toEqual([{ keyword: 'Tower Bridge', type: 'image', num: 10 }]);
    expect(pixabay.asked).toEqual([]);
  });

  it('falls back to a generated background when every engine is empty or used', async () => {
    const pixabay = fakeEngine('pixabay', () => [item('used')]);
    const googleImages = fakeEngine('google-images', () => []);
    const result = await autoFetchMedia(providersWith(pixabay, googleImages), { text: 'calm' }, new Set(['used']));
    expect(result.engine).toBe('generated');
    expect(googleImages.asked).toEqual([{ keyword: 'calm', type: 'image', num: 10 }]);
  });
});
