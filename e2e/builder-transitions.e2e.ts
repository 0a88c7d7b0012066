import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createFrame, emptyProjectData, type ProjectData } from '@reelwright/core';
import { type ServerProcess, startServerProcess } from '@reelwright/testkit';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, SCREENS_DIR, screenshot } from './support/browser';
import { loadProjectInPage, signUpInPage } from './support/member';
import { meanColour, renderWithCli } from './support/video';

/**
 * Transitions between slides (issue 32, "What to build" 1), as a user sets them: on a saved
 * two-slide project, red then blue, the marker between the slides in the slide bar opens the
 * show effects' live previews; 'Fade in' is chosen and lengthened to 1 s there; "Apply to all
 * slides" in the slide's settings is tried and undone. The project rendered to MP4 then shows
 * the fade in its decoded frames: red up to the cut, blue rising out of black across the first
 * second of slide 2 (the frame half way is neither slide's colour), then blue.
 */

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const email = `transitions-${Date.now()}@example.com`;
const RED = '#e03131';
const BLUE = '#1c7ed6';
/** Each slide's seconds: slide 2 starts at 3 s in the MP4. */
const SLIDE = 3;
const WAIT = { timeout: 10_000 };
let server: ServerProcess;
let browser: Browser;
let page: Page;
let dir = '';
let pid = 0;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'rw-e2e-transitions-'));
  server = await startServerProcess();
  browser = await launchBrowser();
  page = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const load = () => loadProjectInPage(page, pid);
const transitions = async () => (await load()).video.frames.map((frame) => frame.transition);
const marker = (number: number) => page.locator(`[data-testid="transition-marker"][data-slide-number="${number}"]`);

/** A close-up of one part of the page, beside the full-page screenshots. */
async function closeUp(selector: string, name: string) {
  mkdirSync(SCREENS_DIR, { recursive: true });
  await page.locator(selector).screenshot({ path: path.join(SCREENS_DIR, `${name}.png`) });
}

/** Waits until every preview canvas of an open grid has drawn something other than blank. */
async function previewsDrawn(grid: string) {
  await expect
    .poll(
      () =>
        page.locator(`${grid} canvas`).evaluateAll((canvases) =>
          canvases.slice(0, 6).every((canvas) => {
            const { data } = (canvas as HTMLCanvasElement).getContext('2d')!.getImageData(0, 0, 4, 4);
            return data[3]! > 0;
          }),
        ),
      WAIT,
    )
    .toBe(true);
}

describe('transitions between slides in the builder', () => {
  it('opens a saved project of a red slide and a blue slide', async () => {
    const post = await signUpInPage(page, server, email);
    const data: ProjectData = emptyProjectData();
    data.video.frames = [
      createFrame('frame-1', { duration: SLIDE, background: { type: 'color', color: RED } as never }),
      createFrame('frame-2', { duration: SLIDE, background: { type: 'color', color: BLUE } as never }),
    ];
    const saved = await post('/api/members/projects/save', { name: 'Transitions', data_json: JSON.stringify(data) });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    pid = (saved.body as { id: number }).id;
    await page.goto(`${server.url}/app.html?pid=${pid}#/builder`);
    await page.getByTestId('stage-canvas').waitFor();
    await page.waitForTimeout(2100); // past the warm-up: edits are the author's
    expect(await transitions()).toEqual([{}, {}]);
    // Without a transition, each slide's marker is a faint icon that names none.
    await expect.poll(() => marker(2).getAttribute('aria-label')).toBe('Slide 2 show: None');
  });

  it('chooses Fade in between the slides from the marker’s live previews, and makes it 1 s', async () => {
    await marker(2).click();
    const dropdown = page.getByTestId('transition-marker-dropdown');
    await dropdown.waitFor();
    await previewsDrawn('[data-testid="transition-marker-dropdown"]');
    // The previews play. A screenshot takes longer than a transition, so the page copies every
    // preview at the instant 'Fade in' is half way (its white card grey) into one contact sheet.
    const sheet = await dropdown.evaluate(
      (grid: HTMLElement) =>
        new Promise<string>((resolve, reject) => {
          const canvases = Array.from(grid.querySelectorAll('canvas'));
          const fade = grid.querySelector('button[aria-label="Fade in"] canvas') as HTMLCanvasElement;
          const ctx = fade.getContext('2d')!;
          const until = performance.now() + 8000;
          const look = () => {
            const [r, g, b] = ctx.getImageData(fade.width / 2, fade.height / 2, 1, 1).data;
            if (Math.min(r!, g!, b!) > 60 && Math.max(r!, g!, b!) < 190 && Math.abs(r! - b!) < 30) {
              const { width, height } = canvases[0]!;
              const out = document.createElement('canvas');
              out.width = 6 * (width + 4);
              out.height = Math.ceil(canvases.length / 6) * (height + 4);
              const sheetCtx = out.getContext('2d')!;
              sheetCtx.fillStyle = '#fff';
              sheetCtx.fillRect(0, 0, out.width, out.height);
              canvases.forEach((canvas, i) => {
                sheetCtx.drawImage(canvas, (i % 6) * (width + 4), Math.floor(i / 6) * (height + 4));
              });
              resolve(out.toDataURL('image/png'));
            } else if (performance.now() > until) reject(new Error(`no mid-fade frame, last ${r},${g},${b}`));
            else requestAnimationFrame(look);
          };
          look();
        }),
    );
    mkdirSync(SCREENS_DIR, { recursive: true });
    writeFileSync(
      path.join(SCREENS_DIR, 'builder-transition-previews-mid.png'),
      Buffer.from(sheet.replace(/^data:image\/png;base64,/, ''), 'base64'),
    );
    await closeUp('[data-testid="transition-marker-dropdown"]', 'builder-transition-picker-closeup');
    await screenshot(page, 'builder-transition-picker');

    await dropdown.getByRole('button', { name: 'Fade in', exact: true }).click();
    await expect.poll(async () => (await transitions())[1]?.show?.name, WAIT).toBe('fade');
    await expect(
      dropdown.getByRole('button', { name: 'Fade in', exact: true }).getAttribute('aria-pressed'),
    ).resolves.toBe('true');
    // The duration slider appears once there is an effect: arrow keys move it 0.05 s a step.
    const start = (await transitions())[1]!.show!.duration;
    const thumb = dropdown.getByTestId('transition-duration-show').getByRole('slider');
    await thumb.focus();
    for (let i = 0; i < Math.round((1 - start) / 0.05); i++) await page.keyboard.press('ArrowRight');
    await expect.poll(async () => (await transitions())[1]?.show?.duration, WAIT).toBeCloseTo(1, 5);
    await expect(dropdown.getByTestId('transition-duration-show-value').textContent()).resolves.toBe('1.00 s');

    await page.keyboard.press('Escape');
    await dropdown.waitFor({ state: 'hidden' });
    await expect.poll(() => marker(2).textContent()).toBe('Fade in');
    expect(await marker(2).getAttribute('aria-label')).toBe('Slide 2 show: Fade in, 1.00 s');
    expect(await marker(1).getAttribute('aria-label')).toBe('Slide 1 show: None');
    await screenshot(page, 'builder-transition-marker');
    await closeUp('[data-testid="slide-bar"]', 'builder-transition-marker-closeup');
  });

  it('applies the transition to all slides from the slide’s settings, and undoes it in one step', async () => {
    // Slide 2 open, nothing selected: the side panel shows the slide's settings.
    await page.getByTestId('slide-card').nth(1).locator('button').first().click();
    await expect.poll(() => page.getByTestId('slide-position').textContent(), WAIT).toBe('Slide 2 of 2');
    const section = page.getByTestId('slide-settings').getByRole('button', { name: 'Slide transition', exact: true });
    if ((await section.getAttribute('aria-expanded')) !== 'true') await section.click();
    const panel = page.getByTestId('slide-transition');
    await expect(panel.getByTestId('transition-picker-show').textContent()).resolves.toBe('Fade in');
    await panel.getByTestId('transition-picker-hide').click();
    await page.getByTestId('transition-dropdown-hide').waitFor();
    await previewsDrawn('[data-testid="transition-dropdown-hide"]');
    await page.waitForTimeout(400);
    await screenshot(page, 'builder-transition-inspector');
    await page.keyboard.press('Escape');
    await page.getByTestId('transition-dropdown-hide').waitFor({ state: 'hidden' });

    await panel.getByRole('button', { name: 'Apply to all slides' }).click();
    await expect.poll(async () => (await transitions())[0]?.show, WAIT).toEqual({ name: 'fade', duration: 1 });
    await expect.poll(() => marker(1).textContent()).toBe('Fade in');
    await page.keyboard.press('Control+z');
    await expect.poll(async () => (await transitions())[0], WAIT).toEqual({});
    expect((await transitions())[1]).toEqual({ show: { name: 'fade', duration: 1 } });
  });

  it('fades slide 2 in across its first second in the rendered MP4', { timeout: 180_000 }, async () => {
    const project = path.join(dir, 'project.json');
    const output = path.join(dir, 'transition.mp4');
    writeFileSync(project, JSON.stringify(await load()));
    const size = { width: 640, height: 360 };
    await renderWithCli(repoRoot, project, output, size);
    const middle = { left: 0.1, top: 0.1, width: 0.8, height: 0.7 };
    const at = (t: number) => meanColour(output, t, size, middle).map(Math.round) as [number, number, number];
    const red = at(SLIDE - 0.3);
    const early = at(SLIDE + 0.25);
    const half = at(SLIDE + 0.5);
    const late = at(SLIDE + 0.75);
    const blue = at(SLIDE + 1.5);
    console.log(`transition frames: red ${red}, +0.25 s ${early}, +0.5 s ${half}, +0.75 s ${late}, blue ${blue}`);
    // Slide 1 up to the cut: red. Slide 2 after the fade: blue.
    expect(red[0]).toBeGreaterThan(180);
    expect(red[2]).toBeLessThan(90);
    expect(blue[2]).toBeGreaterThan(180);
    expect(blue[0]).toBeLessThan(60);
    // Half way through the fade the frame is neither: blue at about half strength over black.
    expect(half[0]).toBeLessThan(60);
    expect(half[2]).toBeGreaterThan(blue[2] * 0.3);
    expect(half[2]).toBeLessThan(blue[2] * 0.7);
    // And it rises steadily through the fade.
    expect(early[2]).toBeLessThan(half[2] - 20);
    expect(late[2]).toBeGreaterThan(half[2] + 20);
  });
});
