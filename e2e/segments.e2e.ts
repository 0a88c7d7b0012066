/**
 * A video re-rendered from stored segments (issue 23, D75) plays in Chromium to its end: twelve
 * slides rendered, one slide's text changed, rendered again with eleven segments reused, and the
 * joined MP4 played at 16× in a `<video>` served from loopback.
 */
import { createReadStream, mkdtempSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runTool } from '../apps/server/src/ffmpeg/ffmpeg';
import { renderMovie } from '../apps/server/src/render/pipeline';
import { createSegmentCache, memorySegmentIndex } from '../apps/server/src/render/segment-cache';
import { SLIDES, segmentMovie } from '../apps/server/src/renders/fixtures';
import { createDiskStore } from '../apps/server/src/storage/disk-store';
import { launchBrowser, screenshot } from './support/browser';
import { playVideoToEnd, probe } from './support/video';

let dir: string;
let browser: Browser;
let server: Server;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'rw-segments-e2e-'));
  await runTool('ffmpeg', [
    ...['-v', 'error', '-nostdin', '-f', 'lavfi', '-i', 'sine=frequency=330:duration=30'],
    path.join(dir, 'music-a.wav'),
  ]);
  browser = await launchBrowser(['--autoplay-policy=no-user-gesture-required']);
  // The MP4 and a page holding it, with byte ranges as a file server answers them.
  server = createServer((request, response) => {
    if (request.url !== '/video.mp4') {
      response.writeHead(200, { 'content-type': 'text/html' }).end('<video src="/video.mp4" width="320"></video>');
      return;
    }
    const file = path.join(dir, 'edited.mp4');
    const size = statSync(file).size;
    const range = /bytes=(\d+)-(\d*)/.exec(request.headers.range ?? '');
    const start = range ? Number(range[1]) : 0;
    const end = range?.[2] ? Number(range[2]) : size - 1;
    response.writeHead(range ? 206 : 200, {
      'content-type': 'video/mp4',
      'accept-ranges': 'bytes',
      'content-length': end - start + 1,
      ...(range ? { 'content-range': `bytes ${start}-${end}/${size}` } : {}),
    });
    createReadStream(file, { start, end }).pipe(response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
});

afterAll(async () => {
  await browser?.close();
  server?.close();
});

describe('a re-rendered video', () => {
  it('joins reused segments into an MP4 that plays to the end in Chromium', async () => {
    const segments = createSegmentCache({
      files: createDiskStore(path.join(dir, 'store')),
      index: memorySegmentIndex(),
      eviction: { maxAgeSeconds: 3600, maxBytes: 1e9, protectSeconds: 60 },
    });
    const render = (slide: number | undefined, name: string) =>
      renderMovie({
        movie: segmentMovie({ slide }),
        output: path.join(dir, name),
        fps: 10,
        localFiles: dir,
        segments,
        chunks: 1,
      });
    await render(undefined, 'first.mp4');
    const edited = await render(3, 'edited.mp4');
    expect(edited.segments).toEqual({ total: SLIDES, reused: SLIDES - 1, drawn: 1 });
    expect(probe(path.join(dir, 'edited.mp4')).streams.map((s) => s.codec_name)).toEqual(['h264', 'aac']);

    const page = await browser.newPage();
    await page.goto(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
    const video = page.locator('video');
    await expect
      .poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState), { timeout: 20_000 })
      .toBeGreaterThanOrEqual(2);
    // The edited slide (the fourth, 6–8 s) as Chromium decodes it.
    await video.evaluate(
      (v: HTMLVideoElement) =>
        new Promise((resolve) => {
          v.addEventListener('seeked', resolve, { once: true });
          v.currentTime = 7;
        }),
    );
    await screenshot(page, 'segments-edited-slide');
    const played = await video.evaluate(playVideoToEnd);
    expect(played).toMatchObject({ ended: true, error: null });
    expect(played.duration).toBeCloseTo(SLIDES * 2, 0);
    expect(played.currentTime).toBeCloseTo(played.duration, 1);
    await page.close();
  });
});
