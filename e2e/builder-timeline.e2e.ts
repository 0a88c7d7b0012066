import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildVideo, canonicalJson, emptyProjectData, type ProjectData, type TextItem } from '@reelwright/core';
import { type ServerProcess, startServerProcess } from '@reelwright/testkit';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot } from './support/browser';
import { loadProjectInPage, signUpInPage } from './support/member';
import { brightCentroid, renderWithCli } from './support/video';

/**
 * The builder's timeline, keyframes and inspector in Chromium (issue 18): on a wizard-made project
 * an item is retimed on the timeline and shows only in its new time; two keyframes move it in the
 * exported MP4; a show effect and a font are changed in the inspector; the movie is resized to
 * Vertical and back; then every step is undone, one at a time, back to the project as it was.
 */

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const email = `timeline-${Date.now()}@example.com`;
let server: ServerProcess;
let browser: Browser;
let page: Page;
let dir = '';
let pid = 0;
let titleId = '';
/** The stored project before each step, to undo back through. */
const before: ProjectData[] = [];

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'rw-e2e-timeline-'));
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

/** The document without the stored line breaks, which refits keep outside history (D42). */
function withoutFits(data: ProjectData): ProjectData {
  const copy = structuredClone(data);
  for (const frame of copy.video.frames)
    for (const item of frame.items) if (item.type === 'text') delete item.layoutCache;
  return copy;
}

/** The path of the first value that differs between two documents, for a failure to name. */
function firstDifference(a: unknown, b: unknown, at = ''): string | null {
  if (a === b || (a !== undefined && b !== undefined && canonicalJson(a) === canonicalJson(b))) return null;
  if (a && b && typeof a === 'object' && typeof b === 'object') {
    for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) {
      const found = firstDifference(
        (a as Record<string, unknown>)[key],
        (b as Record<string, unknown>)[key],
        `${at}/${key}`,
      );
      if (found) return found;
    }
  }
  return `${at}: ${JSON.stringify(a)} ≠ ${JSON.stringify(b)}`;
}

const title = async () => (await loadProject()).video.frames[0]!.items.find((item) => item.id === titleId) as TextItem;
const pressMod = (key: string) => page.keyboard.press(`Control+${key}`);

/** Records the stored project before a step; waits until the step's save arrives after it. */
async function step(name: string, act: () => Promise<void>, saved: (data: ProjectData) => boolean) {
  before.push(await loadProject());
  await act();
  await expect.poll(async () => saved(await loadProject()), { timeout: 10_000, message: name }).toBe(true);
}

/** Moves the playhead to `time` by a click on the timeline's ruler. */
async function playheadTo(time: number, duration: number) {
  const ruler = (await page.getByTestId('timeline-ruler').boundingBox())!;
  await page.mouse.click(ruler.x + (time / duration) * ruler.width, ruler.y + ruler.height / 2);
}

/** Bright pixels on the stage canvas (the title's white words). */
const brightOnStage = () =>
  page.getByTestId('stage-canvas').evaluate((canvas: HTMLCanvasElement) => {
    const { data } = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height);
    let bright = 0;
    for (let i = 0; i < data.length; i += 4) if (Math.min(data[i]!, data[i + 1]!, data[i + 2]!) > 200) bright++;
    return bright;
  });

/** Drags on the stage from the title's centre by a share of the stage's width and height. */
async function dragTitle(item: TextItem, dx: number, dy: number) {
  const stage = (await page.getByTestId('stage').boundingBox())!;
  const x = stage.x + (item.box.left + item.box.width / 2) * stage.width;
  const y = stage.y + (item.box.top + item.box.height / 2) * stage.height;
  await page.mouse.move(x, y);
  await page.mouse.down();
  for (let i = 1; i <= 8; i++) await page.mouse.move(x + (dx * stage.width * i) / 8, y + (dy * stage.height * i) / 8);
  await page.mouse.up();
}

describe('the builder’s timeline, keyframes and inspector', () => {
  it('opens a wizard-made project', async () => {
    const post = await signUpInPage(page, server, email);
    const data = emptyProjectData();
    data.wizard.slides = [{ id: 'slide-1', texts: [{ id: 't1', text: 'Coffee wakes the mind' }] }] as never;
    data.video = { ...data.video, ...buildVideo(data.wizard) };
    const saved = await post('/api/members/projects/save', { name: 'Timeline', data_json: JSON.stringify(data) });
    pid = (saved.body as { id: number }).id;
    titleId = (await loadProject()).video.frames[0]!.items.find((item) => item.type === 'text')!.id;
    await page.goto(`${server.url}/app.html?pid=${pid}#/builder`);
    await page.getByTestId('stage-canvas').waitFor();
    await page.waitForTimeout(2100); // past the warm-up: edits are the author's
  });

  it('retimes the title on the timeline; it shows only in its new time', async () => {
    const { timing } = await title();
    const duration = (await loadProject()).video.frames[0]!.duration;
    const bar = page.locator(`[data-testid="track"][data-item-id="${titleId}"] [data-testid="timeline-bar"]`);
    const box = (await bar.boundingBox())!;
    const start = { x: box.x + 2, y: box.y + box.height / 2 };
    const target = box.x + ((1 - timing.start) / (timing.stop - timing.start)) * box.width;
    await step(
      'retime',
      async () => {
        await page.mouse.move(start.x, start.y);
        await page.mouse.down();
        for (let i = 1; i <= 8; i++) await page.mouse.move(start.x + ((target - start.x) * i) / 8, start.y);
        await page.mouse.up();
      },
      (data) => Math.abs((data.video.frames[0]!.items.find((i) => i.id === titleId)!.timing.start ?? 0) - 1) < 0.05,
    );
    await playheadTo(0.5, duration);
    await expect.poll(brightOnStage).toBe(0);
    await playheadTo(2, duration);
    await expect.poll(brightOnStage).toBeGreaterThan(100);
    await screenshot(page, 'builder-timeline-retimed');
  });

  it('moves the title between two keyframes in the exported MP4', { timeout: 180_000 }, async () => {
    const item = await title();
    const duration = (await loadProject()).video.frames[0]!.duration;
    // Away from the show and hide effects, so the words are whole at both keyframes.
    const first = item.timing.start + (item.fx.show?.duration ?? 0) + 0.1;
    const second = item.timing.stop - (item.fx.hide?.duration ?? 0) - 0.1;
    expect(second - first).toBeGreaterThan(0.4);
    await playheadTo(first, duration);
    await step(
      'first keyframe',
      () => page.getByRole('button', { name: 'Add keyframe' }).first().click(),
      (data) => data.video.frames[0]!.items.find((i) => i.id === titleId)!.keyframes.length === 1,
    );
    await step(
      'shape the first keyframe',
      () => dragTitle(item, 0.1, 0),
      (data) =>
        (data.video.frames[0]!.items.find((i) => i.id === titleId)!.keyframes[0]!.style.left ?? 0) >
        item.box.left + 0.05,
    );
    await playheadTo(second, duration);
    await step(
      'second keyframe',
      () => page.getByRole('button', { name: 'Add keyframe' }).first().click(),
      (data) => data.video.frames[0]!.items.find((i) => i.id === titleId)!.keyframes.length === 2,
    );
    const shaped = await title();
    const atSecond = {
      ...shaped,
      box: { ...shaped.box, left: shaped.keyframes[0]!.style.left!, top: shaped.keyframes[0]!.style.top! },
    };
    await step(
      'shape the second keyframe',
      () => dragTitle(atSecond, 0, 0.2),
      (data) =>
        (data.video.frames[0]!.items.find((i) => i.id === titleId)!.keyframes[1]!.style.top ?? 0) >
        shaped.box.top + 0.1,
    );
    await screenshot(page, 'builder-keyframes');

    const project = path.join(dir, 'project.json');
    const output = path.join(dir, 'keyframes.mp4');
    writeFileSync(project, JSON.stringify(await loadProject()));
    const size = { width: 640, height: 360 };
    await renderWithCli(repoRoot, project, output, size);
    const atFirst = brightCentroid(output, first, size);
    const between = brightCentroid(output, (first + second) / 2, size);
    const atLast = brightCentroid(output, second, size);
    for (const frame of [atFirst, between, atLast]) expect(frame.count).toBeGreaterThan(50);
    // The words go down from the first keyframe to the second, passing half way between them.
    expect(atLast.y - atFirst.y).toBeGreaterThan(0.15 * size.height);
    expect(between.y).toBeGreaterThan(atFirst.y + 0.2 * (atLast.y - atFirst.y));
    expect(between.y).toBeLessThan(atLast.y - 0.2 * (atLast.y - atFirst.y));
    // Both keyframes are to the right of where the title stood.
    expect(atFirst.x).toBeGreaterThan(size.width * (item.box.left + item.box.width / 2) + 0.05 * size.width);
  });

  it('changes the show effect and the font in the inspector', async () => {
    const inspector = page.getByTestId('inspector');
    const open = async (section: string) => {
      const control = inspector.getByRole('button', { name: section, exact: true });
      if ((await control.getAttribute('aria-expanded')) !== 'true') await control.click();
    };
    await open('Animation/FX');
    const shown = (await title()).fx.show?.name ?? null;
    // Escape closes a picker and nothing more: the item stays selected, its inspector open.
    await page.getByTestId('fx-picker-show').click();
    await page.getByTestId('fx-choices-show').waitFor();
    await page.keyboard.press('Escape');
    await page.getByTestId('fx-choices-show').waitFor({ state: 'detached' });
    expect(await page.getByTestId('fx-picker-show').isVisible()).toBe(true);
    await step(
      'show effect',
      async () => {
        await page.getByTestId('fx-picker-show').click();
        const choices = page.getByTestId('fx-choices-show').getByTestId('fx-choice');
        await choices.nth(3).waitFor();
        // The screenshot waits for the first row's previews (their timing: bench/fx-picker.bench.ts).
        await page.waitForFunction(() => {
          const canvases = Array.from(
            document.querySelectorAll<HTMLCanvasElement>('[data-testid="fx-choices-show"] canvas'),
          );
          return (
            canvases.length >= 3 &&
            canvases.slice(0, 3).every((canvas) => {
              const pixels = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data;
              return pixels.some((value, i) => i % 4 === 3 && value > 0);
            })
          );
        });
        await screenshot(page, 'builder-fx-picker');
        await choices.nth(3).click();
        await page.keyboard.press('Escape');
      },
      (data) =>
        ((data.video.frames[0]!.items.find((i) => i.id === titleId) as TextItem).fx.show?.name ?? null) !== shown,
    );
    await open('Text');
    await step(
      'font',
      async () => {
        // The search box holds the current family: replace it with the one wanted.
        await page.getByTestId('text-font').click();
        await page.getByTestId('text-font').fill('Lora');
        await page.getByRole('option', { name: /^Lora/ }).first().click();
      },
      (data) => (data.video.frames[0]!.items.find((i) => i.id === titleId) as TextItem).font.family === 'Lora',
    );
    await screenshot(page, 'builder-inspector-changed');
  });

  it('resizes the movie to Vertical and back', async () => {
    const original = (await loadProject()).video.size;
    const resize = async (choose: () => Promise<void>) => {
      await page.getByRole('button', { name: 'Resize', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Resize video' });
      await dialog.waitFor();
      await choose();
      await dialog.getByRole('button', { name: 'Resize', exact: true }).click();
      await dialog.waitFor({ state: 'detached' });
    };
    await step(
      'vertical',
      () => resize(() => page.getByRole('dialog').getByText('Vertical 9:16').click()),
      (data) => data.video.size.width === 1080 && data.video.size.height === 1920,
    );
    await screenshot(page, 'builder-vertical');
    await step(
      'back',
      () =>
        resize(async () => {
          const dialog = page.getByRole('dialog');
          await dialog.getByText('Custom').click();
          await dialog.getByLabel('Width (px)').fill(String(original.width));
          await dialog.getByLabel('Height (px)').fill(String(original.height));
        }),
      (data) => data.video.size.width === original.width && data.video.size.height === original.height,
    );
  });

  it('undoes every step, one at a time, back to the project as it opened', async () => {
    await page.getByTestId('stage').click({ position: { x: 3, y: 3 } });
    for (let index = before.length - 1; index >= 0; index--) {
      await pressMod('z');
      const expected = withoutFits(before[index]!);
      await expect
        .poll(async () => canonicalJson(withoutFits(await loadProject())), {
          timeout: 10_000,
          message: `undo to step ${index}`,
        })
        .toBe(canonicalJson(expected))
        .catch(async (error) => {
          throw new Error(
            `${error}; first difference at ${firstDifference(withoutFits(await loadProject()), expected)}`,
          );
        });
    }
  });
});
