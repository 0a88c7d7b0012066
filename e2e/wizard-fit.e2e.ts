import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  FREE_MAX_CREATED_SLIDES,
  FREE_VIDEO_MAX_SECONDS,
  frameStarts,
  messages,
  type ProjectData,
} from '@reelwright/core';
import { type ServerProcess, startServerProcess, waitForMail } from '@reelwright/testkit';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot } from './support/browser';
import { signUpInPage } from './support/member';
import { probe } from './support/video';
import { wizardDriver } from './support/wizard';

/**
 * A free member's first video from a 400-word article (issue 16): the slides step shows that ten
 * slides will not fit the free plan, one click fits them, every slide is narrated, the MP4 is
 * whole and at most 60 s, and downloading the unchanged video again answers the same file at
 * once, without a second render.
 */

const article = readFileSync(new URL('../bench/articles/urban-beekeeping.txt', import.meta.url), 'utf8');
const email = `wizard-fit-${Date.now()}@example.com`;
let server: ServerProcess;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let started = 0;
let keptSlides = 0;
let downloadLink = '';
let file = '';

beforeAll(async () => {
  server = await startServerProcess();
  browser = await launchBrowser();
  context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  page = await context.newPage();
  // The quick tips would open over the cards mid-flow; this member said never again.
  await context.addCookies([{ name: 'no_quick_tip_popup', value: '1', url: server.url }]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const { next, cards, expectStep, pasteArticle } = wizardDriver(() => page);
const notice = () => page.getByTestId('free-fit-notice');

/** GET a JSON or text answer from inside the page, with the member's session. */
const pageGet = (url: string) =>
  page.evaluate(async (u) => {
    const res = await fetch(u);
    return { status: res.status, text: await res.text() };
  }, url);

/** The loudest 100 ms of mono 16 kHz audio between `from` and `to` seconds (RMS, full scale 1). */
function loudestRms(samples: Float32Array, from: number, to: number): number {
  const rate = 16_000;
  const window = rate / 10;
  let loudest = 0;
  for (let start = Math.floor(from * rate); start + window <= Math.min(to * rate, samples.length); start += window) {
    let sum = 0;
    for (let i = start; i < start + window; i++) sum += (samples[i] ?? 0) ** 2;
    loudest = Math.max(loudest, Math.sqrt(sum / window));
  }
  return loudest;
}

function decodeAudio(mp4: string): Float32Array {
  const { stdout } = spawnSync('ffmpeg', ['-v', 'error', '-i', mp4, '-ac', '1', '-ar', '16000', '-f', 'f32le', '-'], {
    maxBuffer: 64 * 1024 * 1024,
  });
  return new Float32Array(stdout.buffer, stdout.byteOffset, stdout.byteLength / 4);
}

describe('wizard: a free video that fits', () => {
  it('shows that ten slides are too long for the free plan, and fits them in one click', {
    timeout: 120_000,
  }, async () => {
    started = Date.now();
    await signUpInPage(page, server, email);
    // A new document, so the app reads the member (only the hash would change otherwise).
    await page.goto(`${server.url}/app.html?member=1#/wizard`);
    await pasteArticle('urban beekeeping', article);
    await next();
    await expectStep('slides');
    await expect.poll(() => cards().count()).toBe(FREE_MAX_CREATED_SLIDES);

    await notice().waitFor();
    expect(await notice().getAttribute('data-fits')).toBe('false');
    const figures = (await notice().textContent()) ?? '';
    expect(figures).toMatch(/Narration: about \d+ s of 35 s\. Video: about \d+ s of 60 s\./);
    await screenshot(page, 'wizard-fit-offered');

    await page.getByRole('button', { name: 'Fit the video to the free plan' }).click();
    await expect.poll(() => notice().getAttribute('data-fits')).toBe('true');
    keptSlides = await cards().count();
    expect(keptSlides).toBeGreaterThan(1);
    expect(keptSlides).toBeLessThan(FREE_MAX_CREATED_SLIDES);
    await screenshot(page, 'wizard-fit-done');
  });

  it('narrates every slide without reaching the free limit, and publishes', { timeout: 420_000 }, async () => {
    await page.getByTestId('media-progress').waitFor({ state: 'detached', timeout: 90_000 });
    await next();
    await expectStep('customize', 180_000).catch(async (error) => {
      await screenshot(page, 'wizard-fit-stuck');
      throw error;
    });
    // The 35 s limit was never met: no slide was left silent.
    expect(await page.getByText(/35 seconds of speech per project/).count()).toBe(0);
    await next();
    await expectStep('publish');
    await page.getByTestId('publish-done').waitFor({ timeout: 300_000 });
    const mail = await waitForMail(server.dataDir, email, { subject: /ready/, timeoutMs: 30_000 });
    downloadLink = /(http\S+\.mp4\?download=1)/.exec(mail.text)?.[1] ?? '';
    expect(downloadLink.startsWith(server.url)).toBe(true);
    console.log(`wizard-fit: keyword to e-mailed MP4 in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  });

  it('renders a whole MP4 of at most 60 s with speech in every slide', { timeout: 120_000 }, async () => {
    const response = await fetch(downloadLink);
    expect(response.status).toBe(200);
    file = path.join(mkdtempSync(path.join(tmpdir(), 'rw-e2e-fit-')), 'video.mp4');
    writeFileSync(file, Buffer.from(await response.arrayBuffer()));
    const duration = Number(probe(file).format.duration);
    expect(duration).toBeLessThanOrEqual(FREE_VIDEO_MAX_SECONDS + 0.05);

    const list = JSON.parse((await pageGet('/api/members/projects/all')).text) as { id: number }[];
    const loaded = JSON.parse((await pageGet(`/api/members/projects/load?id=${list[0]?.id}`)).text);
    const data = JSON.parse(loaded.data_json) as ProjectData;
    const frames = data.video.frames;
    const starts = frameStarts({ frames });
    // Nothing was cut: the MP4 is as long as the movie.
    expect(duration).toBeCloseTo(starts.at(-1)! + frames.at(-1)!.duration, 1);

    // Decoded sound: each slide's time range holds speech (no music was chosen, so sound is voice).
    const samples = decodeAudio(file);
    const loudness = frames.map((frame, i) => loudestRms(samples, starts[i]!, starts[i]! + frame.duration));
    expect(loudness.length).toBe(keptSlides);
    for (const rms of loudness) expect(rms).toBeGreaterThan(0.02);

    // Decoded pictures: the last slide is there, not a black frame.
    const { stdout } = spawnSync('ffmpeg', [
      ...['-v', 'error', '-ss', String(duration - 0.5), '-i', file, '-frames:v', '1'],
      ...['-vf', 'scale=64:36', '-f', 'rawvideo', '-pix_fmt', 'gray', '-'],
    ]);
    expect(Math.max(...stdout)).toBeGreaterThan(60);
  });

  it('answers a second Download of the unchanged video with the same file, no new render', {
    timeout: 60_000,
  }, async () => {
    const list = JSON.parse((await pageGet('/api/members/projects/all')).text) as { id: number }[];
    const quotaBefore = JSON.parse((await pageGet('/api/members/quota')).text).used;
    await page.goto(`${server.url}/app.html?pid=${list[0]?.id}#/builder`);
    await page.getByRole('button', { name: 'Publish' }).click();
    const dialog = page.getByRole('dialog', { name: messages.publishTitle });
    await dialog.getByLabel('Download the MP4 file').check();
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await dialog.getByRole('button', { name: messages.downloadWithWatermark }).click();
    await dialog.getByRole('button', { name: messages.startRendering }).click();
    // Done at once: the finished render of the same video.
    await dialog.getByTestId('render-done').waitFor({ timeout: 10_000 });
    expect(await dialog.getByRole('link', { name: 'Download MP4' }).getAttribute('href')).toBe(downloadLink);
    await screenshot(page, 'wizard-fit-download-again');
    expect(JSON.parse((await pageGet('/api/members/quota')).text).used).toBe(quotaBefore);
    const again = Buffer.from(await (await fetch(downloadLink)).arrayBuffer());
    expect(again.equals(readFileSync(file))).toBe(true);
  });
});
