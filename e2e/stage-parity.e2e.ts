import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import {
  BackgroundSchema,
  createFrame,
  createTextItem,
  emptyProjectData,
  type ImageItem,
  ImageItemSchema,
  type ProjectData,
  type TextItem,
} from '@reelwright/core';
import { generatePhoto, type ServerProcess, startServerProcess } from '@reelwright/testkit';
import { diffPixels, type ImageDiff, renderToPixels } from '@reelwright/testkit/golden';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot } from './support/browser';
import { loadProjectInPage, signUpInPage } from './support/member';
import { renderWithCli } from './support/video';

/**
 * Stage equals export (DESIGN §6, issue 17): a slide edited in the builder with the mouse (a text
 * item dragged, a photo resized) is drawn on the stage; the saved project, rendered to MP4 by the
 * render CLI (the server's pipeline: drawFrame on @napi-rs/canvas, I420, libx264 yuv420p) at the
 * stage canvas's pixel size, decodes at the same instant to the same picture.
 *
 * The bound is the sum of the two differences on the way, each measured on this slide (Debian
 * Chromium, @napi-rs/canvas 1.1.1, libx264 CRF 23 veryfast, 924 × 520; mean per RGBA channel, as
 * `diffPixels` and `render-parity.e2e.ts` measure):
 * - Chromium vs Node drawing the frame: `render-parity.e2e.ts` allows 2 (PARITY_MAX_MEAN_DIFF);
 *   here stage vs Node drawFrame measures 0.06 (text edges).
 * - The encoding alone, Node drawFrame vs the decoded MP4 (chroma at quarter resolution, BT.709
 *   limited range and back, CRF 23 on a grainy photo): 1.68. ENCODE_ALLOWANCE is 2.5, half as
 *   much again, for other x264 builds and their rounding.
 * So MAX_MEAN_DIFF = 2 + 2.5 = 4.5, and stage vs decoded MP4 measures 1.71. The stage against the
 * slide as it was before the edits differs by 15.9, over three times the bound: the test notices
 * an edit that the export did not get.
 */
const PARITY_MAX_MEAN_DIFF = 2;
const ENCODE_ALLOWANCE = 2.5;
const MAX_MEAN_DIFF = PARITY_MAX_MEAN_DIFF + ENCODE_ALLOWANCE;
/** The movie's size: a 1080p video, drawn scaled down on the stage and exported at the stage's size. */
const MOVIE = { width: 1920, height: 1080 };
/** The instant compared: the playhead of a freshly opened slide (no show effects, no Ken Burns). */
const T = 0;

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const run = promisify(execFile);
const email = `stage-parity-${Date.now()}@example.com`;
let server: ServerProcess;
let browser: Browser;
let page: Page;
let dir = '';
let pid = 0;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'rw-e2e-stage-parity-'));
  server = await startServerProcess();
  browser = await launchBrowser();
  page = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const loadProject = () => loadProjectInPage(page, pid);

const itemOf = <T>(data: ProjectData, id: string) => data.video.frames[0]!.items.find((item) => item.id === id) as T;

/** Uploads a JPEG through the app's upload route, as the media panel does; returns its `/media/…` url. */
async function upload(jpeg: Buffer): Promise<string> {
  const answer = await page.evaluate(async (base64) => {
    const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
    const form = new FormData();
    form.append('file', new Blob([bytes], { type: 'image/jpeg' }), 'landscape.jpg');
    const res = await fetch('/api/members/uploads', { method: 'POST', body: form });
    return { status: res.status, body: await res.json() };
  }, jpeg.toString('base64'));
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return (answer.body as { url: string }).url;
}

/** One slide: a photo on the right and a caption on a container on the left; nothing animates. */
function slideProject(photoUrl: string): ProjectData {
  const data = emptyProjectData();
  data.video.size = MOVIE;
  data.video.frames = [
    createFrame('slide', {
      duration: 1,
      background: BackgroundSchema.parse({ type: 'color', color: '#1c3d5a' }),
      items: [
        createTextItem('caption', 'Stage equals\nexport', {
          timing: { start: 0, stop: 1 },
          box: { left: 0.05, top: 0.55, width: 0.4, height: 0.3, rotate: 0 },
          boldColor: '#ffd43b',
          container: { backgroundColor: '#e8590c', backgroundAlpha: 0.85 },
        } as Partial<TextItem>),
        ImageItemSchema.parse({
          id: 'photo',
          type: 'image',
          url: photoUrl,
          timing: { start: 0, stop: 1 },
          box: { left: 0.5, top: 0.1, width: 0.4, height: 0.45, rotate: 0 },
        }),
      ],
    }),
  ];
  return data;
}

/** The stage canvas's drawing-buffer size. */
const canvasSize = () =>
  page
    .getByTestId('stage-canvas')
    .evaluate((canvas: HTMLCanvasElement) => ({ width: canvas.width, height: canvas.height }));

/**
 * Makes the window a pixel wider at a time (from 1440 × 900) until the fitted stage canvas has
 * even sides, which the yuv420p export needs: the export is rendered at exactly the stage's size.
 */
async function evenStage(): Promise<void> {
  for (let width = 1440; width < 1460; width++) {
    await page.setViewportSize({ width, height: 900 });
    // The stage is fitted by a ResizeObserver and a React render: two frames and a moment later.
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    await page.waitForTimeout(100);
    const size = await canvasSize();
    if (size.width % 2 === 0 && size.height % 2 === 0) return;
  }
  throw new Error(`No window width from 1440 to 1459 px gives the stage canvas even sides.`);
}

/** Screen coordinates of a point given in fractions of the stage. */
async function onStage(x: number, y: number): Promise<{ x: number; y: number }> {
  const box = (await page.getByTestId('stage').boundingBox())!;
  return { x: box.x + x * box.width, y: box.y + y * box.height };
}

/** Presses at `from`, moves in `steps` to `from + by`, releases: one gesture. */
async function drag(from: { x: number; y: number }, by: { x: number; y: number }, steps = 10) {
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  for (let step = 1; step <= steps; step++) {
    await page.mouse.move(from.x + (by.x * step) / steps, from.y + (by.y * step) / steps);
  }
  await page.mouse.up();
}

/** The stage canvas's pixels (its drawing buffer, not the screen), base64 in transit. */
async function stagePixels(): Promise<{ width: number; height: number; data: Uint8ClampedArray }> {
  const read = await page.getByTestId('stage-canvas').evaluate((canvas: HTMLCanvasElement) => {
    const { width, height } = canvas;
    const data = canvas.getContext('2d')!.getImageData(0, 0, width, height).data;
    let binary = '';
    for (let i = 0; i < data.length; i += 0x8000) {
      binary += String.fromCharCode(...data.subarray(i, i + 0x8000));
    }
    return { width, height, base64: btoa(binary) };
  });
  return { width: read.width, height: read.height, data: new Uint8ClampedArray(Buffer.from(read.base64, 'base64')) };
}

/** The frame of an MP4 at `t` as RGBA, converted with the encoder's matrix (BT.709, limited range). */
async function decodedFrame(file: string, t: number, size: { width: number; height: number }) {
  const { stdout } = await run(
    'ffmpeg',
    [
      ...['-v', 'error', '-ss', String(t), '-i', file, '-frames:v', '1'],
      ...['-vf', 'scale=in_color_matrix=bt709:in_range=tv', '-f', 'rawvideo', '-pix_fmt', 'rgba', '-'],
    ],
    { encoding: 'buffer', maxBuffer: size.width * size.height * 4 + 1024 },
  );
  return new Uint8ClampedArray(stdout.buffer, stdout.byteOffset, stdout.length);
}

const report = (name: string, diff: ImageDiff) =>
  console.log(`stage parity ${name}: mean ${diff.meanDiff.toFixed(3)}, off ${(diff.offFraction * 100).toFixed(2)} %`);

describe('stage equals export', () => {
  /** The slide as saved before the edits, with the photo as a local file. */
  let original: ProjectData;
  let photoFile = '';
  let photoUrl = '';

  it('opens a one-slide project with an uploaded photo in the builder', async () => {
    const post = await signUpInPage(page, server, email);
    photoUrl = await upload(
      await generatePhoto({ width: 1280, height: 720, index: 3, grain: true }).encode('jpeg', 90),
    );
    const saved = await post('/api/members/projects/save', {
      name: 'Stage parity',
      title: 'Stage parity',
      data_json: JSON.stringify(slideProject(photoUrl)),
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    pid = (saved.body as { id: number }).id;
    original = await loadProject();

    // The export reads the stored file, as the server's media resolver does (a local copy).
    const stored = await fetch(`${server.url}${photoUrl}`);
    expect(stored.status).toBe(200);
    photoFile = path.join(dir, 'photo.jpg');
    writeFileSync(photoFile, Buffer.from(await stored.arrayBuffer()));

    await page.goto(`${server.url}/app.html?pid=${pid}#/builder`);
    await page.getByTestId('stage-canvas').waitFor();
    await evenStage();
    // Past the 2 s warm-up, edits are the author's.
    await page.waitForTimeout(2100);
  });

  it('drags the caption and resizes the photo with the mouse, and saves both', async () => {
    const caption = itemOf<TextItem>(original, 'caption');
    const photo = itemOf<ImageItem>(original, 'photo');
    const stage = (await page.getByTestId('stage').boundingBox())!;

    const centre = await onStage(caption.box.left + caption.box.width / 2, caption.box.top + caption.box.height / 2);
    await page.mouse.click(centre.x, centre.y);
    await page.getByTestId('selection').waitFor();
    await drag(centre, { x: 0.08 * stage.width, y: -0.1 * stage.height });

    const photoCentre = await onStage(photo.box.left + photo.box.width / 2, photo.box.top + photo.box.height / 2);
    await page.mouse.click(photoCentre.x, photoCentre.y);
    await expect.poll(() => page.getByTestId('selection').getAttribute('data-item-id')).toBe('photo');
    const handle = page.locator('.moveable-control.moveable-se');
    await handle.waitFor();
    const at = (await handle.boundingBox())!;
    await drag({ x: at.x + at.width / 2, y: at.y + at.height / 2 }, { x: -0.12 * stage.width, y: 0.2 * stage.height });

    // Both gestures reach the stored project.
    await expect
      .poll(async () => itemOf<TextItem>(await loadProject(), 'caption').box.left, { timeout: 10_000 })
      .toBeGreaterThan(caption.box.left + 0.05);
    await expect
      .poll(async () => itemOf<ImageItem>(await loadProject(), 'photo').box.width, { timeout: 10_000 })
      .toBeLessThan(photo.box.width - 0.05);
    await screenshot(page, 'builder-stage-parity');
  });

  it('shows on the stage what the export renders at the same instant', { timeout: 180_000 }, async () => {
    // The control bar says where the playhead is: at the start, as a slide opens.
    expect(await page.getByTestId('player-readout').textContent()).toMatch(/^0:00:00 \//);
    expect(await page.getByRole('slider', { name: 'Playhead' }).getAttribute('aria-valuenow')).toBe(String(T));
    const stage = await stagePixels();
    const size = { width: stage.width, height: stage.height };
    expect(stage.width).toBeLessThan(MOVIE.width);
    // yuv420p needs even sides (see evenStage).
    expect(size.width % 2, `stage canvas ${size.width} × ${size.height}`).toBe(0);
    expect(size.height % 2, `stage canvas ${size.width} × ${size.height}`).toBe(0);

    const localize = (data: ProjectData): ProjectData => {
      const copy = structuredClone(data);
      for (const item of copy.video.frames[0]!.items) if (item.type === 'image') item.url = photoFile;
      return copy;
    };
    const saved = localize(await loadProject());
    const projectFile = path.join(dir, 'project.json');
    const output = path.join(dir, 'slide.mp4');
    writeFileSync(projectFile, JSON.stringify(saved));
    await renderWithCli(repoRoot, projectFile, output, size);
    const exported = await decodedFrame(output, T, size);
    const node = await renderToPixels(saved.video, T, { width: size.width, strict: true });

    const total = diffPixels(stage.data, exported);
    const renderer = diffPixels(stage.data, node);
    const encoding = diffPixels(node, exported);
    const unedited = diffPixels(stage.data, await renderToPixels(localize(original).video, T, { width: size.width }));
    report(`stage vs MP4 (${size.width} × ${size.height})`, total);
    report('stage vs Node drawFrame', renderer);
    report('Node drawFrame vs MP4 (encoding only)', encoding);
    report('stage vs the slide before the edits', unedited);

    expect(renderer.meanDiff).toBeLessThanOrEqual(PARITY_MAX_MEAN_DIFF);
    expect(encoding.meanDiff).toBeLessThanOrEqual(ENCODE_ALLOWANCE);
    expect(total.meanDiff).toBeLessThanOrEqual(MAX_MEAN_DIFF);
    // The bound is tight enough to see the edits.
    expect(unedited.meanDiff).toBeGreaterThan(2 * MAX_MEAN_DIFF);
  });
});
