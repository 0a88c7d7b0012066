import { readdir } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildMember } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/helpers';
import { libraryItems } from './tables';

/**
 * A black-and-white PNG of any declared size, made by hand (no encoder makes a 100000000×1
 * picture): one bit a pixel, every row zero, so it compresses to a few kilobytes.
 */
function blankPng(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 1; // bit depth; colour type 0 (grey), deflate, no filter method, no interlace
  const rows = Buffer.alloc(height * (1 + Math.ceil(width / 8)));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** An animated GIF declaring `frames` frames of width×height, with (almost) no pixel data. */
function hollowGif(width: number, height: number, frames: number): Buffer {
  const u16 = (n: number) => [n & 0xff, n >> 8];
  const bytes = [...Buffer.from('GIF89a'), ...u16(width), ...u16(height), 0x80, 0, 0, 0, 0, 0, 255, 255, 255];
  bytes.push(0x21, 0xff, 0x0b, ...Buffer.from('NETSCAPE2.0'), 3, 1, 0, 0, 0);
  for (let i = 0; i < frames; i++) {
    // A 1/10 s graphic control block, then the frame: its descriptor and a clear + end code.
    bytes.push(0x21, 0xf9, 4, 0, 10, 0, 0, 0, 0x2c, 0, 0, 0, 0, ...u16(width), ...u16(height), 0, 2, 1, 0x2c, 0);
  }
  bytes.push(0x3b);
  return Buffer.from(bytes);
}

function form(name: string, bytes: Buffer) {
  const boundary = `----rw${Math.random().toString(16).slice(2)}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: image/png\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const LIMITS = 'Images can be at most 16384 pixels on a side and 50 megapixels';

// Refused from the header, before the database is asked anything: one kind (PGlite) is enough.
describe('pictures too large to decode (issue 15 item 4)', () => {
  let t: TestApp;
  let cookie: string;
  let server: http.Server;
  let origin: string;
  const served: Record<string, Buffer> = {};

  beforeAll(async () => {
    t = await createTestApp('pglite', { FETCH_ALLOW_PRIVATE: '1', CHROMIUM_PATH: 'off' });
    ({ cookie } = await buildMember(t.app));
    served['/line.png'] = blankPng(100_000_000, 1);
    served['/wide.png'] = blankPng(20_000, 100);
    server = http.createServer((request, response) => {
      const body = served[request.url ?? ''];
      response.writeHead(body ? 200 : 404, { 'content-type': 'image/png' });
      response.end(body ?? '');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await t?.close();
    await new Promise((resolve) => server?.close(resolve));
  });

  const storedUploads = async () =>
    (await readdir(path.join(t.config.dataDir, 'files', 'uploads')).catch(() => [])).length;
  const libraryRows = async () => (await t.app.db.select().from(libraryItems)).length;

  it.each([
    ['a 100000000×1 PNG', () => blankPng(100_000_000, 1), `${LIMITS}; this one is 100000000×1.`],
    ['a 1×20000 PNG', () => blankPng(1, 20_000), `${LIMITS}; this one is 1×20000.`],
    ['an 8000×8000 PNG (64 megapixels)', () => blankPng(8000, 8000), `${LIMITS}; this one is 8000×8000.`],
    [
      'a GIF of three 5000×5000 frames (75 megapixels in all)',
      () => hollowGif(5000, 5000, 3),
      `${LIMITS} over all frames of an animation; this one is 5000×5000 with 3 frames.`,
    ],
  ])('refuses %s with 413 naming the limits, and stores nothing', async (_what, bytes, message) => {
    const file = bytes();
    expect(file.length).toBeLessThan(200_000);
    const { payload, headers } = form('huge.png', file);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/members/uploads',
      payload,
      headers: { ...headers, cookie },
    });
    expect(res.statusCode, res.body).toBe(413);
    expect(res.json()).toEqual({ code: 'image_too_large', error: message, field: 'file' });
    expect(await storedUploads()).toBe(0);
    expect(await libraryRows()).toBe(0);
  });

  it('refuses the same picture imported by URL', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/members/uploads/url',
      payload: { url: `${origin}/line.png` },
      headers: { cookie },
    });
    expect(res.statusCode, res.body).toBe(413);
    expect(res.json()).toMatchObject({ code: 'image_too_large', error: `${LIMITS}; this one is 100000000×1.` });
    expect(await storedUploads()).toBe(0);
  });

  it.each(['/line.png', '/wide.png'])(
    'answers the placeholder for %s through the image proxy, without decoding it',
    async (file) => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/queries/image?url=${encodeURIComponent(origin + file)}&w=200`,
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers).toMatchObject({ 'x-image-proxy': 'placeholder', 'x-image-proxy-reason': 'too_large' });
    },
  );
});
