import {
  AudioItemSchema,
  BackgroundSchema,
  createFrame,
  createTextItem,
  emptyProjectData,
  ImageItemSchema,
  MovieSchema,
} from '@reelwright/core';
import { effectsByFamily } from '@reelwright/scene';
import { type ServerProcess, startServerProcess } from '@reelwright/testkit';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot } from './support/browser';
import { signUpInPage } from './support/member';

/**
 * The player (spec 002 §2, DESIGN §6): the preview page plays a saved project through Web Audio
 * and drawFrame (play, pause, seek, Space), and the effect gallery plays the motion catalogue.
 */

const email = `player-${Date.now()}@example.com`;
let server: ServerProcess;
let browser: Browser;
let page: Page;
const pageErrors: string[] = [];

beforeAll(async () => {
  server = await startServerProcess();
  // Audio contexts may start without a gesture, as autoplaying demos need.
  browser = await launchBrowser(['--autoplay-policy=no-user-gesture-required']);
  const context = await browser.newContext({ viewport: { width: 1366, height: 860 } });
  page = await context.newPage();
  page.on('pageerror', (error) => pageErrors.push(error.message));
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** A one-second 440 Hz tone as WAV bytes (16-bit mono PCM, 8 kHz, quiet). */
function toneWav(seconds = 1, rate = 8000): Buffer {
  const samples = seconds * rate;
  const data = Buffer.alloc(44 + samples * 2);
  data.write('RIFF', 0);
  data.writeUInt32LE(36 + samples * 2, 4);
  data.write('WAVEfmt ', 8);
  data.writeUInt32LE(16, 16);
  data.writeUInt16LE(1, 20);
  data.writeUInt16LE(1, 22);
  data.writeUInt32LE(rate, 24);
  data.writeUInt32LE(rate * 2, 28);
  data.writeUInt16LE(2, 32);
  data.writeUInt16LE(16, 34);
  data.write('data', 36);
  data.writeUInt32LE(samples * 2, 40);
  for (let i = 0; i < samples; i++)
    data.writeInt16LE(Math.round(Math.sin((2 * Math.PI * 440 * i) / rate) * 3000), 44 + i * 2);
  return data;
}

/** The tone inline (the CSP's connect-src allows data:): a member's project names no path (docs/security.md V12). */
const TONE_URL = `data:audio/wav;base64,${toneWav().toString('base64')}`;

/** A small chequered PNG drawn by the browser, as a data: url. */
function pngInPage(): Promise<string> {
  return page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 96;
    canvas.height = 96;
    const ctx = canvas.getContext('2d')!;
    for (let y = 0; y < 4; y++) {
      for (let x = 0; x < 4; x++) {
        ctx.fillStyle = (x + y) % 2 ? '#fab005' : '#e8590c';
        ctx.fillRect(x * 24, y * 24, 24, 24);
      }
    }
    return canvas.toDataURL('image/png');
  });
}

/** Two 4-second slides: a gradient, a text with a show effect, an image, and a tone. */
function testMovie(png: string) {
  const gradient = BackgroundSchema.parse({
    type: 'gradient',
    gradient: {
      kind: 'linear',
      angle: 135,
      stops: [
        { color: '#0b7285', at: 0 },
        { color: '#5f3dc4', at: 1 },
      ],
    },
  });
  const show = effectsByFamily('show')[0]!;
  const title = createTextItem('title', 'Player test', {
    timing: { start: 0.2, stop: 4 },
    box: { left: 0.1, top: 0.1, width: 0.8, height: 0.25, rotate: 0, opacity: 1 },
    fx: { show: { name: show.name, duration: 0.6 } },
  });
  const picture = ImageItemSchema.parse({
    id: 'picture',
    type: 'image',
    url: png,
    timing: { start: 0, stop: 8 },
    box: { left: 0.35, top: 0.42, width: 0.3, height: 0.45 },
  });
  const tone = AudioItemSchema.parse({
    id: 'tone',
    type: 'audio',
    url: TONE_URL,
    duration: 1,
    timing: { start: 0, stop: 1 },
    box: { left: 0, top: 0, width: 0.1, height: 0.1 },
  });
  const second = createTextItem('second', 'Second slide', { timing: { start: 0, stop: 4 } });
  return MovieSchema.parse({
    frames: [
      createFrame('one', { duration: 4, background: gradient, items: [title, picture, tone] }),
      createFrame('two', { duration: 4, background: gradient, items: [second] }),
    ],
  });
}

/** Signs up and verifies through the API, in the page, so the session cookie is the page's. */
const signUp = () => signUpInPage(page, server, email);

const player = () => page.getByTestId('player');
const readout = () => page.getByTestId('player-readout');

/** How many of the canvas's sampled pixels are neither black nor transparent, and how many colours they have. */
function canvasStats() {
  return page
    .getByTestId('player-canvas')
    .first()
    .evaluate((node) => {
      const canvas = node as HTMLCanvasElement;
      const { data } = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height);
      let lit = 0;
      const colours = new Set<number>();
      for (let i = 0; i < data.length; i += 4 * 97) {
        if (data[i]! + data[i + 1]! + data[i + 2]! > 30) lit++;
        colours.add(((data[i]! >> 4) << 8) | ((data[i + 1]! >> 4) << 4) | (data[i + 2]! >> 4));
      }
      return { lit: lit / (data.length / (4 * 97)), colours: colours.size, width: canvas.width };
    });
}

describe('player', () => {
  let pid = 0;

  it('saves a project for a new member', async () => {
    const post = await signUp();
    const data = { ...emptyProjectData(), video: testMovie(await pngInPage()) };
    const saved = await post('/api/members/projects/save', { name: 'Player test', data_json: JSON.stringify(data) });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    pid = (saved.body as { id: number }).id;
    expect(pid).toBeGreaterThan(0);
  });

  it('plays, pauses and seeks the preview', async () => {
    await page.goto(`${server.url}/app.html?pid=${pid}#/preview`);
    await expect.poll(() => player().getAttribute('data-state'), { timeout: 15_000 }).toBe('paused');
    expect(await page.getByText('Could not load').allTextContents()).toEqual([]);
    expect(await readout().textContent()).toBe('0:00:00 / 0:00:08');

    const pressed = Date.now();
    await page.getByRole('button', { name: 'Play' }).click();
    await expect.poll(() => player().getAttribute('data-state')).toBe('playing');
    await page.waitForTimeout(1500);
    await page.getByRole('button', { name: 'Pause' }).click();
    // The clock counts the time that really went by: on a busy machine the clicks take longer.
    const elapsed = Math.ceil((Date.now() - pressed) / 1000);
    expect(await player().getAttribute('data-state')).toBe('paused');
    const pausedAt = /^0:00:0(\d) \/ 0:00:08$/.exec((await readout().textContent()) ?? '');
    expect(pausedAt, 'the readout after pausing').not.toBeNull();
    expect(Number(pausedAt![1])).toBeGreaterThanOrEqual(1);
    expect(Number(pausedAt![1])).toBeLessThanOrEqual(elapsed);
    await screenshot(page, 'player-preview');

    const stats = await canvasStats();
    expect(stats.width).toBeGreaterThan(300);
    expect(stats.lit).toBeGreaterThan(0.9);
    expect(stats.colours).toBeGreaterThan(20);

    const slider = page.getByTestId('player-controls').locator('.mantine-Slider-root');
    const box = (await slider.boundingBox())!;
    await page.mouse.click(box.x + box.width * 0.75, box.y + box.height / 2);
    await expect.poll(() => readout().textContent()).toMatch(/^0:00:0[5-6] \/ 0:00:08$/);
    await page.waitForTimeout(600);
    await screenshot(page, 'player-paused');
  });

  it('toggles play with Space and stops at the end', async () => {
    await player().focus();
    await page.keyboard.press('Space');
    await expect.poll(() => player().getAttribute('data-state')).toBe('playing');
    await expect.poll(() => player().getAttribute('data-state'), { timeout: 6000 }).toBe('paused');
    expect(await readout().textContent()).toBe('0:00:08 / 0:00:08');
  });
});

describe('effect gallery', () => {
  const cards = () => page.getByTestId('effect-card');
  const playing = () => page.locator('[data-testid="effect-card"] [data-state="playing"]');

  async function openTab(name: string, shot: string) {
    await page.getByRole('tab', { name: new RegExp(`^${name}`) }).click();
    await cards().first().waitFor();
    await expect.poll(() => playing().count(), { timeout: 15_000 }).toBeGreaterThan(0);
    await page.waitForTimeout(900);
    await screenshot(page, shot);
    expect(await playing().count()).toBeLessThanOrEqual(12);
  }

  it('is linked from the test page and plays each family', async () => {
    await page.goto(`${server.url}/app.html#/test`);
    await page.getByRole('link', { name: 'Effect gallery' }).click();
    await page.getByTestId('effects-gallery').waitFor();
    expect(await cards().count()).toBe(effectsByFamily('show').length);
    await openTab('Show', 'effects-gallery-show');
    await openTab('Highlighter', 'effects-gallery-highlighter');
    expect(await cards().count()).toBe(effectsByFamily('highlighter').length);
    await openTab('Container background', 'effects-gallery-container-background');
    expect(await page.getByText('Could not load').count()).toBe(0);
    expect(pageErrors).toEqual([]);
  });
});
