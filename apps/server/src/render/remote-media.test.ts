import { mkdtempSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cacheFileOf, fetchRemoteMedia } from './remote-media';

describe('remote media (downloaded once through the guarded client)', () => {
  let server: Server;
  let base = '';
  const hits = new Map<string, number>();
  const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');

  beforeAll(async () => {
    server = createServer((request, response) => {
      hits.set(request.url ?? '', (hits.get(request.url ?? '') ?? 0) + 1);
      if (request.url === '/photo.png') response.writeHead(200, { 'content-type': 'image/png' }).end(png);
      else if (request.url === '/page.html') response.writeHead(200, { 'content-type': 'text/html' }).end('<p>hi');
      else response.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => {
    server.close();
  });

  const cacheDir = mkdtempSync(path.join(tmpdir(), 'rw-media-cache-'));
  const allowLoopback = { cacheDir, policy: { allowPrivate: true } };

  it('downloads a file once and serves it from the cache afterwards', async () => {
    const url = `${base}/photo.png`;
    const first = await fetchRemoteMedia([url, url, 'local/photo.png'], allowLoopback);
    expect(first.failures).toEqual([]);
    expect([...first.files.keys()]).toEqual([url]);
    const file = first.files.get(url) as string;
    expect(file).toBe(cacheFileOf(cacheDir, url));
    expect(readFileSync(file).equals(png)).toBe(true);

    const second = await fetchRemoteMedia([url], allowLoopback);
    expect(second.files.get(url)).toBe(file);
    expect(hits.get('/photo.png')).toBe(1);
  });

  it('names each file it could not get, and why', async () => {
    const { files, failures } = await fetchRemoteMedia([`${base}/missing.png`, `${base}/page.html`], allowLoopback);
    expect(files.size).toBe(0);
    expect(failures).toContainEqual({ url: `${base}/missing.png`, reason: 'the server answered 404' });
    expect(failures.find((f) => f.url.endsWith('page.html'))?.reason).toMatch(/^refused: .*text\/html/);
  });

  it('refuses a private address unless the operator allows it, before connecting', async () => {
    const before = hits.get('/photo.png');
    const url = `${base}/photo.png?again`;
    const { files, failures } = await fetchRemoteMedia([url], { cacheDir, policy: { allowPrivate: false } });
    expect(files.size).toBe(0);
    expect(failures).toEqual([{ url, reason: 'refused: a private or local address' }]);
    expect(hits.get('/photo.png')).toBe(before);
    expect(hits.has('/photo.png?again')).toBe(false);
  });
});
