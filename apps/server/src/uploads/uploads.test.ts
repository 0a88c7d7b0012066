import { mkdtempSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DB_KINDS, type TestApp } from '../../test/helpers';
import { MemberClient } from '../../test/member-client';
import { runTool } from '../ffmpeg/ffmpeg';
import { uploadRoutes } from './routes';

const LIMITS = {
  UPLOAD_MAX_IMAGE_BYTES: '200000',
  UPLOAD_MAX_VIDEO_BYTES: '3000000',
  UPLOAD_MAX_AUDIO_BYTES: '1000000',
  // This suite checks the answer without Chromium; screenshot.test.ts checks the one with it.
  CHROMIUM_PATH: 'off',
};
const dir = mkdtempSync(path.join(tmpdir(), 'rw-upload-fixtures-'));
const fixtures: Record<string, Buffer> = {};

async function makeFixtures() {
  const picture = () =>
    sharp({ create: { width: 640, height: 360, channels: 3, background: '#3b82f6' } }).composite([
      { input: Buffer.from('<svg width="200" height="100"><rect width="200" height="100" fill="#f59e0b"/></svg>') },
    ]);
  fixtures.png = await picture().png().toBuffer();
  fixtures.jpg = await picture().jpeg().toBuffer();
  fixtures.webp = await picture().webp().toBuffer();
  fixtures.gif = await picture().gif().toBuffer();
  fixtures.noise = await sharp({
    create: {
      width: 600,
      height: 600,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 40 },
    },
  })
    .png()
    .toBuffer();
  const video = ['-f', 'lavfi', '-i', 'testsrc=size=320x240:rate=10', '-f', 'lavfi', '-i', 'sine=frequency=440'];
  const tone = ['-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=22050'];
  const jobs: [string, string[]][] = [
    [
      'mp4',
      [
        ...video,
        '-t',
        '2',
        '-pix_fmt',
        'yuv420p',
        '-c:v',
        'libx264',
        '-preset',
        'ultrafast',
        '-c:a',
        'aac',
        '-shortest',
      ],
    ],
    ['mov', [...video, '-t', '2', '-pix_fmt', 'yuv420p', '-c:v', 'libx264', '-preset', 'ultrafast', '-an']],
    ['webm', [...video, '-t', '2', '-c:v', 'libvpx', '-deadline', 'realtime', '-b:v', '200k', '-an']],
    ['mp3', [...tone, '-t', '1.5', '-c:a', 'libmp3lame']],
    ['wav', [...tone, '-t', '1.5']],
    ['ogg', [...tone, '-t', '1.5', '-c:a', 'libvorbis']],
    ['m4a', [...tone, '-t', '1.5', '-c:a', 'aac']],
    // Ten hours, a few KB each: one frame every ten minutes; one second of sound after 9 h 59 min 59 s of nothing.
    [
      'long.mp4',
      ['-f', 'lavfi', '-i', 'testsrc=size=64x48:rate=1/600', '-t', '36000', '-pix_fmt', 'yuv420p', '-c:v', 'libx264'],
    ],
    ['long.m4a', [...tone, '-t', '1', '-output_ts_offset', '35999', '-c:a', 'aac']],
  ];
  for (const [ext, args] of jobs) {
    const out = path.join(dir, `fixture.${ext}`);
    await runTool('ffmpeg', ['-v', 'error', '-y', ...args, out]);
    fixtures[ext] = await readFile(out);
  }
}

/** A multipart/form-data body with one file in the field `file`. */
function form(name: string, type: string, bytes: Buffer) {
  const boundary = `----rw${Math.random().toString(16).slice(2)}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

async function withUploadRoutes(t: TestApp) {
  // Until app.ts registers the upload routes, the tests do.
  if (!t.app.hasRoute({ method: 'POST', url: '/api/members/uploads' })) await t.app.register(uploadRoutes);
  return t;
}

let t: TestApp;
let member: MemberClient;
let other: MemberClient;
let server: http.Server;
let origin: string;
const hits: string[] = [];

beforeAll(async () => {
  await makeFixtures();
  t = await withUploadRoutes(await createTestApp('pglite', { ...LIMITS, FETCH_ALLOW_PRIVATE: '1' }));
  member = new MemberClient(t);
  await member.signupVerified('uploader@example.com');
  other = new MemberClient(t);
  await other.signupVerified('other@example.com');
  server = http.createServer((request, response) => {
    hits.push(request.url ?? '');
    const send = (status: number, type: string, body: Buffer | string) => {
      response.writeHead(status, { 'content-type': type });
      response.end(body);
    };
    if (request.url === '/photo.png') return send(200, 'image/png', fixtures.png as Buffer);
    if (request.url === '/clip.mp4') return send(200, 'video/mp4', fixtures.mp4 as Buffer);
    if (request.url === '/page.html') return send(200, 'text/html', '<html><body>hello</body></html>');
    if (request.url === '/fake.png') return send(200, 'image/png', 'just some text, not a picture');
    send(404, 'text/plain', 'not here');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}, 120_000);
afterAll(async () => {
  await t?.close();
  await new Promise((resolve) => server?.close(resolve));
});

const upload = (name: string, type: string, bytes: Buffer, client = member) =>
  client.request({ method: 'POST', url: '/api/members/uploads', ...form(name, type, bytes) });

async function stored(url: string): Promise<Buffer> {
  return readFile(await t.app.files.localCopy(url.replace(/^\/media\//, ''), t.config.dataDir));
}

describe('POST /api/members/uploads', () => {
  it.each([
    ['png', 'image/png'],
    ['jpg', 'image/jpeg'],
    ['webp', 'image/webp'],
    ['gif', 'image/gif'],
  ])('stores a %s image, measured, with a 320 px thumbnail', async (ext, type) => {
    const res = await upload(`Blue sky.${ext}`, type, fixtures[ext] as Buffer);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ name: 'Blue sky', width: 640, height: 360, duration: null, type: 'image' });
    expect(body.url).toMatch(new RegExp(`^/media/uploads/[a-f0-9]{32}\\.${ext}$`));
    expect(body.thumbnail).toBe(body.url.replace(/\.[a-z0-9]+$/, '.thumb.jpg'));
    expect(await sharp(await stored(body.thumbnail)).metadata()).toMatchObject({
      format: 'jpeg',
      width: 320,
      height: 180,
    });
    // Stored as the clean copy (clean-copy.ts): the same picture, encoded again in its own format.
    const format = ext === 'jpg' ? 'jpeg' : ext;
    expect(await sharp(await stored(body.url)).metadata()).toMatchObject({ format, width: 640, height: 360 });
  });

  it.each([
    ['mp4', 'mp4'],
    ['mov', 'mov'],
    ['webm', 'webm'],
  ])('stores a %s video with its size, length and a frame as thumbnail', async (ext, storedExt) => {
    const res = await upload(`clip.${ext}`, 'application/octet-stream', fixtures[ext] as Buffer);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ type: 'video', width: 320, height: 240 });
    expect(body.duration).toBeCloseTo(2, 0);
    expect(body.url).toMatch(new RegExp(`\\.${storedExt}$`));
    expect(await sharp(await stored(body.thumbnail)).metadata()).toMatchObject({
      format: 'jpeg',
      width: 320,
      height: 240,
    });
  });

  it.each([
    ['mp3', 'mp3'],
    ['wav', 'wav'],
    ['ogg', 'ogg'],
    ['m4a', 'm4a'],
  ])('stores %s audio with its length and no thumbnail', async (ext, storedExt) => {
    const res = await upload(`tone.${ext}`, 'audio/whatever', fixtures[ext] as Buffer);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ type: 'audio', width: 0, height: 0, thumbnail: null, name: 'tone' });
    expect(body.duration).toBeGreaterThan(1.3);
    expect(body.duration).toBeLessThan(1.7);
    expect(body.url).toMatch(new RegExp(`\\.${storedExt}$`));
  });

  async function uploadsStored(): Promise<number> {
    return (await readdir(path.join(t.config.dataDir, 'files', 'uploads')).catch(() => [])).length;
  }

  it.each([
    [
      'a cut-short PNG',
      'half.png',
      'image/png',
      () => (fixtures.png as Buffer).subarray(0, 400),
      400,
      'unreadable_file',
    ],
    [
      'a cut-short MP4',
      'half.mp4',
      'video/mp4',
      () => (fixtures.mp4 as Buffer).subarray(0, 3000),
      400,
      'unreadable_file',
    ],
    [
      'a text file named .png',
      'liar.png',
      'image/png',
      () => Buffer.from('I am not a picture at all.\n'),
      415,
      'unsupported_media_type',
    ],
    [
      'a PDF',
      'doc.mp4',
      'video/mp4',
      () => Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\n'),
      415,
      'unsupported_media_type',
    ],
    [
      'an SVG',
      'logo.svg',
      'image/svg+xml',
      () => Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
      415,
      'unsupported_media_type',
    ],
    ['an image over the image limit', 'noise.png', 'image/png', () => fixtures.noise as Buffer, 413, 'too_large'],
    ['a file over every limit', 'huge.mp4', 'video/mp4', () => Buffer.alloc(3_100_000, 1), 413, 'too_large'],
    ['an empty file', 'empty.png', 'image/png', () => Buffer.alloc(0), 400, 'empty_file'],
    ['a 10-hour video', 'long.mp4', 'video/mp4', () => fixtures['long.mp4'] as Buffer, 413, 'too_long'],
    ['a 10-hour sound', 'long.m4a', 'audio/mp4', () => fixtures['long.m4a'] as Buffer, 413, 'too_long'],
  ])('refuses %s and stores nothing', async (_what, name, type, bytes, status, code) => {
    const before = await uploadsStored();
    const res = await upload(name, type, bytes());
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json()).toMatchObject({ code, error: expect.any(String) });
    expect(await uploadsStored()).toBe(before);
  });

  it('names the length limit when a file is too long', async () => {
    const video = await upload('long.mp4', 'video/mp4', fixtures['long.mp4'] as Buffer);
    expect(video.json()).toEqual({
      error: 'This video is 10 h long; video files may be at most 1 h. Trim it and add the part you need.',
      code: 'too_long',
      field: 'file',
    });
    const sound = await upload('long.m4a', 'audio/mp4', fixtures['long.m4a'] as Buffer);
    expect(sound.json().error).toBe(
      'This audio is 10 h long; audio files may be at most 1 h. Trim it and add the part you need.',
    );
  });

  it('answers 400 without a file and 401 to a visitor', async () => {
    const empty = await member.request({ method: 'POST', url: '/api/members/uploads', payload: { a: 1 } });
    expect(empty.statusCode).toBe(400);
    const visitor = await t.app.inject({
      method: 'POST',
      url: '/api/members/uploads',
      ...form('a.png', 'image/png', fixtures.png as Buffer),
    });
    expect(visitor.statusCode).toBe(401);
  });
});

describe('the library engine', () => {
  const search = (client: MemberClient, q: string, type = 'image') =>
    client.request({
      method: 'GET',
      url: `/api/members/media-search?source=library&type=${type}&keyword=${encodeURIComponent(q)}`,
    });

  it('finds uploads by name and used media by keyword, only the member’s own', async () => {
    await upload('Golden retriever.png', 'image/png', fixtures.png as Buffer);
    const used = await member.request({
      method: 'POST',
      url: '/api/members/library',
      payload: {
        url: 'https://cdn.example.com/cat.jpg',
        name: 'Sleepy cat',
        keywords: ['kitten', 'nap'],
        width: 800,
        height: 600,
      },
    });
    expect(used.statusCode, used.body).toBe(200);
    await upload('Retriever of other.png', 'image/png', fixtures.png as Buffer, other);

    const byName = (await search(member, 'retriever')).json();
    expect(byName.map((r: { name: string }) => r.name)).toEqual(['Golden retriever']);
    expect(byName[0]).toMatchObject({ width: 640, height: 360, thumbnail: expect.stringMatching(/\.thumb\.jpg$/) });
    expect((await search(member, 'kitten')).json()).toEqual([
      {
        url: 'https://cdn.example.com/cat.jpg',
        thumbnail: 'https://cdn.example.com/cat.jpg',
        name: 'Sleepy cat',
        width: 800,
        height: 600,
      },
    ]);
    expect((await search(other, 'kitten')).json()).toEqual([]);
    expect((await search(other, 'retriever')).json().map((r: { name: string }) => r.name)).toEqual([
      'Retriever of other',
    ]);
    expect((await search(member, 'tone', 'audio')).json().length).toBeGreaterThan(0);
    const q = await member.request({ method: 'GET', url: '/api/queries/search/image/library?q=sleepy' });
    expect(q.json().map((r: { name: string }) => r.name)).toEqual(['Sleepy cat']);
  });

  it('records used media once per URL and checks its input', async () => {
    const record = (payload: object) => member.request({ method: 'POST', url: '/api/members/library', payload });
    await record({ url: 'https://cdn.example.com/dog.jpg', name: 'Dog' });
    await record({ url: 'https://cdn.example.com/dog.jpg', name: 'Happy dog', keywords: ['puppy'] });
    expect((await search(member, 'puppy')).json().map((r: { name: string }) => r.name)).toEqual(['Happy dog']);
    expect((await search(member, 'dog')).json()).toHaveLength(1);
    expect((await record({ url: 'javascript:alert(1)', name: 'x' })).statusCode).toBe(400);
    expect((await record({ url: 'https://a.example/x.png' })).statusCode).toBe(400);
    const visitor = await t.app.inject({
      method: 'POST',
      url: '/api/members/library',
      payload: { url: 'https://a.example/x.png', name: 'x' },
    });
    expect(visitor.statusCode).toBe(401);
  });
});

describe('GET /api/queries/image', () => {
  it('resizes a loopback image to WebP, caches it, and answers JPEG to browsers without WebP', async () => {
    const url = `/api/queries/image?url=${encodeURIComponent(`${origin}/photo.png`)}&w=200`;
    const before = hits.length;
    const first = await t.app.inject({ method: 'GET', url, headers: { accept: 'image/avif,image/webp,*/*' } });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('image/webp');
    expect(first.headers['x-image-proxy']).toBeUndefined();
    expect(await sharp(first.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 200, height: 113 });
    const second = await t.app.inject({ method: 'GET', url, headers: { accept: 'image/webp' } });
    expect(second.statusCode).toBe(200);
    expect(second.rawPayload).toEqual(first.rawPayload);
    expect(hits.length - before).toBe(1);
    const jpeg = await t.app.inject({ method: 'GET', url, headers: { accept: 'image/*' } });
    expect(await sharp(jpeg.rawPayload).metadata()).toMatchObject({ format: 'jpeg', width: 200 });
  });

  it('never enlarges and defaults to 1280 wide', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/queries/image?url=${encodeURIComponent(`${origin}/photo.png`)}`,
    });
    expect(await sharp(res.rawPayload).metadata()).toMatchObject({ width: 640, height: 360 });
  });

  it.each([
    ['a 404', '/missing.png', 'not_found'],
    ['a page', '/page.html', 'not_image'],
    ['text sent as image/png', '/fake.png', 'not_image'],
  ])('answers the placeholder for %s', async (_what, file, reason) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/queries/image?url=${encodeURIComponent(origin + file)}`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers).toMatchObject({
      'content-type': 'image/png',
      'x-image-proxy': 'placeholder',
      'x-image-proxy-reason': reason,
    });
    expect(await sharp(res.rawPayload).metadata()).toMatchObject({ format: 'png', width: 320, height: 180 });
  });

  it('answers the placeholder for a private address without connecting when private fetches are off', async () => {
    const strict = await withUploadRoutes(await createTestApp('pglite'));
    try {
      const before = hits.length;
      const res = await strict.app.inject({
        method: 'GET',
        url: `/api/queries/image?url=${encodeURIComponent(`${origin}/photo.png`)}`,
      });
      expect(res.headers).toMatchObject({ 'x-image-proxy': 'placeholder', 'x-image-proxy-reason': 'refused' });
      const scheme = await strict.app.inject({
        method: 'GET',
        url: '/api/queries/image?url=file%3A%2F%2F%2Fetc%2Fpasswd',
      });
      expect(scheme.headers['x-image-proxy-reason']).toBe('refused');
      expect(hits.length).toBe(before);
    } finally {
      await strict.close();
    }
  });
});

describe('POST /api/members/uploads/url', () => {
  const importUrl = (payload: object) => member.request({ method: 'POST', url: '/api/members/uploads/url', payload });

  it('imports an image and a video into the library', async () => {
    const image = await importUrl({ url: `${origin}/photo.png` });
    expect(image.statusCode, image.body).toBe(200);
    expect(image.json()).toMatchObject({ type: 'image', name: 'photo', width: 640, height: 360 });
    const video = await importUrl({ url: `${origin}/clip.mp4`, name: 'Test card' });
    expect(video.statusCode, video.body).toBe(200);
    expect(video.json()).toMatchObject({ type: 'video', name: 'Test card', width: 320, height: 240 });
  });

  it('answers clear errors for pages, lies, 404s and bad addresses', async () => {
    const page = await importUrl({ url: `${origin}/page.html` });
    expect(page.statusCode).toBe(422);
    expect(page.json()).toMatchObject({ code: 'screenshot_unavailable', error: expect.stringContaining('Chromium') });
    expect((await importUrl({ url: `${origin}/fake.png` })).statusCode).toBe(415);
    expect((await importUrl({ url: `${origin}/missing.png` })).json()).toMatchObject({ code: 'fetch_failed' });
    expect((await importUrl({ url: 'ftp://example.com/a.png' })).statusCode).toBe(400);
    const visitor = await t.app.inject({
      method: 'POST',
      url: '/api/members/uploads/url',
      payload: { url: `${origin}/photo.png` },
    });
    expect(visitor.statusCode).toBe(401);
  });
});

describe.each(DB_KINDS)('library rows on %s', (kind) => {
  it('are kept per member and URL', async () => {
    const app = await withUploadRoutes(await createTestApp(kind, LIMITS));
    try {
      const client = new MemberClient(app);
      await client.signupVerified('lib@example.com');
      const res = await client.request({
        method: 'POST',
        url: '/api/members/uploads',
        ...form('Lake.png', 'image/png', fixtures.png as Buffer),
      });
      expect(res.statusCode, res.body).toBe(200);
      const found = await client.request({
        method: 'GET',
        url: '/api/members/media-search?source=library&keyword=lake',
      });
      expect(found.json()).toEqual([expect.objectContaining({ name: 'Lake', url: res.json().url })]);
    } finally {
      await app.close();
    }
  });
});
