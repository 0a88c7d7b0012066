import { buildVideo, emptyProjectData, type TextItem } from '@reelwright/core';
import { type ServerProcess, startServerProcess } from '@reelwright/testkit';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot } from './support/browser';
import { loadProjectInPage, signUpInPage } from './support/member';

/**
 * The builder's core in Chromium (spec 002 §2, issue 17): a project made by the wizard opens on
 * the stage; a text item is selected, dragged, resized and edited in place, each step undone and
 * redone; slides are added and reordered; after a reload the saved project holds exactly the edits.
 */

const email = `builder-${Date.now()}@example.com`;
let server: ServerProcess;
let browser: Browser;
let page: Page;
let pid = 0;
/** The title item of the first slide, as the wizard made it. */
let title: TextItem;
/** The title after the resize. */
let resized: TextItem;

beforeAll(async () => {
  server = await startServerProcess();
  browser = await launchBrowser();
  page = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function shot(name: string) {
  await page.waitForTimeout(300);
  await screenshot(page, name);
}

const loadProject = () => loadProjectInPage(page, pid);

/** The stored title item, once the saves have settled. */
async function storedTitle(): Promise<TextItem> {
  const data = await loadProject();
  return data.video.frames[0]!.items.find((item) => item.id === title.id) as TextItem;
}

/** Screen coordinates of a point given in fractions of the stage. */
async function onStage(x: number, y: number): Promise<{ x: number; y: number }> {
  const box = (await page.getByTestId('stage').boundingBox())!;
  return { x: box.x + x * box.width, y: box.y + y * box.height };
}

const pressMod = (key: string) => page.keyboard.press(`Control+${key}`);
const frameIds = async () => (await loadProject()).video.frames.map((frame) => frame.id);
const round = (value: number) => Math.round(value * 1000) / 1000;

describe('the builder', () => {
  it('opens a project the wizard made on the stage, with its slides in the slide bar', async () => {
    const post = await signUpInPage(page, server, email);
    const data = emptyProjectData();
    data.wizard.keyword = 'coffee';
    data.wizard.slides = [
      { id: 'slide-1', texts: [{ id: 't1', text: 'Coffee wakes the **mind**' }] },
      { id: 'slide-2', texts: [{ id: 't2', text: 'A second cup is a habit' }] },
    ] as never;
    data.video = { ...data.video, ...buildVideo(data.wizard) };
    const saved = await post('/api/members/projects/save', {
      name: 'Builder test',
      title: 'Builder test',
      data_json: JSON.stringify(data),
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    pid = (saved.body as { id: number }).id;
    title = (await loadProject()).video.frames[0]!.items.find((item) => item.type === 'text') as TextItem;

    await page.goto(`${server.url}/app.html?pid=${pid}#/builder`);
    await page.getByTestId('stage-canvas').waitFor();
    expect(await page.getByTestId('slide-card').count()).toBe(2);
    expect(await page.getByTestId('slide-position').textContent()).toBe('Slide 1 of 2');
    // Past the 2 s warm-up, edits are the author's.
    await page.waitForTimeout(2100);
    await shot('builder-open');
  });

  it('selects the text item and drags it, one undo step; undo and redo', async () => {
    const { box } = title;
    const centre = await onStage(box.left + box.width / 2, box.top + box.height / 2);
    await page.mouse.click(centre.x, centre.y);
    await page.getByTestId('selection').waitFor();
    expect(await page.getByTestId('selection').getAttribute('data-item-id')).toBe(title.id);
    await shot('builder-selected');

    const stage = (await page.getByTestId('stage').boundingBox())!;
    const dx = 0.1 * stage.width;
    await page.mouse.move(centre.x, centre.y);
    await page.mouse.down();
    for (let step = 1; step <= 10; step++) await page.mouse.move(centre.x + (dx * step) / 10, centre.y + step);
    await page.mouse.up();
    await expect
      .poll(async () => round((await storedTitle()).box.left), { timeout: 10_000 })
      .toBe(round(box.left + 0.1));

    await pressMod('z');
    await expect.poll(async () => round((await storedTitle()).box.left), { timeout: 10_000 }).toBe(round(box.left));
    await pressMod('Shift+z');
    await expect
      .poll(async () => round((await storedTitle()).box.left), { timeout: 10_000 })
      .toBe(round(box.left + 0.1));
  });

  it('resizes it by its corner handle, one undo step', async () => {
    const before = await storedTitle();
    // The top-left handle: its right edge stays where it is.
    const handle = page.locator('.moveable-control.moveable-nw');
    await handle.waitFor();
    const at = (await handle.boundingBox())!;
    const stage = (await page.getByTestId('stage').boundingBox())!;
    await page.mouse.move(at.x + at.width / 2, at.y + at.height / 2);
    await page.mouse.down();
    for (let step = 1; step <= 8; step++) {
      await page.mouse.move(at.x + at.width / 2 + step * 0.01 * stage.width, at.y + at.height / 2 + step);
    }
    await page.mouse.up();
    // Moveable measures from where its handle was pressed: a pixel's slack either way.
    const width = async () => (await storedTitle()).box.width;
    await expect.poll(width, { timeout: 10_000 }).toBeCloseTo(before.box.width - 0.08, 2);
    let after = await storedTitle();
    expect(after.box.left).toBeCloseTo(before.box.left + 0.08, 2);
    expect(round(after.box.left + after.box.width)).toBe(round(before.box.left + before.box.width));
    // 500 ms after the resize the text is refitted, and its lines are kept for the export.
    await expect
      .poll(async () => (await storedTitle()).layoutCache?.lines.length ?? 0, { timeout: 10_000 })
      .toBeGreaterThan(0);
    after = await storedTitle();
    await shot('builder-resized');

    await pressMod('z');
    await expect.poll(width, { timeout: 10_000 }).toBe(before.box.width);
    await pressMod('y');
    await expect.poll(width, { timeout: 10_000 }).toBe(after.box.width);
    resized = after;
  });

  it('edits its words in place, a burst of typing being one undo step', async () => {
    const current = await storedTitle();
    const centre = await onStage(current.box.left + current.box.width / 2, current.box.top + current.box.height / 2);
    await page.mouse.dblclick(centre.x, centre.y);
    const editor = page.getByTestId('text-editor');
    await editor.waitFor();
    await pressMod('a');
    await page.keyboard.type('Fresh words', { delay: 20 });
    await shot('builder-text-editing');
    await page.keyboard.press('Escape');
    await editor.waitFor({ state: 'detached' });
    const words = async () =>
      (await storedTitle()).paragraphs.map((p) => p.runs.map((r) => r.text).join('')).join('\n');
    await expect.poll(words, { timeout: 10_000 }).toBe('Fresh words');

    await pressMod('z');
    await expect.poll(words, { timeout: 10_000 }).toBe('Coffee wakes the mind');
    await pressMod('Shift+z');
    await expect.poll(words, { timeout: 10_000 }).toBe('Fresh words');
  });

  it('retimes the title on the timeline by its bar’s end, one undo step', async () => {
    const before = await storedTitle();
    const bar = page.locator(`[data-testid="track"][data-item-id="${title.id}"] [data-testid="timeline-bar"]`);
    const box = (await bar.boundingBox())!;
    const y = box.y + box.height / 2;
    await page.mouse.move(box.x + box.width - 2, y);
    await page.mouse.down();
    for (let step = 1; step <= 10; step++) await page.mouse.move(box.x + box.width - 2 - step * 0.03 * box.width, y);
    await page.mouse.up();
    const stop = async () => (await storedTitle()).timing.stop;
    // A third of a second short of the end; the start stays.
    await expect.poll(stop, { timeout: 10_000 }).toBeCloseTo(before.timing.stop * 0.7, 1);
    expect((await storedTitle()).timing.start).toBe(before.timing.start);
    await shot('builder-timeline');
    await pressMod('z');
    await expect.poll(stop, { timeout: 10_000 }).toBe(before.timing.stop);
  });

  it('types the title’s start in the inspector, one undo step', async () => {
    const before = await storedTitle();
    await page.getByTestId('inspector').getByRole('button', { name: 'Position & Timing', exact: true }).click();
    const start = page.getByTestId('position-timing').getByLabel('Start (s)');
    await start.fill('0.5');
    await start.press('Enter');
    await expect.poll(async () => (await storedTitle()).timing.start, { timeout: 10_000 }).toBe(0.5);
    await shot('builder-inspector');
    await page.getByTestId('stage').click({ position: { x: 5, y: 5 } });
    await pressMod('z');
    await expect.poll(async () => (await storedTitle()).timing.start, { timeout: 10_000 }).toBe(before.timing.start);
  });

  it('shows each inspector section of the title', async () => {
    await page.getByRole('button', { name: 'Fresh words', exact: true }).click();
    const inspector = page.getByTestId('inspector');
    await inspector.waitFor();
    for (const [section, name] of [
      ['Text', 'text'],
      ['Position & Timing', 'position'],
      ['Animation/FX', 'animation'],
      ['Borders/Shadows/Filters', 'style'],
      ['Background', 'background'],
      ['Keyframes', 'keyframes'],
    ] as const) {
      const control = inspector.getByRole('button', { name: section, exact: true });
      if ((await control.getAttribute('aria-expanded')) !== 'true') await control.click();
      await shot(`builder-inspector-${name}`);
      // Closed again, so the next section shows at the top of the panel.
      await control.click();
    }
  });

  it('adds a slide and reorders the slides by dragging', async () => {
    const [first, second] = await frameIds();
    await page.getByRole('button', { name: 'Add slide' }).click();
    // The new slide goes after the open one, and opens.
    await expect.poll(async () => (await frameIds()).length, { timeout: 10_000 }).toBe(3);
    const added = (await frameIds())[1]!;
    expect(await frameIds()).toEqual([first, added, second]);
    expect(await page.getByTestId('slide-position').textContent()).toBe('Slide 2 of 3');

    const cards = page.getByTestId('slide-card');
    const from = (await cards.nth(2).boundingBox())!;
    const to = (await cards.nth(0).boundingBox())!;
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    for (let step = 1; step <= 12; step++) {
      const y = from.y + from.height / 2 + ((to.y + 5 - (from.y + from.height / 2)) * step) / 12;
      await page.mouse.move(from.x + from.width / 2, y);
    }
    await page.mouse.up();
    await expect.poll(frameIds, { timeout: 10_000 }).toEqual([second, first, added]);
    await shot('builder-slides');
  });

  it('after a reload, the saved project holds exactly the edits', async () => {
    const expected = await loadProject();
    await page.reload();
    await page.getByTestId('stage-canvas').waitFor();
    expect(await page.getByTestId('slide-card').count()).toBe(3);
    const reloaded = await loadProject();
    expect(reloaded).toEqual(expected);
    const stored = reloaded.video.frames[1]!.items.find((item) => item.id === title.id) as TextItem;
    expect(stored.box).toEqual(resized.box);
    expect(round(resized.box.left)).toBeCloseTo(title.box.left + 0.18, 2);
    expect(stored.paragraphs.map((p) => p.runs.map((r) => r.text).join('')).join('\n')).toBe('Fresh words');
    // Nothing of the editor's own state is in the document.
    expect(JSON.stringify(reloaded)).not.toMatch(/selectedIds|playhead|frameId/);
  });
});
