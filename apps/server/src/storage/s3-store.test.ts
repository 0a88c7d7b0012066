import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { type FakeS3, startFakeS3 } from '@reelwright/testkit';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { createFileStore, type FileStore } from './index';
import { fileApp } from './test-app';

const credentials = { accessKeyId: 'AKIDREELWRIGHTTEST', secretAccessKey: 'test/secret+key' };
const bucket = 'reelwright-files';

describe('S3 file store against the fake S3', () => {
  const content = randomBytes(200_000);
  let s3: FakeS3;
  let source: string;
  let store: FileStore;
  let app: FastifyInstance;

  beforeAll(async () => {
    s3 = await startFakeS3({ ...credentials, bucket });
    const folder = await mkdtemp(path.join(tmpdir(), 'rw-s3-'));
    source = path.join(folder, 'out.mp4');
    await writeFile(source, content);
    const config = loadConfig({
      DATA_DIR: folder,
      STORAGE: 's3',
      S3_BUCKET: bucket,
      S3_ENDPOINT: s3.endpoint,
      S3_ACCESS_KEY_ID: credentials.accessKeyId,
      S3_SECRET_ACCESS_KEY: credentials.secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
      S3_URL_TTL_SECONDS: '300',
    });
    store = createFileStore(config);
    app = await fileApp(store);
  });
  afterAll(async () => {
    await app?.close();
    await s3?.close();
  });

  it('uploads a file (streamed, aws-chunked) and finds it', async () => {
    expect(store.kind).toBe('s3');
    expect(await store.put('renders/12-abc.mp4', source, 'video/mp4')).toEqual({ bytes: content.length });
    const stored = s3.objects.get('renders/12-abc.mp4');
    expect(stored?.body.equals(content)).toBe(true);
    expect(stored?.contentType).toBe('video/mp4');
    expect(await store.exists('renders/12-abc.mp4')).toBe(true);
    expect(await store.exists('renders/nope.mp4')).toBe(false);
  });

  it('downloads a stored file once for local work (the render) and reuses the copy', async () => {
    const cacheDir = await mkdtemp(path.join(tmpdir(), 'rw-s3-cache-'));
    const gets = () => s3.requests.filter((r) => r.method === 'GET').length;
    const before = gets();
    const file = await store.localCopy('renders/12-abc.mp4', cacheDir);
    expect((await readFile(file)).equals(content)).toBe(true);
    expect(await store.localCopy('renders/12-abc.mp4', cacheDir)).toBe(file);
    expect(gets()).toBe(before + 1);
    await expect(store.localCopy('renders/nope.mp4', cacheDir)).rejects.toMatchObject({ statusCode: 404 });
  });

  it('redirects to a presigned URL the fake accepts, with the overrides applied', async () => {
    const res = await app.inject({
      url: `/files/renders/12-abc.mp4?download=${encodeURIComponent('Café.mp4')}`,
    });
    expect(res.statusCode).toBe(302);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const location = new URL(String(res.headers.location));
    expect(location.origin).toBe(s3.endpoint);
    expect(location.pathname).toBe(`/${bucket}/renders/12-abc.mp4`);
    expect(location.searchParams.get('X-Amz-Expires')).toBe('300');

    const download = await fetch(location);
    expect(download.status).toBe(200);
    expect(Buffer.from(await download.arrayBuffer()).equals(content)).toBe(true);
    expect(download.headers.get('content-type')).toBe('video/mp4');
    expect(download.headers.get('content-disposition')).toBe(
      `attachment; filename="Cafe.mp4"; filename*=UTF-8''Caf%C3%A9.mp4`,
    );

    const part = await fetch(location, { headers: { range: 'bytes=0-99' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 0-99/${content.length}`);
    expect(Buffer.from(await part.arrayBuffer()).equals(content.subarray(0, 100))).toBe(true);
  });

  it('shows files inline unless a download name is given', async () => {
    const res = await app.inject({ url: '/files/renders/12-abc.mp4' });
    const download = await fetch(String(res.headers.location));
    expect(download.status).toBe(200);
    expect(download.headers.get('content-disposition')).toBe('inline');
    expect(download.headers.get('content-length')).toBe(String(content.length));
    await download.arrayBuffer();
    // The URL is signed for GET only.
    expect((await fetch(String(res.headers.location), { method: 'HEAD' })).status).toBe(403);
  });

  it('refuses a tampered or expired presigned URL with 403', async () => {
    const res = await app.inject({ url: '/files/renders/12-abc.mp4' });
    const location = new URL(String(res.headers.location));
    const signature = location.searchParams.get('X-Amz-Signature') ?? '';
    const tampered = new URL(location);
    tampered.searchParams.set('X-Amz-Signature', `${signature.slice(0, -1)}${signature.endsWith('0') ? '1' : '0'}`);
    const forged = await fetch(tampered);
    expect(forged.status).toBe(403);
    expect(await forged.text()).toContain('<Code>SignatureDoesNotMatch</Code>');

    const otherFile = new URL(location);
    otherFile.pathname = `/${bucket}/renders/other.mp4`;
    expect((await fetch(otherFile)).status).toBe(403);

    const overridden = new URL(location);
    overridden.searchParams.set('response-content-type', 'text/html');
    expect((await fetch(overridden)).status).toBe(403);

    const client = new S3Client({ region: 'us-east-1', endpoint: s3.endpoint, forcePathStyle: true, credentials });
    const stale = await getSignedUrl(client, new GetObjectCommand({ Bucket: bucket, Key: 'renders/12-abc.mp4' }), {
      expiresIn: 60,
      signingDate: new Date(Date.now() - 120_000),
    });
    const expired = await fetch(stale);
    expect(expired.status).toBe(403);
    expect(await expired.text()).toContain('Request has expired');
    client.destroy();
  });

  it('refuses requests signed with the wrong secret or not signed at all', async () => {
    const wrong = new S3Client({
      region: 'us-east-1',
      endpoint: s3.endpoint,
      forcePathStyle: true,
      credentials: { ...credentials, secretAccessKey: 'not-the-secret' },
      maxAttempts: 1,
    });
    await expect(
      wrong.send(new PutObjectCommand({ Bucket: bucket, Key: 'renders/evil.mp4', Body: 'x' })),
    ).rejects.toMatchObject({ name: 'SignatureDoesNotMatch' });
    wrong.destroy();
    expect(s3.objects.has('renders/evil.mp4')).toBe(false);

    const anonymous = await fetch(`${s3.endpoint}/${bucket}/renders/12-abc.mp4`);
    expect(anonymous.status).toBe(403);
    expect(await anonymous.text()).toContain('<Code>AccessDenied</Code>');
  });

  it('answers a missing key with 404 in the app error shape', async () => {
    const res = await app.inject({ url: '/files/renders/missing.mp4' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'file_not_found' });
  });

  it('rejects unsafe keys before any request', async () => {
    const before = s3.requests.length;
    await expect(store.put('../x.mp4', source, 'video/mp4')).rejects.toMatchObject({ code: 'invalid_file_key' });
    await expect(store.remove('/abs.mp4')).rejects.toMatchObject({ code: 'invalid_file_key' });
    expect(s3.requests.length).toBe(before);
  });

  it('removes a file', async () => {
    await store.remove('renders/12-abc.mp4');
    expect(await store.exists('renders/12-abc.mp4')).toBe(false);
    expect(s3.objects.size).toBe(0);
    await store.remove('renders/12-abc.mp4');
  });
});
