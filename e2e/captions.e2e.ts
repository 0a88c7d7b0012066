/// <reference path="../packages/core/src/captions/node-webvtt.d.ts" />
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { BackgroundSchema, createFrame, emptyProjectData, messages, type SpokenWord } from '@reelwright/core';
import { type ServerProcess, startServerProcess } from '@reelwright/testkit';
import * as webvtt from 'node-webvtt';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot } from './support/browser';
import { loadProjectInPage, type PagePost, signUpInPage } from './support/member';

/**
 * Captions (issue 21, D68): a member narrates a slide with generated speech, turns burned-in
 * captions on in the movie settings, publishes, downloads the `.vtt` beside the MP4, sees the
 * embed page's player show the captions track, and finds the captions in the MP4's frames while
 * the words are spoken — and none in the silence after them, nor in the same project rendered
 * with captions off.
 */

const email = `captions-${Date.now()}@example.com`;
const SIZE = { width: 640, height: 360 };
/** The MP4's size: the movie's shape at 720p, the smaller export. */
const EXPORTED = { width: 1280, height: 720 };
const SENTENCE = 'Captions show every word. Even without sound.';
/** The narration starts this far into the slide; the slide goes on this long after it. */
const LEAD_IN = 0.5;
const SILENCE_AFTER = 2;

let server: ServerProcess;
let browser: Browser;
let page: Page;
let post: PagePost;
let pid = 0;
let words: SpokenWord[] = [];
let captionedMp4 = '';
/** The same project with captions off, rendered too. */
let plainPid = 0;

beforeAll(async () => {
  server = await startServerProcess({ RENDER_QUOTA_FREE: '5' });
  browser = await launchBrowser();
  page = await (await browser.newContext({ viewport: { width: 1366, height: 860 }, acceptDownloads: true })).newPage();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const dialog = () => page.getByRole('dialog', { name: messages.publishTitle });
const get = (url: string) =>
  page.evaluate(async (u) => {
    const res = await fetch(u);
    return { status: res.status, text: await res.text() };
  }, url);

/** One dark slide narrated from LEAD_IN s, with silence after the speech. */
function narratedProject(clip: { url: string; duration: number }, captions: 'highlight' | 'off') {
  const video = {
    size: SIZE,
    frames: [
      createFrame('s1', {
        duration: LEAD_IN + clip.duration + SILENCE_AFTER,
        background: BackgroundSchema.parse({ type: 'color', color: '#243b53' }),
        items: [
          {
            id: 'voice',
            type: 'audio',
            url: clip.url,
            source: 'tts',
            duration: clip.duration,
            words,
            timing: { start: LEAD_IN, stop: LEAD_IN + clip.duration },
            box: { left: 0, top: 0, width: 1, height: 1 },
          },
        ] as never,
      }),
    ],
    ...(captions === 'off' ? {} : { captions: { style: captions } }),
  };
  return { ...emptyProjectData(), video };
}

/** The RGB frame at `t` of an MP4 at the exported size. */
function frameAt(file: string, t: number): Buffer {
  const { stdout } = spawnSync(
    'ffmpeg',
    ['-v', 'error', '-ss', String(t), '-i', file, '-frames:v', '1', '-f', 'rawvideo', '-pix_fmt', 'rgb24', '-'],
    { maxBuffer: EXPORTED.width * EXPORTED.height * 3 + 1024 },
  );
  return stdout;
}

/** Pixels of the lower fifth (where captions sit) that differ clearly between two frames. */
function changedInCaptionArea(a: Buffer, b: Buffer): number {
  let changed = 0;
  for (let y = Math.round(EXPORTED.height * 0.78); y < EXPORTED.height; y++) {
    for (let x = 0; x < EXPORTED.width; x++) {
      const i = (y * EXPORTED.width + x) * 3;
      const diff = Math.abs(a[i]! - b[i]!) + Math.abs(a[i + 1]! - b[i + 1]!) + Math.abs(a[i + 2]! - b[i + 2]!);
      if (diff > 90) changed++;
    }
  }
  return changed;
}

/** Yellow pixels (the highlighted word) in the lower fifth of a frame. */
function yellowInCaptionArea(frame: Buffer): number {
  let yellow = 0;
  for (let y = Math.round(EXPORTED.height * 0.78); y < EXPORTED.height; y++) {
    for (let x = 0; x < EXPORTED.width; x++) {
      const i = (y * EXPORTED.width + x) * 3;
      if (frame[i]! > 200 && frame[i + 1]! > 170 && frame[i + 2]! < 110) yellow++;
    }
  }
  return yellow;
}

/** Yellow pixels on the builder's stage canvas (runs in the page). */
function yellowOnCanvas(canvas: HTMLCanvasElement): number {
  const { data } = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height);
  let yellow = 0;
  for (let i = 0; i < data.length; i += 4) if (data[i]! > 200 && data[i + 1]! > 170 && data[i + 2]! < 110) yellow++;
  return yellow;
}

async function downloadTo(url: string, name: string): Promise<string> {
  const response = await fetch(url);
  expect(response.status).toBe(200);
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'rw-e2e-captions-')), name);
  writeFileSync(file, Buffer.from(await response.arrayBuffer()));
  return file;
}

/** Queues a render through the API and waits for it; answers the MP4's address. */
async function renderByApi(projectId: number): Promise<string> {
  const queued = await post('/api/members/queue-video', { pid: projectId, email, action: 'download', quality: '720p' });
  expect(queued.status, JSON.stringify(queued.body)).toBe(200);
  const { qid } = queued.body as { qid: number };
  for (const until = Date.now() + 120_000; Date.now() < until; ) {
    const status = JSON.parse((await get(`/api/members/queue-video/status?qid=${qid}`)).text);
    if (status.status === 'done') return status.url as string;
    if (status.status === 'failed') throw new Error(`the render failed: ${status.error}`);
    await page.waitForTimeout(500);
  }
  throw new Error('the render did not finish in time');
}

describe('captions', () => {
  it('narrates a slide: the speech comes with its timed words', { timeout: 60_000 }, async () => {
    post = await signUpInPage(page, server, email);
    const spoken = await post('/api/queries/tts', { text: SENTENCE, voiceId: 'espeak:en-us+f3', lang: 'en-US' });
    expect(spoken.status, JSON.stringify(spoken.body)).toBe(200);
    const clip = spoken.body as { url: string; duration: number; words: SpokenWord[] };
    words = clip.words;
    expect(words.map((w) => w.text).join(' ')).toBe(SENTENCE);
    const saved = await post('/api/members/projects/save', {
      name: 'Captions',
      title: 'Captions test',
      data_json: JSON.stringify(narratedProject(clip, 'off')),
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    pid = (saved.body as { id: number }).id;
  });

  it('turns on word-by-word captions in the movie settings, one undo step', async () => {
    await page.goto(`${server.url}/app.html?pid=${pid}#/builder`);
    const settings = page.getByTestId('movie-settings');
    await settings.getByRole('button', { name: /Captions/ }).click();
    const hint = page.getByTestId('movie-captions-hint');
    await expect.poll(() => hint.textContent()).toContain('The narration is timed');
    await page.getByTestId('movie-captions-style').getByText('Highlight').click();
    await expect.poll(() => page.getByTestId('movie-captions-summary').textContent()).toBe('Highlight');
    // The stage previews them: at the second word, the word in yellow.
    const ruler = (await page.getByTestId('timeline-ruler').boundingBox())!;
    const duration = LEAD_IN + (words.at(-1)?.end ?? 0);
    const at = LEAD_IN + ((words[1]?.start ?? 0) + (words[1]?.end ?? 0)) / 2;
    const frameSeconds = Number((await loadProjectInPage(page, pid)).video.frames[0]?.duration);
    expect(duration).toBeLessThan(frameSeconds);
    await page.mouse.click(ruler.x + (at / frameSeconds) * ruler.width, ruler.y + ruler.height / 2);
    await expect.poll(() => page.getByTestId('stage-canvas').evaluate(yellowOnCanvas)).toBeGreaterThan(20);
    await page.waitForTimeout(400);
    await screenshot(page, 'captions-settings');
    // One undo step: undo turns them off, redo on again.
    const summary = page.getByTestId('movie-captions-summary');
    await page.getByRole('button', { name: 'Undo', exact: true }).click();
    await expect.poll(() => summary.textContent()).toBe('Off');
    await page.getByRole('button', { name: 'Redo', exact: true }).click();
    await expect.poll(() => summary.textContent()).toBe('Highlight');
  });

  it('publishes and downloads the .vtt beside the MP4', { timeout: 200_000 }, async () => {
    // Publishing saves the project first: the render has the captions setting.
    await page.getByRole('button', { name: 'Publish' }).click();
    await dialog().getByLabel('Download the MP4 file').check();
    await dialog().getByRole('button', { name: 'Continue' }).click();
    await dialog().getByRole('button', { name: messages.downloadWithWatermark }).click();
    await dialog().getByText('720p (smaller file)').click();
    await dialog().getByRole('button', { name: messages.startRendering }).click();
    await dialog().getByTestId('render-done').waitFor({ timeout: 180_000 });
    const downloads = dialog().getByTestId('caption-downloads');
    await downloads.waitFor();
    await screenshot(page, 'captions-publish-done');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      downloads.getByRole('link', { name: 'Captions .vtt' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('captions-test.vtt');
    const vtt = readFileSync(await download.path(), 'utf8');
    const parsed = webvtt.parse(vtt, { strict: true });
    expect(parsed.valid).toBe(true);
    expect(parsed.cues.map((cue) => cue.text).join(' ')).toBe(SENTENCE);
    expect(parsed.cues[0]?.start).toBeCloseTo(LEAD_IN + (words[0]?.start ?? 0), 2);

    expect((await loadProjectInPage(page, pid)).video.captions).toEqual({ style: 'highlight' });
    const mp4 = await dialog().getByRole('link', { name: 'Download MP4' }).getAttribute('href');
    captionedMp4 = await downloadTo(mp4 ?? '', 'captioned.mp4');
  });

  it('burns the captions into the MP4 while the words are spoken, and only then', { timeout: 200_000 }, async () => {
    // The same project with captions off, rendered alike.
    const data = { ...(await loadProjectInPage(page, pid)) };
    delete data.video.captions;
    const saved = await post('/api/members/projects/save', {
      name: 'Captions off',
      title: 'Captions off',
      data_json: JSON.stringify(data),
    });
    plainPid = (saved.body as { id: number }).id;
    const plainMp4 = await downloadTo(await renderByApi(plainPid), 'plain.mp4');

    const spokenAt = (word: SpokenWord) => LEAD_IN + (word.start + word.end) / 2;
    for (const word of [words[1], words.at(-2)] as SpokenWord[]) {
      const captioned = frameAt(captionedMp4, spokenAt(word));
      const plain = frameAt(plainMp4, spokenAt(word));
      expect(changedInCaptionArea(captioned, plain), word.text).toBeGreaterThan(2000);
      expect(yellowInCaptionArea(captioned), word.text).toBeGreaterThan(100);
      expect(yellowInCaptionArea(plain), word.text).toBe(0);
    }
    // In the silence after the speech (the last cue gone), both frames are alike.
    const silent = LEAD_IN + (words.at(-1)?.end ?? 0) + 1.5;
    expect(changedInCaptionArea(frameAt(captionedMp4, silent), frameAt(plainMp4, silent))).toBeLessThan(50);
    expect(yellowInCaptionArea(frameAt(captionedMp4, silent))).toBe(0);
  });

  it('shows the captions track on the embed page', { timeout: 60_000 }, async () => {
    // Burned in, the track is offered but not shown, or the captions would show twice.
    const burnedHash = (await get(`/api/members/projects/embed/hash?pid=${pid}`)).text;
    const burnedPage = await (await fetch(`${server.url}/embed.html?hash=${burnedHash}`)).text();
    expect(burnedPage).toMatch(/<track kind="captions"[^>]*src="[^"]+\.vtt">/);

    const embedHash = (await get(`/api/members/projects/embed/hash?pid=${plainPid}`)).text;
    const embed = await browser.newPage({ viewport: { width: 1024, height: 624 } });
    await embed.goto(`${server.url}/embed.html?hash=${embedHash}`);
    const video = embed.locator('video');
    await video.waitFor();
    const track = await video.evaluate(
      (v: HTMLVideoElement) =>
        new Promise<{ mode: string; kind: string; cues: string[] }>((resolve) => {
          const t = v.textTracks[0];
          const element = v.querySelector('track');
          const report = () =>
            resolve({
              mode: t?.mode ?? 'none',
              kind: t?.kind ?? 'none',
              cues: Array.from(t?.cues ?? [], (cue) => (cue as VTTCue).text),
            });
          if (element?.readyState === 2) report();
          else element?.addEventListener('load', report, { once: true });
        }),
    );
    expect(track).toMatchObject({ mode: 'showing', kind: 'captions' });
    expect(track.cues.join(' ')).toBe(SENTENCE);
    // A frame with a caption up, for people to look at.
    await video.evaluate(
      (v: HTMLVideoElement, at: number) =>
        new Promise((resolve) => {
          v.addEventListener('seeked', resolve, { once: true });
          v.currentTime = at;
        }),
      LEAD_IN + (words[1]?.start ?? 0),
    );
    await embed.waitForTimeout(500);
    await screenshot(embed, 'captions-embed-page');
    await embed.close();
  });
});
