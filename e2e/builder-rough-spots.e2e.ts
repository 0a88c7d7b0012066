import {
  createFrame,
  createTextItem,
  emptyProjectData,
  type Frame,
  type Item,
  type ProjectData,
} from '@reelwright/core';
import { generatePhoto, runAdminCommand, type ServerProcess, startServerProcess } from '@reelwright/testkit';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot } from './support/browser';
import { loadProjectInPage, pagePost, signUpInPage } from './support/member';

/**
 * Rough spots of the builder found by trying it (issue 32, "What to build" 6 and 7; D93), each
 * reached the way a user reaches it: a visitor asking for the voice recorder is offered an
 * account; the default bottom panel shows four timeline rows; Escape in an inspector number
 * field or an open dropdown keeps the selection; the Shapes tab opens on the shapes, and the
 * latest words searched win; a panel and a gallery come from the add panel; gradient presets and
 * the watermark's font; the movie Background Color shows on the stage.
 */

const WAIT = { timeout: 15_000 };
let server: ServerProcess;
let browser: Browser;
let page: Page;
let pid = 0;

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
const items = async (): Promise<Item[]> => (await load()).video.frames[0]?.items ?? [];
const button = (name: string | RegExp) => page.getByRole('button', { name });
const track = (id: string) => page.locator(`[data-testid="track"][data-item-id="${id}"]`);

async function openTab(tab: string) {
  const rail = page.getByTestId(`add-rail-${tab}`);
  if ((await rail.getAttribute('aria-pressed')) !== 'true') await rail.click();
  await page.getByTestId('add-drawer').waitFor();
}

/** Waits until the saved slide holds `count` items, and answers the newest (top layer first). */
async function added(count: number): Promise<Item> {
  await expect.poll(async () => (await items()).length, WAIT).toBe(count);
  return (await items())[0]!;
}

async function openSection(name: string) {
  const section = page.getByTestId('inspector').getByRole('button', { name, exact: true });
  if ((await section.getAttribute('aria-expanded')) !== 'true') await section.click();
}

/** The stage's pixel at a share of its width and height. */
const stagePixel = (x: number, y: number) =>
  page
    .getByTestId('stage-canvas')
    .evaluate(
      (canvas: HTMLCanvasElement, [x, y]) => [
        ...canvas.getContext('2d')!.getImageData(Math.round(x * canvas.width), Math.round(y * canvas.height), 1, 1)
          .data,
      ],
      [x, y] as const,
    );

/** Six titles down the slide, so the timeline has more rows than it shows. */
function sixTitles(): Frame {
  const titles = Array.from({ length: 6 }, (_, i) =>
    createTextItem(`title-${i + 1}`, `Title ${i + 1}`, {
      timing: { start: 0, stop: 5 },
      box: { left: 0.3, top: 0.05 + i * 0.08, width: 0.4, height: 0.07, rotate: 0, opacity: 1 },
    }),
  );
  return createFrame('frame-1', { items: titles, duration: 5 });
}

describe('the builder’s rough spots', () => {
  it('offers a visitor a free account to record a voice-over', async () => {
    await page.goto(`${server.url}/app.html#/builder`);
    await page.getByTestId('stage-canvas').waitFor();
    await page.getByTestId('builder-toolbar').getByRole('button', { name: 'Record voice-over' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Please create a free account to record a voice-over').waitFor();
    // The sign-up form, not the login form, is the one shown.
    await dialog.getByRole('tab', { name: /sign up/i, selected: true }).waitFor();
    await screenshot(page, 'rough-spots-visitor-record');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
  });

  it('opens a member’s project with four timeline rows showing in the default bottom panel', async () => {
    const email = `rough-spots-${Date.now()}@example.com`;
    await signUpInPage(page, server, email);
    // A paid member sets their own watermark (a free one's is fixed): the admin command needs the
    // embedded database to itself, so the server stops and starts again.
    await server.stop();
    await runAdminCommand(['set-plan', email, 'paid'], { DATA_DIR: server.dataDir });
    server = await startServerProcess({ DATA_DIR: server.dataDir });
    await page.goto(`${server.url}/app.html#/test`);
    const post = pagePost(page);
    const data = emptyProjectData();
    data.video.frames = [sixTitles()];
    const saved = await post('/api/members/projects/save', {
      name: 'Rough spots',
      data_json: JSON.stringify(data satisfies ProjectData),
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    pid = (saved.body as { id: number }).id;
    await page.goto(`${server.url}/app.html?pid=${pid}#/builder`);
    await page.getByTestId('stage-canvas').waitFor();
    // Past the 2 s warm-up, edits are the author's.
    await page.waitForTimeout(2100);
    const panel = (await page.getByTestId('bottom-panel').boundingBox())!;
    expect(panel.height).toBe(150);
    const shown = await page
      .getByTestId('track')
      .evaluateAll(
        (rows, bottom) => rows.filter((row) => row.getBoundingClientRect().bottom <= bottom).length,
        panel.y + panel.height,
      );
    expect(shown).toBeGreaterThanOrEqual(4);
    await screenshot(page, 'rough-spots-bottom-panel');
  });

  it('keeps the selection when Escape is pressed in an inspector number field', async () => {
    await track('title-2').click();
    await page.getByTestId('inspector').waitFor();
    await openSection('Position & Timing');
    const x = page.getByTestId('inspector').getByLabel('X (px)');
    const before = await x.inputValue();
    await x.fill('5');
    await page.keyboard.press('Escape');
    // The field takes back the typing and lets go of the focus; the item stays selected.
    await expect.poll(() => x.inputValue()).toBe(before);
    expect(await page.evaluate(() => document.activeElement?.tagName)).not.toBe('INPUT');
    expect(await track('title-2').getAttribute('data-selected')).not.toBeNull();
    await page.getByTestId('inspector').waitFor();
    // Nothing was applied.
    const saved = (await items()).find((item) => item.id === 'title-2')!;
    expect(Math.round(saved.box.left * 1024)).toBe(Number(before));
    // The next Escape is the page's: it clears the selection.
    await page.keyboard.press('Escape');
    await expect.poll(() => track('title-2').getAttribute('data-selected')).toBeNull();
  });

  it('keeps the selection when Escape closes an open dropdown', async () => {
    await track('title-3').click();
    await openSection('Text');
    await page.getByTestId('text-font').click();
    const list = page.getByRole('listbox');
    await list.waitFor();
    await page.keyboard.press('Escape');
    await list.waitFor({ state: 'hidden' });
    expect(await track('title-3').getAttribute('data-selected')).not.toBeNull();
    await page.getByTestId('text-section').waitFor();
  });

  it('opens the Shapes tab on the shapes, never on “No results”', async () => {
    await openTab('shapes');
    const results = page.getByTestId('add-result');
    await results.first().waitFor(WAIT);
    expect(await results.count()).toBeGreaterThanOrEqual(10);
    expect(await page.getByTestId('add-keyword').inputValue()).toBe('');
    expect(await page.getByTestId('add-no-results').count()).toBe(0);
    await page.waitForTimeout(300);
    await screenshot(page, 'rough-spots-shapes-tab');
  });

  it('shows the latest words searched when a search is submitted while another runs', async () => {
    // The search for 'circle' answers slowly; 'star' is submitted while it runs.
    let slowAsked = false;
    await page.route(/\/api\/queries\/search\/image\/shapes\?.*q=circle/, async (route) => {
      slowAsked = true;
      await new Promise((resolve) => setTimeout(resolve, 2500));
      await route.continue().catch(() => undefined);
    });
    const keyword = page.getByTestId('add-keyword');
    await keyword.fill('circle');
    await keyword.press('Enter');
    await expect.poll(() => slowAsked).toBe(true);
    await keyword.fill('star');
    await keyword.press('Enter');
    const first = page.getByTestId('add-result').first();
    await expect.poll(() => first.getAttribute('title'), WAIT).toMatch(/star/i);
    // The slow answer for 'circle' arrives later and changes nothing.
    await page.waitForTimeout(3000);
    expect(await first.getAttribute('title')).toMatch(/star/i);
    await page.unroute(/\/api\/queries\/search\/image\/shapes\?.*q=circle/);
  });

  it('adds a panel from the Shapes tab, and gives it a gradient preset', async () => {
    await button('Add a panel').click();
    const panel = await added(7);
    expect(panel.type).toBe('slide');
    expect(panel.type === 'slide' && panel.background).toMatchObject({ type: 'color', color: '#ffffff' });
    await openSection('Background');
    await page.getByTestId('inspector').getByTestId('background-type-gradient').first().click();
    await page.getByTestId('gradient-presets').waitFor();
    await button('Gradient: Sunset').click();
    await expect
      .poll(async () => {
        const stored = (await items()).find((item) => item.id === panel.id);
        return stored?.type === 'slide' ? stored.background.gradient?.stops.map((stop) => stop.color) : null;
      }, WAIT)
      .toEqual(['#f76707', '#e64980']);
    expect(await button('Gradient: Sunset').getAttribute('aria-pressed')).toBe('true');
    await page.waitForTimeout(300);
    await screenshot(page, 'rough-spots-gradient-presets');
  });

  it('adds a gallery of the library’s pictures from the Images tab', async () => {
    await openTab('image');
    for (const index of [1, 2]) {
      await page.getByTestId('add-upload').click();
      const chooser = page.waitForEvent('filechooser');
      await page.getByRole('button', { name: 'Choose a file' }).click();
      const photo = await generatePhoto({ width: 640, height: 360, index }).encode('jpeg', 85);
      await (await chooser).setFiles({ name: `photo-${index}.jpg`, mimeType: 'image/jpeg', buffer: photo });
      await added(7 + index);
    }
    // The tab opens on generated pictures (no stock keys here, D92); 'My library' lists the
    // member's two pictures.
    await openTab('text');
    await openTab('image');
    await page.getByTestId('add-source').click();
    await page.getByRole('option', { name: 'My library' }).click();
    const results = page.getByTestId('add-result');
    await expect.poll(() => results.count(), { timeout: 30_000 }).toBe(2);
    await page.getByTestId('add-gallery').click();
    const gallery = await added(10);
    expect(gallery.type).toBe('gallery');
    expect(gallery.type === 'gallery' && gallery.images).toHaveLength(2);
    await screenshot(page, 'rough-spots-gallery');
  });

  it('chooses the watermark’s font', async () => {
    await page.keyboard.press('Escape');
    await page.getByTestId('movie-settings').waitFor();
    await page
      .getByTestId('movie-settings')
      .getByRole('button', { name: /Watermark/ })
      .click();
    await page.getByTestId('movie-watermark-type').getByText('Text', { exact: true }).click();
    await page.getByTestId('movie-watermark-text').fill('Acme');
    await page.getByTestId('movie-watermark-font').click();
    await page.getByTestId('movie-watermark-font').fill('Poppins');
    await page
      .getByRole('option', { name: /^Poppins/ })
      .first()
      .click();
    await expect.poll(async () => (await load()).video.watermark.fontFamily, WAIT).toBe('Poppins');
    await page.waitForTimeout(300);
    await screenshot(page, 'rough-spots-watermark-font');
  });

  it('shows the movie Background Color on the stage', async () => {
    // The slide's default black shows at the top-left corner, where no item is.
    expect((await stagePixel(0.02, 0.97)).slice(0, 3)).toEqual([0, 0, 0]);
    await page
      .getByTestId('movie-settings')
      .getByRole('button', { name: /Background Color/ })
      .click();
    await page.getByTestId('movie-background-color').getByRole('option', { name: '#1c7ed6' }).click();
    await expect.poll(async () => (await stagePixel(0.02, 0.97)).slice(0, 3), WAIT).toEqual([0x1c, 0x7e, 0xd6]);
    await expect.poll(async () => (await load()).video.background?.color, WAIT).toBe('#1c7ed6');
    const saved = await load();
    expect(saved.video.frames[0]!.background.type).toBe('none');
    await screenshot(page, 'rough-spots-movie-background');
    // One undo step takes it back, on the stage too (from the page: keys in the palette are its own).
    await page.getByTestId('stage').click({ position: { x: 5, y: 5 } });
    await page.keyboard.press('Control+z');
    await expect.poll(async () => (await stagePixel(0.02, 0.97)).slice(0, 3), WAIT).toEqual([0, 0, 0]);
  });
});
