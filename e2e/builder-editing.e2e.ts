import { buildVideo, emptyProjectData, type Item, type ProjectData, type TextItem } from '@reelwright/core';
import { type ServerProcess, startServerProcess } from '@reelwright/testkit';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot } from './support/browser';
import { loadProjectInPage, signUpInPage } from './support/member';

/**
 * Editing as in an editor (issue 32 item 4, D91), through the keys and buttons a user reaches for:
 * the title of slide 1 is copied and pasted on slide 2, the copy is split at the playhead into two
 * bars, the slide is shortened with the slide length field, everything is selected with Ctrl+A,
 * the copy is scaled with the Scale slider, rows move by Ctrl+] and the timeline zooms with +.
 * Each step is checked in the saved project.
 */

const email = `editing-${Date.now()}@example.com`;
let server: ServerProcess;
let browser: Browser;
let page: Page;
let pid = 0;
let title: TextItem;
/** The copy pasted on slide 2. */
let pastedId = '';

beforeAll(async () => {
  server = await startServerProcess();
  browser = await launchBrowser();
  page = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const loadProject = () => loadProjectInPage(page, pid);
const slideItems = async (index: number): Promise<Item[]> => (await loadProject()).video.frames[index]!.items;
const words = (item: Item | undefined) =>
  item?.type === 'text' ? item.paragraphs.map((p) => p.runs.map((r) => r.text).join('')).join('\n') : null;

async function shot(name: string) {
  await page.waitForTimeout(300);
  await screenshot(page, name);
}

/** Clicks the stage at a point given in fractions of it. */
async function clickStage(x: number, y: number) {
  const box = (await page.getByTestId('stage').boundingBox())!;
  await page.mouse.click(box.x + x * box.width, box.y + y * box.height);
}

/** Moves the playhead to `time` by a click on the timeline's ruler. */
async function playheadTo(time: number, duration: number) {
  const ruler = (await page.getByTestId('timeline-ruler').boundingBox())!;
  await page.mouse.click(ruler.x + (time / duration) * ruler.width, ruler.y + ruler.height / 2);
}

/** Waits until the saved project passes `check`. */
async function saved(check: (data: ProjectData) => boolean, message: string) {
  await expect.poll(async () => check(await loadProject()), { timeout: 10_000, message }).toBe(true);
}

const trackIds = () =>
  page.getByTestId('track').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-item-id')));

describe('editing like an editor', () => {
  it('opens a two-slide project the wizard made', async () => {
    const post = await signUpInPage(page, server, email);
    const data = emptyProjectData();
    data.wizard.slides = [
      { id: 'slide-1', texts: [{ id: 't1', text: 'Lighthouses guide ships' }] },
      { id: 'slide-2', texts: [{ id: 't2', text: 'Keepers lived on the rocks' }] },
    ] as never;
    data.video = { ...data.video, ...buildVideo(data.wizard) };
    const answer = await post('/api/members/projects/save', { name: 'Editing', data_json: JSON.stringify(data) });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    pid = (answer.body as { id: number }).id;
    title = (await slideItems(0)).find((item) => item.type === 'text') as TextItem;
    await page.goto(`${server.url}/app.html?pid=${pid}#/builder`);
    // Opening the builder takes long on a loaded machine (issue 32 measures it): wait for it.
    await page.getByTestId('stage-canvas').waitFor({ timeout: 90_000 });
    await page.waitForTimeout(2100); // past the warm-up: edits are the author's
  });

  it('copies the title on slide 1 with Ctrl+C and pastes it on slide 2 with Ctrl+V', async () => {
    const { box } = title;
    await clickStage(box.left + box.width / 2, box.top + box.height / 2);
    await expect.poll(() => page.getByTestId('selection').first().getAttribute('data-item-id')).toBe(title.id);
    await page.keyboard.press('Control+c');
    const before = await slideItems(1);
    await page.getByRole('button', { name: 'Slide 2', exact: true }).click();
    await expect.poll(() => page.getByTestId('slide-position').textContent()).toBe('Slide 2 of 2');
    await page.keyboard.press('Control+v');
    await saved((data) => data.video.frames[1]!.items.length === before.length + 1, 'the paste is saved');
    const after = await slideItems(1);
    const pasted = after.find((item) => !before.some((old) => old.id === item.id))!;
    pastedId = pasted.id;
    expect(pasted.id).not.toBe(title.id);
    expect(words(pasted)).toBe(words(title));
    // On another slide the copy stands where the original stood, on top; moved 2 % down and
    // right only because slide 2's own title stands at that very corner.
    const taken = before.some(
      (item) => Math.abs(item.box.left - title.box.left) < 1e-6 && Math.abs(item.box.top - title.box.top) < 1e-6,
    );
    const shift = taken ? 0.02 : 0;
    expect(pasted.box.left).toBeCloseTo(title.box.left + shift, 5);
    expect(pasted.box.top).toBeCloseTo(title.box.top + shift, 5);
    expect(after[0]!.id).toBe(pasted.id);
    // Slide 1 still has its title.
    expect((await slideItems(0)).some((item) => item.id === title.id)).toBe(true);
    await shot('builder-editing-pasted');
  });

  it('splits the copy at the playhead with S: two bars that meet at the playhead', async () => {
    const pasted = (await slideItems(1)).find((item) => item.id === pastedId)!;
    const duration = (await loadProject()).video.frames[1]!.duration;
    const cut = (pasted.timing.start + pasted.timing.stop) / 2;
    // Select the copy by its row, then put the playhead in its middle.
    await page.locator(`[data-testid="track"][data-item-id="${pastedId}"] button[title]`).click();
    await playheadTo(cut, duration);
    const bars = await page.getByTestId('timeline-bar').count();
    const count = (await slideItems(1)).length;
    await expect.poll(() => page.getByTestId('timeline-split').isEnabled()).toBe(true);
    await page.keyboard.press('s');
    await expect.poll(() => page.getByTestId('timeline-bar').count()).toBe(bars + 1);
    await saved((data) => data.video.frames[1]!.items.length === count + 1, 'the split is saved');
    const items = await slideItems(1);
    const first = items.find((item) => item.id === pastedId)!;
    const index = items.indexOf(first);
    const second = items[index + 1]!;
    expect(words(second)).toBe(words(first));
    expect(first.timing.start).toBeCloseTo(pasted.timing.start, 2);
    expect(first.timing.stop).toBeCloseTo(second.timing.start, 5);
    expect(second.timing.stop).toBeCloseTo(pasted.timing.stop, 2);
    expect(Math.abs(first.timing.stop - cut)).toBeLessThan(0.2);
    await shot('builder-editing-split');
  });

  it('selects every item of the slide with Ctrl+A', async () => {
    await page.mouse.click(5, 5); // focus leaves any button
    await page.keyboard.press('Control+a');
    const count = (await slideItems(1)).length;
    await expect.poll(() => page.getByTestId('slide-panel').textContent()).toContain(`${count} items`);
    await shot('builder-editing-select-all');
    await page.keyboard.press('Escape');
  });

  it('shortens the slide with the slide length field; items past the end are trimmed', async () => {
    const frame = (await loadProject()).video.frames[1]!;
    const end = Math.round((frame.duration / 2) * 10) / 10;
    const field = page.getByTestId('slide-duration-field');
    await field.fill(String(end));
    await field.press('Enter');
    await saved((data) => Math.abs(data.video.frames[1]!.duration - end) < 0.001, 'the shorter slide is saved');
    const items = await slideItems(1);
    for (const item of items) expect(item.timing.stop).toBeLessThanOrEqual(end + 1e-9);
    await shot('builder-editing-shortened');
  });

  it('scales the copy with the Scale slider, about its centre', async () => {
    const before = (await slideItems(1)).find((item) => item.id === pastedId)!;
    await page.locator(`[data-testid="track"][data-item-id="${pastedId}"] button[title]`).click();
    await playheadTo(before.timing.start + 0.05, (await loadProject()).video.frames[1]!.duration);
    await page.getByRole('button', { name: 'Position & Timing' }).click();
    const thumb = page.getByTestId('scale-slider').getByRole('slider');
    await thumb.scrollIntoViewIfNeeded();
    await thumb.focus();
    for (let i = 0; i < 10; i++) await page.keyboard.press('ArrowRight');
    await saved((data) => {
      const now = data.video.frames[1]!.items.find((item) => item.id === pastedId)!;
      return (
        Math.abs(Math.max(now.box.width, now.box.height) - Math.max(before.box.width, before.box.height) - 0.1) < 0.011
      );
    }, 'the scaled copy is saved');
    const after = (await slideItems(1)).find((item) => item.id === pastedId)!;
    expect(after.box.left + after.box.width / 2).toBeCloseTo(before.box.left + before.box.width / 2, 4);
    expect(after.box.width / after.box.height).toBeCloseTo(before.box.width / before.box.height, 4);
    await shot('builder-editing-scale');
  });

  it('moves the selected row down with Ctrl+[ and zooms the timeline with +', async () => {
    await page.mouse.click(5, 5);
    const rows = await trackIds();
    expect(rows[0]).toBe(pastedId);
    await page.locator(`[data-testid="track"][data-item-id="${pastedId}"] button[title]`).click();
    await page.keyboard.press('Control+[');
    await expect.poll(trackIds).toEqual([rows[1], rows[0], ...rows.slice(2)]);
    await saved((data) => data.video.frames[1]!.items[1]?.id === pastedId, 'the new layer order is saved');

    const zoom = page.locator('[aria-label="Timeline zoom"]').getByRole('slider');
    const zoomBefore = Number(await zoom.getAttribute('aria-valuenow'));
    await page.mouse.click(5, 5);
    await page.keyboard.press('+');
    await expect.poll(async () => Number(await zoom.getAttribute('aria-valuenow'))).toBeGreaterThan(zoomBefore);
    await shot('builder-editing-zoomed');
  });

  it('a picture pasted from the computer’s clipboard is uploaded and becomes an image item', async () => {
    const before = await slideItems(1);
    await page.mouse.click(5, 5);
    // What the browser hands the page when a copied picture is pasted: a paste event whose
    // clipboard data holds an image file.
    await page.evaluate(async () => {
      const canvas = document.createElement('canvas');
      canvas.width = 64;
      canvas.height = 48;
      const context = canvas.getContext('2d')!;
      context.fillStyle = '#e8590c';
      context.fillRect(0, 0, 64, 48);
      const blob = await new Promise<Blob>((resolve) => canvas.toBlob((b) => resolve(b!), 'image/png'));
      const data = new DataTransfer();
      data.items.add(new File([blob], 'pasted.png', { type: 'image/png' }));
      document.body.dispatchEvent(
        new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
      );
    });
    await saved(
      (data) =>
        data.video.frames[1]!.items.some((item) => item.type === 'image' && !before.some((old) => old.id === item.id)),
      'the pasted picture is saved as an image item',
    );
    const image = (await slideItems(1)).find(
      (item) => item.type === 'image' && !before.some((old) => old.id === item.id),
    );
    expect(image?.type === 'image' && image.url).toMatch(/^\/|^https?:/);
    await shot('builder-editing-picture-pasted');
  });

  it('lists the new keys among the keyboard shortcuts', async () => {
    await page.getByRole('button', { name: 'Keyboard shortcuts' }).click();
    const list = page.getByTestId('shortcut-list');
    await list.waitFor();
    for (const label of ['Copy the selected items', 'Split the selected items at the playhead', 'Zoom the timeline in'])
      expect(await list.textContent()).toContain(label);
    await shot('builder-editing-shortcuts');
    await page.keyboard.press('Escape');
  });
});
