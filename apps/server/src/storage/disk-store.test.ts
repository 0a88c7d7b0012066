import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDiskStore, writeFileAtomic } from './disk-store';
import type { FileStore } from './file-store';
import { fileApp } from './test-app';

describe('disk file store', () => {
  const content = randomBytes(5000);
  let root: string;
  let source: string;
  let store: FileStore;
  let app: FastifyInstance;

  beforeAll(async () => {
    const folder = await mkdtemp(path.join(tmpdir(), 'rw-files-'));
    root = path.join(folder, 'files');
    source = path.join(folder, 'render-output.mp4');
    await writeFile(source, content);
    store = createDiskStore(root);
    app = await fileApp(store);
    expect(await store.put('renders/12-abc.mp4', source, 'video/mp4')).toEqual({ bytes: content.length });
  });
  afterAll(() => app.close());

  it('keeps a copy of the file and leaves the source in place', async () => {
    expect(await store.exists('renders/12-abc.mp4')).toBe(true);
    expect(await store.exists('renders/other.mp4')).toBe(false);
    expect(await readFile(path.join(root, 'renders/12-abc.mp4'))).toEqual(content);
    expect(await readFile(source)).toEqual(content);
    expect(await readdir(path.join(root, 'renders'))).toEqual(['12-abc.mp4']);
  });

  it('answers its own file for local work, and 404 for a missing key', async () => {
    expect(await store.localCopy('renders/12-abc.mp4', '/unused')).toBe(path.join(root, 'renders/12-abc.mp4'));
    await expect(store.localCopy('renders/other.mp4', '/unused')).rejects.toMatchObject({ statusCode: 404 });
  });

  it('serves the whole file inline with validators', async () => {
    const res = await app.inject({ url: '/files/renders/12-abc.mp4' });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload).toEqual(content);
    expect(res.headers).toMatchObject({
      'content-type': 'video/mp4',
      'content-length': String(content.length),
      'accept-ranges': 'bytes',
      'content-disposition': 'inline',
      'cache-control': 'no-cache',
    });
    expect(res.headers.etag).toBeTruthy();
    expect(res.headers['last-modified']).toBeTruthy();
  });

  it('answers byte ranges, including suffix ranges', async () => {
    const first = await app.inject({ url: '/files/renders/12-abc.mp4', headers: { range: 'bytes=0-99' } });
    expect(first.statusCode).toBe(206);
    expect(first.rawPayload).toEqual(content.subarray(0, 100));
    expect(first.headers['content-range']).toBe(`bytes 0-99/${content.length}`);
    expect(first.headers['content-length']).toBe('100');

    const last = await app.inject({ url: '/files/renders/12-abc.mp4', headers: { range: 'bytes=-10' } });
    expect(last.statusCode).toBe(206);
    expect(last.rawPayload).toEqual(content.subarray(-10));
    expect(last.headers['content-range']).toBe(`bytes ${content.length - 10}-${content.length - 1}/${content.length}`);
  });

  it('refuses a range outside the file with 416', async () => {
    const res = await app.inject({ url: '/files/renders/12-abc.mp4', headers: { range: 'bytes=9000-9999' } });
    expect(res.statusCode).toBe(416);
    expect(res.headers['content-range']).toBe(`bytes */${content.length}`);
    expect(res.json()).toMatchObject({ code: 'range_not_satisfiable' });
  });

  it('answers a matching If-None-Match with 304', async () => {
    const { headers } = await app.inject({ url: '/files/renders/12-abc.mp4' });
    const res = await app.inject({
      url: '/files/renders/12-abc.mp4',
      headers: { 'if-none-match': String(headers.etag) },
    });
    expect(res.statusCode).toBe(304);
    expect(res.rawPayload.length).toBe(0);
  });

  it('names a download with an RFC 6266 header, non-ASCII included', async () => {
    const res = await app.inject({
      url: `/files/renders/12-abc.mp4?download=${encodeURIComponent('Café – Видео.mp4')}`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="Cafe _ _____.mp4"; filename*=UTF-8''Caf%C3%A9%20%E2%80%93%20%D0%92%D0%B8%D0%B4%D0%B5%D0%BE.mp4`,
    );
  });

  it('answers a missing file with 404 in the app error shape', async () => {
    const res = await app.inject({ url: '/files/renders/missing.mp4' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: expect.any(String), code: 'file_not_found' });
    const folder = await app.inject({ url: '/files/renders' });
    expect(folder.statusCode).toBe(404);
  });

  it('rejects keys that are absolute or climb out of the store', async () => {
    for (const key of ['/etc/passwd', '../outside.mp4', 'renders/../../x', 'renders//x', 'renders\\x', '.hidden', '']) {
      await expect(store.put(key, source, 'video/mp4'), key).rejects.toMatchObject({ code: 'invalid_file_key' });
      await expect(store.exists(key), key).rejects.toMatchObject({ code: 'invalid_file_key' });
    }
    const res = await app.inject({ url: '/files/renders/..%2F..%2Fsecret.mp4' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'invalid_file_key' });
  });

  it('removes files, and removing twice is fine', async () => {
    await store.put('thumbs/1.jpg', source, 'image/jpeg');
    await store.remove('thumbs/1.jpg');
    await store.remove('thumbs/1.jpg');
    expect(await store.exists('thumbs/1.jpg')).toBe(false);
  });

  it('shows nothing under the key while a write is in flight', async () => {
    const target = path.join(root, 'renders/slow.mp4');
    const body = new PassThrough();
    const writing = writeFileAtomic(target, body);
    body.write(content.subarray(0, 1000));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await store.exists('renders/slow.mp4')).toBe(false);
    body.end(content.subarray(1000));
    expect(await writing).toBe(content.length);
    expect(await readFile(target)).toEqual(content);
  });

  it('leaves no file, visible or temporary, when a write is interrupted', async () => {
    const target = path.join(root, 'interrupted/cut.mp4');
    async function* cutShort() {
      yield content.subarray(0, 1000);
      throw new Error('disk pulled out');
    }
    await expect(writeFileAtomic(target, Readable.from(cutShort()))).rejects.toThrow('disk pulled out');
    expect(await store.exists('interrupted/cut.mp4')).toBe(false);
    expect(await readdir(path.join(root, 'interrupted'))).toEqual([]);

    await expect(store.put('interrupted/none.mp4', path.join(root, 'no-such-source'), 'video/mp4')).rejects.toThrow();
    expect(await readdir(path.join(root, 'interrupted'))).toEqual([]);
  });

  it('replaces an existing file whole', async () => {
    const newer = path.join(path.dirname(source), 'newer.mp4');
    await writeFile(newer, 'v2');
    await store.put('renders/12-abc.mp4', newer, 'video/mp4');
    const res = await app.inject({ url: '/files/renders/12-abc.mp4' });
    expect(res.payload).toBe('v2');
    await store.put('renders/12-abc.mp4', source, 'video/mp4');
  });
});
