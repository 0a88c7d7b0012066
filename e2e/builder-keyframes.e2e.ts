import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  BackgroundSchema,
  createFrame,
  emptyProjectData,
  type Item,
  ItemSchema,
  type ProjectData,
} from '@reelwright/core';
import { type ServerProcess, startServerProcess } from '@reelwright/testkit';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, SCREENS_DIR, screenshot } from './support/browser';
import { loadProjectInPage, signUpInPage } from './support/member';
import { meanColour, renderWithCli } from './support/video';

/**
 * Keyframes for what people animate (issue 32 item 3, D94), in Chromium: on a saved project, one
 * light panel gets 'Fade in' and an 'Ease out' on the fade's end, another gets 'Zoom in' and a
 * bigger end scale from its slider, all through the inspector; the exported MP4 shows the first
 * brightening over its first half second, faster than a straight line, and the second growing.
 */

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const email = `keyframes-${Date.now()}@example.com`;
/** The render's size: small and quick, the stage's 16:9. */
const SIZE = { width: 640, height: 360 };
const DARK = '#101828';
const LIGHT = '#f1f3f5';
/** The panel that fades in (left) and the one that zooms (right), in shares of the stage. */
const FADER = { left: 0.08, top: 0.3, width: 0.3, height: 0.4 };
const ZOOMER = { left: 0.62, top: 0.38, width: 0.18, height: 0.24 };
const DURATION = 4;

let server: ServerProcess;
let browser: Browser;
let page: Page;
let dir = '';
let pid = 0;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'rw-e2e-keyframes-'));
  server = await startServerProcess();
  browser = await launchBrowser();
  page = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const panel = (id: string, box: typeof FADER): Item =>
  ItemSchema.parse({
    id,
    type: 'slide',
    label: id,
    timing: { start: 0, stop: DURATION },
    box,
    background: BackgroundSchema.parse({ type: 'color', color: LIGHT }),
  });

const loadProject = () => loadProjectInPage(page, pid);
const itemIn = (data: ProjectData, id: string) => data.video.frames[0]!.items.find((item) => item.id === id)!;
const inspector = () => page.getByTestId('inspector');

/** Waits until the stored project satisfies `saved` (the builder saves shortly after each edit). */
async function untilSaved(name: string, saved: (data: ProjectData) => boolean) {
  await expect.poll(async () => saved(await loadProject()), { timeout: 10_000, message: name }).toBe(true);
}

/** Selects an item with a click on the stage at the centre of its box. */
async function clickOnStage(box: typeof FADER) {
  const stage = (await page.getByTestId('stage').boundingBox())!;
  await page.mouse.click(
    stage.x + (box.left + box.width / 2) * stage.width,
    stage.y + (box.top + box.height / 2) * stage.height,
  );
}

/** Opens the inspector's Keyframes section (the accordion keeps one section open). */
async function openKeyframes() {
  const control = inspector().getByRole('button', { name: 'Keyframes', exact: true });
  if ((await control.getAttribute('aria-expanded')) !== 'true') await control.click();
  await inspector().getByTestId('keyframe-presets').waitFor();
}

/** A picture of the inspector alone, to look at the controls closely. */
async function inspectorShot(name: string) {
  mkdirSync(SCREENS_DIR, { recursive: true });
  await inspector().screenshot({ path: path.join(SCREENS_DIR, `${name}.png`) });
}

/** Drags a settings slider's thumb to a share of its track: one gesture. */
async function dragSlider(testId: string, share: number) {
  const slider = page.getByTestId(testId);
  const track = (await slider.boundingBox())!;
  const thumb = (await slider.getByRole('slider').boundingBox())!;
  const from = { x: thumb.x + thumb.width / 2, y: thumb.y + thumb.height / 2 };
  const to = track.x + track.width * share;
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  for (let i = 1; i <= 6; i++) await page.mouse.move(from.x + ((to - from.x) * i) / 6, from.y);
  await page.mouse.up();
}

/** Mean brightness (0–255) of the frame at `t` inside a box given in shares of the frame. */
function brightness(file: string, t: number, box: typeof FADER): number {
  const [r, g, b] = meanColour(file, t, SIZE, box);
  return (r + g + b) / 3;
}

/** The share of the frame at `t` that is the light panel's colour, in the right half (the zooming panel). */
function lightShareOnRight(file: string, t: number): number {
  const half = { left: 0.5, top: 0, width: 0.5, height: 1 };
  const mean = brightness(file, t, half);
  const dark = 0x10 + 0x18 + 0x28;
  const light = 0xf1 + 0xf3 + 0xf5;
  return (mean * 3 - dark) / (light - dark);
}

describe('keyframes for what people animate', () => {
  it('opens a saved project with two light panels on a dark slide', async () => {
    const post = await signUpInPage(page, server, email);
    const data = emptyProjectData();
    data.video.frames = [
      createFrame('frame-1', {
        duration: DURATION,
        background: BackgroundSchema.parse({ type: 'color', color: DARK }),
        items: [panel('fader', FADER), panel('zoomer', ZOOMER)],
      }),
    ];
    const saved = await post('/api/members/projects/save', { name: 'Keyframes', data_json: JSON.stringify(data) });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    pid = (saved.body as { id: number }).id;
    await page.goto(`${server.url}/app.html?pid=${pid}#/builder`);
    await page.getByTestId('stage-canvas').waitFor();
    await page.waitForTimeout(2100); // past the warm-up: edits are the author's
  });

  it('makes a fade in one click, then eases its end', async () => {
    await clickOnStage(FADER);
    await openKeyframes();
    await inspectorShot('builder-keyframes-presets');
    await inspector().getByRole('button', { name: 'Fade in' }).click();
    await untilSaved('fade in', (data) => itemIn(data, 'fader').keyframes.length === 2);
    expect(itemIn(await loadProject(), 'fader').keyframes).toEqual([
      { delay: 0, style: { opacity: 0 } },
      { delay: 0.5, style: { opacity: 1 } },
    ]);

    // The fade's end: picked in the list, it shows its settings; 'Ease out' shapes the fade.
    await inspector().getByTestId('keyframe-row').nth(1).getByRole('button').first().click();
    const controls = inspector().getByTestId('keyframe-controls');
    await controls.waitFor();
    expect(await controls.getByText('Keyframe at 0.50 s').count()).toBe(1);
    expect(await page.getByTestId('keyframe-opacity-value').textContent()).toBe('100%');
    await controls.getByRole('radio', { name: 'Ease out' }).click();
    await untilSaved('ease out', (data) => itemIn(data, 'fader').keyframes[1]?.easing === 'ease-out');
    expect(await controls.getByRole('radio', { name: 'Ease out' }).getAttribute('aria-checked')).toBe('true');
    // Every choice and quick action fits the inspector's width, words whole.
    const panelBox = (await controls.boundingBox())!;
    for (const button of [
      ...(await controls.getByRole('radio').all()),
      ...(await inspector().getByTestId('keyframe-presets').getByRole('button').all()),
    ]) {
      const box = (await button.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(panelBox.x + panelBox.width + 1);
      const clipped = await button.evaluate((element) => {
        const label = element.querySelector('.mantine-Button-label') as HTMLElement | null;
        return label ? label.scrollWidth > label.clientWidth : false;
      });
      expect(clipped, (await button.textContent()) ?? '').toBe(false);
    }
    await inspectorShot('builder-keyframe-controls');
    await screenshot(page, 'builder-keyframes-fade');
  });

  it('makes a zoom in one click, then drags its end scale to about 150 %', async () => {
    await clickOnStage(ZOOMER);
    await openKeyframes();
    await inspector().getByRole('button', { name: 'Zoom in' }).click();
    await untilSaved('zoom in', (data) => itemIn(data, 'zoomer').keyframes.length === 2);
    expect(itemIn(await loadProject(), 'zoomer').keyframes).toEqual([
      { delay: 0, style: { scale: 1 } },
      { delay: DURATION, style: { scale: 1.2 } },
    ]);

    await inspector().getByTestId('keyframe-row').nth(1).getByRole('button').first().click();
    await inspector().getByTestId('keyframe-controls').waitFor();
    expect(await page.getByTestId('keyframe-scale-value').textContent()).toBe('120%');
    // 150 % on a track from 10 % to 400 %.
    await dragSlider('keyframe-scale', (1.5 - 0.1) / 3.9);
    await untilSaved('scale', (data) => Math.abs((itemIn(data, 'zoomer').keyframes[1]?.style.scale ?? 0) - 1.5) < 0.08);
    await inspectorShot('builder-keyframe-scale');
    await screenshot(page, 'builder-keyframes-zoom');
  });

  it('Escape during a slider drag takes the drag back and keeps the keyframe picked', async () => {
    const before = itemIn(await loadProject(), 'zoomer').keyframes[1]!.style.scale;
    const slider = page.getByTestId('keyframe-opacity');
    const thumb = (await slider.getByRole('slider').boundingBox())!;
    const track = (await slider.boundingBox())!;
    await page.mouse.move(thumb.x + thumb.width / 2, thumb.y + thumb.height / 2);
    await page.mouse.down();
    await page.mouse.move(track.x + track.width * 0.3, thumb.y + thumb.height / 2, { steps: 4 });
    await expect.poll(() => page.getByTestId('keyframe-opacity-value').textContent()).not.toBe('100%');
    await page.keyboard.press('Escape');
    await page.mouse.up();
    await expect.poll(() => page.getByTestId('keyframe-opacity-value').textContent()).toBe('100%');
    expect(await inspector().getByTestId('keyframe-controls').isVisible()).toBe(true);
    await page.waitForTimeout(1500); // a save would have come by now
    const after = itemIn(await loadProject(), 'zoomer').keyframes[1]!;
    expect(after.style.scale).toBe(before);
    expect(after.style.opacity).toBeUndefined();
  });

  it('shows the fade and the zoom in the exported MP4', { timeout: 180_000 }, async () => {
    const project = path.join(dir, 'project.json');
    const output = path.join(dir, 'keyframes.mp4');
    writeFileSync(project, JSON.stringify(await loadProject()));
    await renderWithCli(repoRoot, project, output, SIZE);

    // The fading panel's middle brightens over its first half second, then holds.
    const inner = {
      left: FADER.left + 0.05,
      top: FADER.top + 0.05,
      width: FADER.width - 0.1,
      height: FADER.height - 0.1,
    };
    const fade = [0, 0.1, 0.2, 0.3, 0.4, 0.6, 2].map((t) => brightness(output, t, inner));
    expect(fade[0]).toBeLessThan(40);
    for (let i = 1; i < fade.length - 1; i++) expect(fade[i]!).toBeGreaterThan(fade[i - 1]! + 5);
    expect(fade[5]).toBeGreaterThan(225);
    expect(Math.abs(fade[6]! - fade[5]!)).toBeLessThan(4);
    // Eased out: well past a straight line's half way at a quarter of a second (0.68 of the way).
    const share = (fade[2]! + fade[3]!) / 2;
    expect((share - fade[0]!) / (fade[5]! - fade[0]!)).toBeGreaterThan(0.6);

    // The zooming panel grows steadily to about 1.5 × 1.5 its area.
    const sizes = [0.05, 1, 2, 3, 3.95].map((t) => lightShareOnRight(output, t));
    for (let i = 1; i < sizes.length; i++) expect(sizes[i]!).toBeGreaterThan(sizes[i - 1]!);
    const unscaled = (ZOOMER.width * ZOOMER.height) / 0.5;
    expect(sizes[0]! / unscaled).toBeGreaterThan(0.9);
    expect(sizes[0]! / unscaled).toBeLessThan(1.1);
    expect(sizes[4]! / sizes[0]!).toBeGreaterThan(1.8);
    expect(sizes[4]! / sizes[0]!).toBeLessThan(2.8);
  });
});
