import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildMember, requestsAs } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/helpers';
import { networkOff } from '../providers/media/test-support';

let t: TestApp;
let network: ReturnType<typeof networkOff>;

beforeAll(async () => {
  network = networkOff();
  // Keyless vendor engines off: only the offline engines, with the network blocked.
  t = await createTestApp('pglite', { MEDIA_KEYLESS: '0' });
});
afterAll(async () => {
  await t?.close();
  expect(network.attempts).toEqual([]);
  network.restore();
});

describe('POST /api/members/media-auto-fetch (spec 001 §4)', () => {
  it('answers a visitor the generated background for the line when no engine finds anything', async () => {
    const visitor = requestsAs(t.app);
    const res = await visitor.post('/api/members/media-auto-fetch', {
      text: 'Sunset over the **sea**',
      firstLineOfFirstSlide: true,
      used: ['/media/generated/elsewhere.png'],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      url: expect.stringMatching(/^\/media\/generated\/[a-f0-9]{32}\.jpg$/),
      thumbnail: expect.any(String),
      width: 1280,
      height: 720,
      engine: 'generated',
      type: 'image',
    });
    const again = await visitor.post('/api/members/media-auto-fetch', { text: 'Sunset over the **sea**' });
    expect(again.json().url).toBe(res.json().url);
    const file = await t.app.inject({ method: 'GET', url: res.json().url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/jpeg');
  });

  it('refuses a blank line, too many used URLs and a bad flag', async () => {
    const visitor = requestsAs(t.app);
    for (const [body, field] of [
      [{ text: '  ** **  ' }, 'text'],
      [{}, 'text'],
      [{ text: 'x'.repeat(1001) }, 'text'],
      [{ text: 'coffee', used: Array.from({ length: 1001 }, (_, i) => `https://x.test/${i}.jpg`) }, 'used'],
      [{ text: 'coffee', firstLineOfFirstSlide: 'yes' }, 'firstLineOfFirstSlide'],
    ] as const) {
      const res = await visitor.post('/api/members/media-auto-fetch', body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 60)).toBe(400);
      expect(res.json()).toMatchObject({ code: 'invalid_input', field });
    }
    const blank = await visitor.post('/api/members/media-auto-fetch', { text: '' });
    expect(blank.json().error).toMatch(/please add some text first to add images/);
  });
});

describe('GET /api/members/media-engines', () => {
  it('lists the configured engines with their media types; the library only for members', async () => {
    const visitor = await requestsAs(t.app).get('/api/members/media-engines');
    expect(visitor.statusCode).toBe(200);
    expect(visitor.json()).toEqual({
      engines: [
        { engine: 'emojis', types: ['image'] },
        { engine: 'icons', types: ['image'] },
        { engine: 'shapes', types: ['image'] },
        { engine: 'generated', types: ['image'] },
      ],
    });
    const { cookie } = await buildMember(t.app);
    const member = (await requestsAs(t.app, cookie).get('/api/members/media-engines')).json();
    expect(member.engines.map((e: { engine: string }) => e.engine)).toEqual([
      'emojis',
      'icons',
      'shapes',
      'generated',
      'library',
    ]);
  });
});

describe('rate limit', () => {
  it('allows 120 auto-fetches a minute per client, then answers 429', async () => {
    const visitor = requestsAs(t.app);
    const statuses: number[] = [];
    // Bad input is cheap and still counts against the limit.
    for (let i = 0; i < 125; i++) statuses.push((await visitor.post('/api/members/media-auto-fetch', {})).statusCode);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThan(0);
    const limited = await visitor.post('/api/members/media-auto-fetch', { text: 'coffee' });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: 'rate_limited' });
  });
});
