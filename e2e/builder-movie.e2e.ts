import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type AudioItem, emptyProjectData, type Frame, messages, type ProjectData } from '@reelwright/core';
import { generatePhoto, type ServerProcess, startServerProcess, waitForMail } from '@reelwright/testkit';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot } from './support/browser';
import { loadProjectInPage, signUpInPage } from './support/member';
import { maxVolume, meanColour, probe } from './support/video';

/**
 * A three-slide video built in the builder from an empty project, as a user would (issue 19,
 * "Done means"): a designed text effect and an emoji; a shape and an uploaded picture cropped in
 * the image editor; an uploaded clip trimmed in its popup; narration generated on each slide;
 * background music. Then it is published, and the MP4 is checked: its streams and length, the
 * frames at the items' times, and speech in each slide above the music.
 */

const email = `builder-movie-${Date.now()}@example.com`;
const work = mkdtempSync(path.join(tmpdir(), 'rw-e2e-movie-'));
/** The MP4's size: the default 1024 × 576 movie at the 720p the member picks. */
const EXPORTED = { width: 1280, height: 720 };
const WAIT = { timeout: 15_000 };
let server: ServerProcess;
let browser: Browser;
let page: Page;
let pid = 0;
let file = '';
let project: ProjectData;

beforeAll(async () => {
  server = await startServerProcess();
  browser = await launchBrowser();
  page = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const load = () => loadProjectInPage(page, pid);
const frames = async (): Promise<Frame[]> => (await load()).video.frames;
const button = (name: string | RegExp) => page.getByRole('button', { name });

async function openTab(tab: string) {
  const rail = page.getByTestId(`add-rail-${tab}`);
  if ((await rail.getAttribute('aria-pressed')) !== 'true') await rail.click();
  await page.getByTestId('add-drawer').waitFor();
}

/** Waits until slide `index` holds `count` items, and answers the newest (top layer first). */
async function added(index: number, count: number) {
  await expect.poll(async () => (await frames())[index]?.items.length ?? 0, WAIT).toBe(count);
  return (await frames())[index]!.items[0]!;
}

async function openSection(name: string) {
  const section = page.getByTestId('inspector').getByRole('button', { name, exact: true });
  if ((await section.getAttribute('aria-expanded')) !== 'true') await section.click();
}

/** Selects an item by its timeline row. */
const selectRow = (id: string) => page.locator(`[data-testid="track"][data-item-id="${id}"]`).click();

/** Generates the speech of a slide's text item; answers the audio item it added. */
async function narrate(index: number, textId: string): Promise<AudioItem> {
  const before = (await frames())[index]!.items.length;
  await selectRow(textId);
  await openSection('Audio');
  await expect.poll(() => page.getByTestId('voice-picker').inputValue(), WAIT).not.toBe('');
  await page.getByTestId('generate-speech-button').click();
  const speech = await added(index, before + 1);
  expect(speech.type).toBe('audio');
  return speech as AudioItem;
}

async function addSlide(count: number) {
  await button('Add slide').click();
  await expect.poll(async () => (await frames()).length, WAIT).toBe(count);
  await expect.poll(() => page.getByTestId('slide-position').textContent(), WAIT).toBe(`Slide ${count} of ${count}`);
}

async function upload(name: string, contents: Buffer | string) {
  await page.getByTestId('add-upload').click();
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Choose a file' }).click();
  await (await chooser).setFiles(
    typeof contents === 'string' ? contents : { name, mimeType: 'image/jpeg', buffer: contents },
  );
}

describe('a three-slide video built in the builder', () => {
  it('opens an empty project', async () => {
    const post = await signUpInPage(page, server, email);
    const saved = await post('/api/members/projects/save', {
      name: 'Builder movie',
      title: 'Builder movie',
      data_json: JSON.stringify(emptyProjectData()),
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    pid = (saved.body as { id: number }).id;
    await page.goto(`${server.url}/app.html?pid=${pid}#/builder`);
    await page.getByTestId('stage-canvas').waitFor();
    await page.waitForTimeout(2100);
  });

  it('slide 1: a text effect, an emoji, and the title’s narration', { timeout: 60_000 }, async () => {
    await openTab('text');
    await button('Add text: Impact title').click();
    const title = await added(0, 1);
    await openTab('emojis');
    await page.getByTestId('add-result').first().click();
    const emoji = await added(0, 2);
    expect(emoji.type).toBe('image');
    await narrate(0, title.id);
    await screenshot(page, 'builder-movie-slide-1');
  });

  it('slide 2: a shape, a picture cropped square in the image editor, and narration', { timeout: 90_000 }, async () => {
    await addSlide(2);
    await openTab('shapes');
    await page.getByTestId('add-keyword').fill('circle');
    await page.getByTestId('add-search').click();
    await expect.poll(() => page.getByTestId('add-result').first().getAttribute('title'), WAIT).toMatch(/circle/i);
    await page.getByTestId('add-result').first().click();
    await added(1, 1);

    await openTab('image');
    await upload('meadow.jpg', await generatePhoto({ width: 960, height: 540, index: 4 }).encode('jpeg', 85));
    const photo = await added(1, 2);
    const original = photo.type === 'image' ? photo.url : '';
    await openSection('Image');
    await page.getByTestId('image-edit-open').click();
    await page.getByTestId('image-editor').waitFor();
    await page.getByTestId('image-editor').getByText('Square', { exact: true }).click();
    await expect.poll(() => page.getByTestId('image-editor-save').isEnabled(), WAIT).toBe(true);
    await page.getByTestId('image-editor-save').click();
    await page.getByTestId('image-editor').waitFor({ state: 'detached', timeout: 20_000 });
    await expect
      .poll(async () => {
        const stored = (await frames())[1]!.items.find((item) => item.id === photo.id);
        return stored?.type === 'image' ? stored.url : original;
      }, WAIT)
      .not.toBe(original);

    await openTab('text');
    await page.getByTestId('add-text-box').click();
    const text = await added(1, 3);
    await narrate(1, text.id);
    await screenshot(page, 'builder-movie-slide-2');
  });

  it('slide 3: an uploaded clip trimmed to 2–5.5 s, and narration', { timeout: 90_000 }, async () => {
    await addSlide(3);
    const clip = path.join(work, 'clip.mp4');
    const made = spawnSync('ffmpeg', [
      ...['-v', 'error', '-f', 'lavfi', '-i', 'testsrc2=size=640x360:rate=25', '-t', '12'],
      ...['-c:v', 'libx264', '-pix_fmt', 'yuv420p', clip],
    ]);
    expect(made.status).toBe(0);
    await openTab('video');
    await upload('clip.mp4', clip);
    const video = await added(2, 1);
    expect(video.type).toBe('video');
    await openSection('Video');
    await page.getByTestId('video-trim-open').click();
    await page.getByTestId('trim-video-dialog').waitFor();
    await page.getByTestId('trim-start').fill('2');
    await page.getByTestId('trim-stop').fill('5.5');
    await page.getByTestId('trim-stop').blur();
    await page.getByTestId('trim-save').click();
    await page.getByTestId('trim-video-dialog').waitFor({ state: 'detached' });
    await expect
      .poll(async () => {
        const stored = (await frames())[2]!.items.find((item) => item.id === video.id);
        return stored?.type === 'video' ? [stored.startTime, stored.stopTime] : null;
      }, WAIT)
      .toEqual([2, 5.5]);

    await openTab('text');
    await page.getByTestId('add-text-box').click();
    const text = await added(2, 2);
    await narrate(2, text.id);
  });

  it('adds background music to the movie', async () => {
    // With nothing selected, the panel shows the movie's settings.
    await page.getByTestId('stage').click({ position: { x: 5, y: 5 } });
    await page.getByTestId('movie-music-add').click();
    await expect.poll(async () => (await load()).video.audio.url ?? '', WAIT).toMatch(/^\/media\/music\/.+\.mp3$/);
    await screenshot(page, 'builder-movie-music');
  });

  it('publishes it and e-mails the MP4', { timeout: 300_000 }, async () => {
    project = await load();
    const dialog = () => page.getByRole('dialog', { name: messages.publishTitle });
    await button('Publish').click();
    await dialog().getByLabel('Download the MP4 file').check();
    await dialog().getByRole('button', { name: 'Continue' }).click();
    await dialog().getByTestId('free-warning').waitFor();
    await dialog().getByRole('button', { name: messages.downloadWithWatermark }).click();
    await dialog().getByText('720p (smaller file)').click();
    await dialog().getByRole('button', { name: messages.startRendering }).click();
    await dialog().getByTestId('render-done').waitFor({ timeout: 240_000 });
    const mail = await waitForMail(server.dataDir, email, { subject: /ready/, timeoutMs: 30_000 });
    const link = /(http\S+\.mp4\?download=1)/.exec(mail.text)?.[1] ?? '';
    const response = await fetch(link);
    expect(response.status).toBe(200);
    file = path.join(work, 'movie.mp4');
    writeFileSync(file, Buffer.from(await response.arrayBuffer()));
  });

  it('has the three slides in the MP4: streams, length, frames at the items’ times', () => {
    const probed = probe(file);
    const video = probed.streams.find((s) => s.codec_type === 'video');
    expect(video).toMatchObject({ codec_name: 'h264', width: EXPORTED.width, height: EXPORTED.height });
    expect(probed.streams.some((s) => s.codec_type === 'audio')).toBe(true);
    const durations = project.video.frames.map((frame) => frame.duration);
    const starts = durations.map((_, i) => durations.slice(0, i).reduce((a, b) => a + b, 0));
    const total = durations.reduce((a, b) => a + b, 0);
    expect(Number(probed.format.duration)).toBeCloseTo(total, 0);

    // Slide 1, once the title has zoomed in: the emoji's yellow face in the middle.
    const [r1, g1, b1] = meanColour(file, starts[0]! + 2, EXPORTED, {
      left: 0.46,
      top: 0.52,
      width: 0.08,
      height: 0.06,
    });
    expect(r1).toBeGreaterThan(150);
    expect(g1).toBeGreaterThan(110);
    expect(b1).toBeLessThan(120);
    // Slide 2: the cropped picture fills the middle of the black slide.
    const middle2 = meanColour(file, starts[1]! + 1.5, EXPORTED, { left: 0.4, top: 0.3, width: 0.2, height: 0.1 });
    expect(Math.max(...middle2)).toBeGreaterThan(40);
    // Slide 3: the clip's saturated test colours.
    console.log(`builder movie frames: emoji ${[r1, g1, b1].map(Math.round)}, picture ${middle2.map(Math.round)}`);
    const [r3, g3, b3] = meanColour(file, starts[2]! + 1.5, EXPORTED, {
      left: 0.27,
      top: 0.27,
      width: 0.06,
      height: 0.06,
    });
    expect(Math.max(r3, g3, b3) - Math.min(r3, g3, b3)).toBeGreaterThan(60);
  });

  it('speaks on each slide, louder than the music around it', () => {
    const durations = project.video.frames.map((frame) => frame.duration);
    const starts = durations.map((_, i) => durations.slice(0, i).reduce((a, b) => a + b, 0));
    project.video.frames.forEach((frame, index) => {
      const speech = frame.items.find((item): item is AudioItem => item.type === 'audio' && item.source === 'tts');
      expect(speech, `slide ${index + 1}`).toBeDefined();
      const at = starts[index]! + speech!.timing.start;
      const spoken = maxVolume(file, at, speech!.timing.stop - speech!.timing.start);
      const after = maxVolume(file, starts[index]! + speech!.timing.stop + 0.3, 1);
      console.log(`builder movie slide ${index + 1}: speech peaks at ${spoken} dB, the music after it at ${after} dB`);
      expect(spoken, `slide ${index + 1}`).toBeGreaterThan(-20);
      expect(spoken - after, `slide ${index + 1}: speech ${spoken} dB, music ${after} dB`).toBeGreaterThan(3);
    });
  });
});
