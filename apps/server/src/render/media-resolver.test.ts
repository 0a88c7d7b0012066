import { mkdtempSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createCanvas } from '@napi-rs/canvas';
import { AudioItemSchema, createFrame, ImageItemSchema, MovieSchema } from '@reelwright/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDiskStore } from '../storage/disk-store';
import { runTool } from './ffmpeg';
import { createMediaResolver } from './media-resolver';
import { MissingAssetsError, renderMovie } from './pipeline';
import { probeMedia } from './probe';

/**
 * A render of a movie whose picture comes from a web server and whose narration is a stored
 * file (`/media/tts/…`): both are fetched to local files first, through the guarded client and
 * the file store.
 */
describe('rendering remote and stored media', () => {
  const work = mkdtempSync(path.join(tmpdir(), 'rw-resolve-'));
  const store = createDiskStore(path.join(work, 'files'));
  let server: Server;
  let base = '';

  beforeAll(async () => {
    const canvas = createCanvas(64, 36);
    const ctx = canvas.getContext('2d');
    ctx.fillStyle = '#e8590c';
    ctx.fillRect(0, 0, 64, 36);
    const png = canvas.toBuffer('image/png');
    server = createServer((request, response) => {
      if (request.url === '/orange.png') response.writeHead(200, { 'content-type': 'image/png' }).end(png);
      else response.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

    const tone = path.join(work, 'tone.mp3');
    await runTool('ffmpeg', [
      '-v',
      'error',
      '-f',
      'lavfi',
      '-i',
      'sine=frequency=440:duration=1',
      '-c:a',
      'libmp3lame',
      tone,
    ]);
    await store.put('tts/abc123.mp3', tone, 'audio/mpeg');
  });
  afterAll(() => {
    server.close();
  });

  const movieWith = (imageUrl: string) =>
    MovieSchema.parse({
      size: { width: 320, height: 180 },
      frames: [
        createFrame('f1', {
          duration: 2,
          items: [
            ImageItemSchema.parse({
              id: 'pic',
              type: 'image',
              timing: { start: 0, stop: 2 },
              box: { left: 0, top: 0, width: 1, height: 1 },
              url: imageUrl,
            }),
            AudioItemSchema.parse({
              id: 'voice',
              type: 'audio',
              timing: { start: 0, stop: 1 },
              box: { left: 0, top: 0, width: 0.1, height: 0.1 },
              url: '/media/tts/abc123.mp3',
            }),
          ],
        }),
      ],
    });
  const resolveMedia = createMediaResolver({
    files: store,
    cacheDir: path.join(work, 'cache'),
    policy: { allowPrivate: true },
  });

  it('draws the downloaded picture and mixes the stored narration', async () => {
    const output = path.join(work, 'out.mp4');
    await renderMovie({ movie: movieWith(`${base}/orange.png`), output, fps: 10, resolveMedia });
    const probe = await probeMedia(output);
    expect(probe.duration).toBeCloseTo(2, 0);
    const rgba = await runTool('ffmpeg', [
      '-v',
      'error',
      '-ss',
      '1',
      '-i',
      output,
      '-frames:v',
      '1',
      '-f',
      'rawvideo',
      '-pix_fmt',
      'rgb24',
      '-',
    ]);
    const centre = (90 * 320 + 160) * 3;
    expect(Math.abs((rgba[centre] ?? 0) - 0xe8)).toBeLessThan(12);
    expect(Math.abs((rgba[centre + 1] ?? 0) - 0x59)).toBeLessThan(12);
    const pcm = await runTool('ffmpeg', [
      '-v',
      'error',
      '-i',
      output,
      '-t',
      '0.8',
      '-ac',
      '1',
      '-ar',
      '8000',
      '-f',
      'f32le',
      '-',
    ]);
    const samples = new Float32Array(pcm.buffer, pcm.byteOffset, pcm.length / 4);
    expect(Math.max(...samples.map(Math.abs))).toBeGreaterThan(0.1);
  });

  it('names a picture it could not download, and why, before drawing anything', async () => {
    const output = path.join(work, 'missing.mp4');
    const error = await renderMovie({ movie: movieWith(`${base}/gone.png`), output, fps: 10, resolveMedia }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(MissingAssetsError);
    expect((error as MissingAssetsError).missing).toEqual([
      { kind: 'image', ref: `${base}/gone.png (the server answered 404)` },
    ]);
  });
});
