import { readFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { type FakeRemoveBg, startFakeRemoveBg } from '@reelwright/testkit';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { MemberClient } from '../../../test/member-client';
import { removeBgRoutes } from '../../remove-bg/routes';

/** `POST /api/members/remove-bg` against the remove.bg fake; pictures come from a loopback server. */
let t: TestApp;
let member: MemberClient;
let fake: FakeRemoveBg;
let server: http.Server;
let origin: string;
let photo: Buffer;

async function withRemoveBgRoutes(app: TestApp) {
  // Until app.ts registers the route, the tests do.
  if (!app.app.hasRoute({ method: 'POST', url: '/api/members/remove-bg' })) await app.app.register(removeBgRoutes);
  return app;
}

beforeAll(async () => {
  photo = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#2f855a' } })
    .jpeg()
    .toBuffer();
  server = http.createServer((request, response) => {
    if (request.url === '/Red%20fox.jpg') return response.writeHead(200, { 'content-type': 'image/jpeg' }).end(photo);
    if (request.url === '/page.html') return response.writeHead(200, { 'content-type': 'text/html' }).end('<p>hi</p>');
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake = await startFakeRemoveBg('rb-key');
  t = await withRemoveBgRoutes(
    await createTestApp('pglite', {
      FETCH_ALLOW_PRIVATE: '1',
      REMOVE_BG_API_KEY: 'rb-key',
      REMOVE_BG_URL: fake.url,
      CHROMIUM_PATH: 'off',
    }),
  );
  member = new MemberClient(t);
  await member.signupVerified('cutout@example.com');
}, 120_000);
afterAll(async () => {
  await t?.close();
  await fake?.close();
  await new Promise((resolve) => server?.close(resolve));
});

const removeBg = (url: string, client = member) =>
  client.request({ method: 'POST', url: '/api/members/remove-bg', payload: { url } });

async function stored(url: string): Promise<Buffer> {
  return readFile(await t.app.files.localCopy(url.replace(/^\/media\//, ''), t.config.dataDir));
}

describe('POST /api/members/remove-bg', () => {
  it('stores a PNG with a transparent background in the library', async () => {
    const res = await removeBg(`${origin}/Red%20fox.jpg`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ type: 'image', width: 300, height: 200, name: 'Red fox no background' });
    expect(body.url).toMatch(/^\/media\/uploads\/[0-9a-f]{32}\.png$/);
    const png = await stored(body.url);
    expect(await sharp(png).metadata()).toMatchObject({ format: 'png', hasAlpha: true, width: 300, height: 200 });
    const { data } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
    expect(data[3]).toBe(0); // the corner is see-through
    expect(data[(100 * 300 + 150) * 4 + 3]).toBe(255); // the middle is kept

    const sent = fake.requests.at(-1);
    expect(sent?.headers['x-api-key']).toBe('rb-key');
    expect(sent?.body.includes(Buffer.from('name="image_file"'))).toBe(true);
    expect(sent?.body.includes(Buffer.from('name="size"\r\n\r\nauto'))).toBe(true);

    const listed = await member.request({
      method: 'GET',
      url: '/api/members/media-search?source=library&keyword=fox',
    });
    expect(listed.json()).toEqual(expect.arrayContaining([expect.objectContaining({ url: body.url })]));
  });

  it('works on one of our own pictures', async () => {
    const first = (await removeBg(`${origin}/Red%20fox.jpg`)).json();
    const again = await removeBg(first.url);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ name: 'picture no background', width: 300, height: 200 });
    expect(again.json().url).not.toBe(first.url);
  });

  it("refuses another member's upload as if it were missing, and sends nothing", async () => {
    const mine = (await removeBg(`${origin}/Red%20fox.jpg`)).json();
    const other = new MemberClient(t);
    await other.signupVerified('someone-else@example.com');
    const before = fake.requests.length;
    const res = await removeBg(mine.url, other);
    expect(res.statusCode, res.body).toBe(404);
    expect(res.json().error).toBe(
      (await removeBg('/media/uploads/0123456789abcdef0123456789abcdef.png', other)).json().error,
    );
    expect(fake.requests.length).toBe(before);
    const theirs = await other.request({ method: 'GET', url: '/api/members/media-search?source=library&keyword=fox' });
    expect(theirs.json()).toEqual([]);
  });

  it.each([
    [402, 503, 'remove_bg_credits', /no credits left/],
    [429, 429, 'remove_bg_rate_limited', /try again in 30 seconds/],
    [500, 502, 'remove_bg_unavailable', /try again later/],
    [403, 502, 'remove_bg_auth', /REMOVE_BG_API_KEY/],
    [400, 422, 'remove_bg_rejected', /could not work with this picture/],
  ])('turns a remove.bg %i into a %i %s', async (vendorStatus, status, code, message) => {
    fake.failNext(vendorStatus);
    const res = await removeBg(`${origin}/Red%20fox.jpg`);
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json()).toMatchObject({ code, error: expect.stringMatching(message) });
  });

  it('refuses visitors, bad addresses and things that are not pictures', async () => {
    const visitor = await t.app.inject({
      method: 'POST',
      url: '/api/members/remove-bg',
      payload: { url: `${origin}/Red%20fox.jpg` },
    });
    expect(visitor.statusCode).toBe(401);
    const before = fake.requests.length;
    expect((await removeBg('ftp://example.com/a.png')).statusCode).toBe(400);
    expect((await removeBg('not a url')).json()).toMatchObject({ code: 'invalid_input', field: 'url' });
    expect((await removeBg('/media/secret/../../etc/passwd')).statusCode).toBe(400);
    expect((await removeBg('/media/uploads/missing.png')).statusCode).toBe(404);
    expect((await removeBg(`${origin}/page.html`)).statusCode).toBe(415);
    expect((await removeBg(`${origin}/missing.png`)).json()).toMatchObject({ code: 'fetch_failed' });
    expect(fake.requests.length).toBe(before);
  });
});

describe('without a key', () => {
  it('answers 501 not_configured, naming the variable to set', async () => {
    const bare = await withRemoveBgRoutes(await createTestApp('pglite', { CHROMIUM_PATH: 'off' }));
    try {
      const client = new MemberClient(bare);
      await client.signupVerified('nokey@example.com');
      const res = await client.request({
        method: 'POST',
        url: '/api/members/remove-bg',
        payload: { url: 'https://example.com/a.png' },
      });
      expect(res.statusCode).toBe(501);
      expect(res.json()).toMatchObject({ code: 'not_configured', error: expect.stringContaining('REMOVE_BG_API_KEY') });
    } finally {
      await bare.close();
    }
  });
});
