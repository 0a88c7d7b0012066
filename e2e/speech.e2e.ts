import {
  AudioItemSchema,
  createFrame,
  createTextItem,
  emptyProjectData,
  type Item,
  messages,
  type ProjectData,
} from '@reelwright/core';
import { type ServerProcess, startServerProcess } from '@reelwright/testkit';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot } from './support/browser';
import { type PagePost, signUpInPage } from './support/member';

/**
 * Speech screens in Chromium (issue 5): the custom pronunciations dialog (add a pair, hear it,
 * save, reload, still there), and the voice recorder on Chromium's fake microphone: a take is
 * saved as an MP3 and appears as an audio item on its slide and in the saved project; the slide
 * panel's compact player and the inspector's full player play and seek it; the Edit audio popup
 * trims it, and it and the player show their error icons for audio that cannot load.
 */

const email = `speech-${Date.now()}@example.com`;
let server: ServerProcess;
let browser: Browser;
let page: Page;
let post: PagePost;
let pid = 0;
const pageErrors: string[] = [];

beforeAll(async () => {
  server = await startServerProcess();
  browser = await launchBrowser([
    // A fake microphone (a beeping tone) that needs no permission prompt.
    '--use-fake-device-for-media-stream',
    '--use-fake-ui-for-media-stream',
    '--autoplay-policy=no-user-gesture-required',
  ]);
  const context = await browser.newContext({ viewport: { width: 1366, height: 860 } });
  await context.grantPermissions(['microphone'], { origin: server.url });
  page = await context.newPage();
  page.on('pageerror', (error) => pageErrors.push(error.message));
  // Every Audio element the app plays: its source, and whether playback began.
  await page.addInitScript(() => {
    const played: { src: string; ok: boolean }[] = [];
    (window as unknown as { __played: typeof played }).__played = played;
    const play = HTMLMediaElement.prototype.play;
    HTMLMediaElement.prototype.play = function (this: HTMLMediaElement) {
      const entry = { src: this.currentSrc || this.src, ok: false };
      played.push(entry);
      const result = play.call(this);
      void result.then(() => {
        entry.ok = true;
      });
      return result;
    };
  });
  post = await signUpInPage(page, server, email);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const dialog = (name: string) => page.getByRole('dialog', { name });
const currentTime = (audio: Locator) => audio.evaluate((element) => (element as HTMLAudioElement).currentTime);
const played = () => page.evaluate(() => (window as unknown as { __played: { src: string; ok: boolean }[] }).__played);

async function shot(name: string) {
  await page.waitForTimeout(400);
  await screenshot(page, name);
}

async function openPronunciations() {
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: messages.customPronunciationsEntry }).click();
  await dialog(messages.customPronunciationsEntry).waitFor();
}

/** The saved project, as the server has it. */
async function loadProject(): Promise<ProjectData> {
  const body = await page.evaluate(async (id) => {
    const res = await fetch(`/api/members/projects/load?id=${id}`);
    return res.json();
  }, pid);
  return JSON.parse((body as { data_json: string }).data_json) as ProjectData;
}

const audioItems = (data: ProjectData) =>
  data.video.frames.flatMap((frame) =>
    frame.items.filter((item): item is Extract<Item, { type: 'audio' }> => item.type === 'audio'),
  );

describe('custom pronunciations', () => {
  it('adds a pair, plays it with the server’s speech, saves, and keeps it after a reload', async () => {
    // Signing up happened through the API: a fresh load shows the member's menu.
    await page.goto(`${server.url}/app.html#/builder`);
    await page.reload();
    await openPronunciations();
    const box = dialog(messages.customPronunciationsEntry);
    await box.getByLabel('Word 1').fill('GIF');
    await box.getByLabel('Pronunciation 1').fill('jif');

    const speech = page.waitForResponse((r) => r.url().includes('/api/queries/tts') && r.request().method() === 'POST');
    const clip = page.waitForResponse((r) => r.url().includes('/media/tts/'));
    await box.getByRole('button', { name: 'Play 1' }).click();
    expect((await speech).status()).toBe(200);
    // The Audio element asks for a byte range: 206 is the full success answer to that.
    expect([200, 206]).toContain((await clip).status());
    await expect.poll(async () => (await played()).some((p) => p.src.includes('/media/tts/') && p.ok)).toBe(true);
    await shot('speech-pronunciations');

    // Settings reach the server 2500 ms after the change.
    const synced = page.waitForResponse(
      (r) => r.url().endsWith('/api/members/settings') && r.request().method() === 'POST',
      { timeout: 10_000 },
    );
    await box.getByRole('button', { name: 'Save' }).click();
    expect((await synced).status()).toBe(200);

    await page.reload();
    await openPronunciations();
    expect(await box.getByLabel('Word 1').inputValue()).toBe('GIF');
    expect(await box.getByLabel('Pronunciation 1').inputValue()).toBe('jif');
    await shot('speech-pronunciations-reloaded');
    await page.keyboard.press('Escape');
    await box.waitFor({ state: 'detached' });
  });
});

describe('voice recorder and audio editor', () => {
  it('saves a project with two slides of text, one with an audio that cannot load', async () => {
    const data = emptyProjectData();
    data.video.frames = [
      createFrame('intro', {
        duration: 5,
        items: [createTextItem('t1', 'Hello there. This is a test.', { timing: { start: 0, stop: 5 } })],
      }),
      createFrame('broken', {
        duration: 4,
        items: [
          createTextItem('t2', 'The end.', { timing: { start: 0, stop: 4 } }),
          AudioItemSchema.parse({
            id: 'missing',
            type: 'audio',
            url: '/media/recordings/missing.mp3',
            label: 'Missing audio',
            timing: { start: 0, stop: 2 },
            box: { left: 0, top: 0, width: 0.1, height: 0.1 },
          }),
        ],
      }),
    ];
    const saved = await post('/api/members/projects/save', {
      name: 'Speech test',
      title: 'Speech test',
      data_json: JSON.stringify(data),
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    pid = (saved.body as { id: number }).id;
  });

  it('records the first sentence on the fake microphone and adds it to the slide', { timeout: 90_000 }, async () => {
    await page.goto(`${server.url}/app.html?pid=${pid}#/builder`);
    await page.getByTestId('slide-card').first().waitFor();
    // The take starts where the playhead stands when recording begins (spec 002 §4): 2 s of 5.
    const ruler = (await page.getByTestId('timeline-ruler').boundingBox())!;
    await page.mouse.click(ruler.x + (2 / 5) * ruler.width, ruler.y + ruler.height / 2);
    await page.getByRole('button', { name: 'Record voice-over', exact: true }).click();
    const recorder = dialog('Easy Voice Recorder');
    await recorder.waitFor();
    expect(await recorder.getByTestId('recorder-plan').textContent()).toContain('2 steps on 1 slide');
    await shot('speech-recorder-choice');
    await recorder.getByRole('button', { name: 'Next' }).click();

    const device = recorder.getByRole('textbox', { name: 'Input device' });
    await expect.poll(() => device.inputValue(), { timeout: 10_000 }).toMatch(/fake/i);
    await shot('speech-recorder-device');
    await recorder.getByRole('button', { name: 'Start' }).click();

    await recorder.getByTestId('recorder-sentence').waitFor();
    expect(await recorder.getByTestId('recorder-sentence').textContent()).toBe('Hello there.');
    expect(await recorder.getByTestId('recording-status').textContent()).toBe('Not started');
    await recorder.getByRole('button', { name: 'Record', exact: true }).click();
    await expect.poll(() => recorder.getByTestId('recording-status').textContent()).toBe('Recording');
    await expect.poll(() => recorder.getByTestId('recorder-elapsed').textContent(), { timeout: 5000 }).toMatch(/0:02/);
    await screenshot(page, 'speech-recorder-recording');

    const upload = page.waitForResponse((r) => r.url().includes('/api/queries/save-mp3'), { timeout: 30_000 });
    const projectSaved = page.waitForResponse((r) => /\/api\/members\/projects\/(save|patch)/.test(r.url()), {
      timeout: 30_000,
    });
    await recorder.getByRole('button', { name: 'Stop and save' }).click();
    // The index moves on at once; the take is saved meanwhile.
    await expect.poll(() => recorder.getByTestId('recorder-sentence').textContent()).toBe('This is a test.');
    expect((await upload).status()).toBe(200);
    await recorder.getByRole('button', { name: 'Finish' }).click();
    await recorder.getByTestId('finished-list').waitFor();
    await recorder.getByTestId('saving-warning').waitFor({ state: 'detached' });
    expect(await recorder.getByTestId('finished-take').first().textContent()).toContain('Saved');
    await shot('speech-recorder-finished');

    // Redo replaces the take's audio item instead of adding another.
    const firstUrl = await recorder.locator('audio').first().getAttribute('src');
    expect(firstUrl).toMatch(/^\/media\/recordings\/.+\.mp3$/);
    await recorder.getByRole('button', { name: 'Redo slide 1: Hello there.' }).click();
    expect(await recorder.getByTestId('recorder-sentence').textContent()).toBe('Hello there.');
    await recorder.getByRole('button', { name: 'Record again' }).click();
    await expect
      .poll(() => recorder.getByTestId('recorder-elapsed').textContent(), { timeout: 5000 })
      .toMatch(/0:01\.5/);
    const redone = page.waitForResponse((r) => r.url().includes('/api/queries/save-mp3'), { timeout: 30_000 });
    await recorder.getByRole('button', { name: 'Stop and save' }).click();
    await recorder.getByTestId('finished-list').waitFor();
    expect((await redone).status()).toBe(200);
    await recorder.getByTestId('saving-warning').waitFor({ state: 'detached' });
    await recorder.getByRole('button', { name: 'Done' }).click();
    await recorder.waitFor({ state: 'detached' });

    // The open slide's panel lists its sounds.
    const firstSlide = page.getByTestId('slide-panel');
    await firstSlide.getByTestId('audio-item').waitFor();
    expect(await firstSlide.getByTestId('audio-item').textContent()).toContain('Hello there.');
    await shot('speech-builder-with-audio');

    expect(await firstSlide.getByTestId('audio-item').count()).toBe(1);
    expect((await projectSaved).status()).toBe(200);
    // The redo is saved too: one voice item on the slide, now pointing at the second take.
    let stored: Extract<Item, { type: 'audio' }> | undefined;
    await expect
      .poll(
        async () => {
          const voices = audioItems(await loadProject()).filter((item) => item.id !== 'missing');
          stored = voices[0];
          return voices.length === 1 && stored?.url !== firstUrl;
        },
        { timeout: 15_000 },
      )
      .toBe(true);
    expect(stored?.url).toMatch(/^\/media\/recordings\/.+\.mp3$/);
    expect(stored).toMatchObject({ source: 'mic', ttsText: 'Hello there.' });
    expect(Math.abs(stored!.timing.start - 2)).toBeLessThan(0.15);
    expect(stored?.duration).toBeGreaterThan(1);
    const mp3 = await fetch(`${server.url}${stored?.url}`);
    expect(mp3.status).toBe(200);
    expect(mp3.headers.get('content-type')).toBe('audio/mpeg');
  });

  it('plays the take in the slide panel, and seeks it with the inspector’s full player', async () => {
    const row = page.getByTestId('slide-panel').getByTestId('audio-item');
    await row.getByRole('button', { name: 'Play Hello there.' }).click();
    const pause = row.getByRole('button', { name: 'Pause Hello there.' });
    await pause.waitFor();
    await expect.poll(() => currentTime(row.locator('audio'))).toBeGreaterThan(0.2);

    // Selecting the audio item shows the full player; starting it pauses the slide panel's.
    const take = audioItems(await loadProject()).find((item) => item.id !== 'missing')!;
    await page.locator(`[data-testid="track"][data-item-id="${take.id}"] button[title]`).click();
    await page.getByTestId('inspector').getByRole('button', { name: 'Audio', exact: true }).click();
    const full = page.getByTestId('audio-item-player');
    await expect.poll(() => full.textContent()).toMatch(/0:00 \/ 0:0[1-9]/);
    await full.getByRole('button', { name: 'Play Hello there.' }).click();
    await row.getByRole('button', { name: 'Play Hello there.' }).waitFor();
    const audio = full.locator('audio');
    await expect.poll(() => currentTime(audio)).toBeGreaterThan(0.2);
    // The take is short: it plays to its end (a Pause click could come after it), and stops.
    await full.getByRole('button', { name: 'Play Hello there.' }).waitFor({ timeout: 15_000 });

    // A click halfway along the slider seeks to the middle of the take.
    const duration = await audio.evaluate((element) => (element as HTMLAudioElement).duration);
    const slider = full.locator('.mantine-Slider-root');
    const box = (await slider.boundingBox())!;
    await slider.click({ position: { x: box.width / 2, y: box.height / 2 } });
    await expect.poll(async () => Math.abs((await currentTime(audio)) / duration - 0.5)).toBeLessThan(0.1);
    await page.mouse.move(0, 0);
    await shot('speech-inspector-audio-player');
  });

  it('trims the take in the Edit audio popup', { timeout: 60_000 }, async () => {
    const before = audioItems(await loadProject()).find((item) => item.id !== 'missing')!;
    await page
      .getByTestId('slide-panel')
      .getByRole('button', { name: `Edit audio ${before.id}` })
      .click();
    const editor = dialog('Edit audio');
    await editor.waitFor();
    const playSelected = editor.getByRole('button', { name: 'Play selected' });
    await expect.poll(() => playSelected.isEnabled(), { timeout: 15_000 }).toBe(true);
    const end = editor.getByLabel('End (s)');
    expect(Number(await end.inputValue())).toBeCloseTo(before.duration ?? 0, 1);

    // The rules keep a second at least: a start past end − 1 is pulled back.
    const start = editor.getByLabel('Start (s)');
    await start.fill('99');
    await start.press('Enter');
    expect(Number(await start.inputValue())).toBeCloseTo(Number(await end.inputValue()) - 1, 2);
    await start.fill('0.5');
    await start.press('Enter');
    expect(await start.inputValue()).toBe('0.5');
    await playSelected.click();
    await expect.poll(async () => (await played()).length).toBeGreaterThan(0);
    await shot('speech-edit-audio');

    const upload = page.waitForResponse((r) => r.url().includes('/api/queries/save-mp3'), { timeout: 30_000 });
    await editor.getByRole('button', { name: 'Save audio' }).click();
    expect((await upload).status()).toBe(200);
    await editor.waitFor({ state: 'detached' });
    await expect
      .poll(async () => audioItems(await loadProject()).find((item) => item.id === before.id)?.url, { timeout: 15_000 })
      .not.toBe(before.url);
    const after = audioItems(await loadProject()).find((item) => item.id === before.id)!;
    expect(after.duration).toBeCloseTo((before.duration ?? 0) - 0.5, 0);
  });

  it('shows the error icon for audio that cannot load', async () => {
    await page.getByRole('button', { name: 'Slide 2', exact: true }).click();
    await page.getByTestId('slide-panel').getByRole('button', { name: 'Edit audio missing' }).click();
    const editor = dialog('Edit audio');
    await editor.getByTestId('audio-load-error').waitFor({ timeout: 15_000 });
    await shot('speech-edit-audio-error');
    await page.keyboard.press('Escape');
    await editor.waitFor({ state: 'detached' });
    // The slide panel's player shows its error icon too, which says why on hover.
    const broken = page.getByTestId('slide-panel').locator('[data-testid="audio-player"][data-status="failed"]');
    await broken.getByRole('button', { name: 'Play Missing audio' }).hover();
    await expect.poll(() => page.getByRole('tooltip').textContent()).toContain('This audio cannot be played.');
    await shot('speech-audio-player-error');
    expect(pageErrors).toEqual([]);
  });
});
