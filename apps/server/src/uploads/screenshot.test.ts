import { readFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers';
import { MemberClient } from '../../test/member-client';
import { createPageScreenshotter, type Screenshotter, turns } from './screenshot';

/**
 * Page screenshots in Debian's Chromium (media by URL, issue 6). The page, its stylesheet and its
 * picture come from a loopback server started here; the browser reaches it only through the
 * guarded client, so with private addresses refused nothing reaches the server at all.
 */
const PAGE = `<!doctype html><html><head><link rel="stylesheet" href="/style.css"></head>
<body><img src="/blue.png" alt=""><p>Hello</p></body></html>`;
const STYLE = `body { margin: 0; background: rgb(220, 30, 30); }
img { position: absolute; left: 0; top: 0; width: 400px; height: 300px; }
p { display: none; }`;
const MANY = `<!doctype html><body>${Array.from({ length: 12 }, (_, i) => `<img src="/blue.png?${i}">`).join('')}</body>`;

let t: TestApp;
let member: MemberClient;
let server: http.Server;
let origin: string;
const hits: string[] = [];
let blue: Buffer;

beforeAll(async () => {
  blue = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#1e3cdc' } })
    .png()
    .toBuffer();
  server = http.createServer((request, response) => {
    hits.push(request.url ?? '');
    const send = (type: string, body: Buffer | string) => {
      response.writeHead(200, { 'content-type': type });
      response.end(body);
    };
    if (request.url === '/page.html') return send('text/html; charset=utf-8', PAGE);
    if (request.url === '/many.html') return send('text/html; charset=utf-8', MANY);
    if (request.url === '/style.css') return send('text/css', STYLE);
    if (request.url?.startsWith('/blue.png')) return send('image/png', blue);
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  t = await createTestApp('pglite', { FETCH_ALLOW_PRIVATE: '1' });
  member = new MemberClient(t);
  await member.signupVerified('shooter@example.com');
}, 120_000);
afterAll(async () => {
  await t?.close();
  await new Promise((resolve) => server?.close(resolve));
});

/** The colour of one pixel of a PNG, as [r, g, b]. */
async function pixel(png: Buffer, x: number, y: number): Promise<number[]> {
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const at = (y * info.width + x) * info.channels;
  return [data[at], data[at + 1], data[at + 2]] as number[];
}

const near = (actual: number[], expected: number[]) =>
  expect(
    actual.every((v, i) => Math.abs(v - (expected[i] as number)) <= 6),
    `${actual} ≈ ${expected}`,
  ).toBe(true);

describe('page screenshots', () => {
  it('finds Chromium for the tests', () => {
    expect(t.config.uploads.chromiumPath, 'install Chromium: sudo apt-get install -y chromium').toBeTruthy();
  });

  it('imports a page as a 1280×720 screenshot showing its stylesheet and picture', async () => {
    hits.length = 0;
    const res = await member.request({
      method: 'POST',
      url: '/api/members/uploads/url',
      payload: { url: `${origin}/page.html` },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ type: 'image', width: 1280, height: 720, name: 'page' });
    const png = await readFile(await t.app.files.localCopy(res.json().url.replace(/^\/media\//, ''), t.config.dataDir));
    const meta = await sharp(png).metadata();
    expect(meta).toMatchObject({ format: 'png', width: 1280, height: 720 });
    near(await pixel(png, 100, 100), [0x1e, 0x3c, 0xdc]); // the picture, sized by the stylesheet
    near(await pixel(png, 1000, 600), [220, 30, 30]); // the stylesheet's background
    expect(hits).toEqual(expect.arrayContaining(['/page.html', '/style.css', '/blue.png']));
  }, 60_000);

  it('refuses a private page before the browser reaches it when private addresses are off', async () => {
    const shooter = createPageScreenshotter({
      executablePath: t.config.uploads.chromiumPath as string,
      fetchPolicy: { allowPrivate: false },
    });
    try {
      hits.length = 0;
      await expect(shooter.screenshot(`${origin}/page.html`)).rejects.toMatchObject({
        statusCode: 400,
        code: 'fetch_refused',
      });
      expect(hits).toEqual([]);
    } finally {
      await shooter.close();
    }
  }, 60_000);

  describe('limits', () => {
    let shooter: Screenshotter;
    beforeAll(() => {
      shooter = createPageScreenshotter({
        executablePath: t.config.uploads.chromiumPath as string,
        fetchPolicy: { allowPrivate: true },
        maxRequests: 4,
        concurrency: 1,
      });
    });
    afterAll(() => shooter.close());

    it('caps the requests a page makes and still photographs it', async () => {
      hits.length = 0;
      const png = await shooter.screenshot(`${origin}/many.html`);
      expect(await sharp(png).metadata()).toMatchObject({ width: 1280, height: 720 });
      expect(hits.length).toBe(4);
    }, 60_000);

    it('renders several pages in turn with one browser', async () => {
      const shots = await Promise.all([1, 2, 3].map(() => shooter.screenshot(`${origin}/page.html`)));
      for (const png of shots) near(await pixel(png, 1000, 600), [220, 30, 30]);
    }, 60_000);
  });
});

describe('turns', () => {
  it('runs at most `concurrency` tasks at once, in order, and turns away a long queue', async () => {
    const turn = turns(2, 3);
    let active = 0;
    let most = 0;
    const order: number[] = [];
    const task = (i: number) =>
      turn(async () => {
        active++;
        most = Math.max(most, active);
        await new Promise((resolve) => setTimeout(resolve, 10));
        order.push(i);
        active--;
        return i;
      });
    const running = [1, 2, 3, 4, 5].map(task);
    await expect(task(6)).rejects.toMatchObject({ statusCode: 503, code: 'screenshot_busy' });
    expect(await Promise.all(running)).toEqual([1, 2, 3, 4, 5]);
    expect(most).toBe(2);
    expect(order).toEqual([1, 2, 3, 4, 5]);
  });
});
