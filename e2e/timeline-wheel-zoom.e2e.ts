import { type ServerProcess, startServerProcess } from '@reelwright/testkit';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot } from './support/browser';

/**
 * The wheel over the builder's timeline (D97): Ctrl (or Cmd) with the wheel zooms the timeline and
 * never the page, the plain wheel scrolls and never zooms. With real wheel input over the part of
 * the timeline the user sees, after its rows were scrolled: the earlier check aimed at the top of
 * the rows list, which lies above the visible timeline once the rows scroll, so its wheel went to
 * the toolbar (and zoomed nothing). Headless Chromium does not zoom the page on an unprevented
 * Ctrl+wheel, so besides the page's scale, the test checks what keeps a real browser from
 * zooming: every Ctrl+wheel over the timeline reaches the window with its default prevented.
 */

let server: ServerProcess;
let browser: Browser;
let page: Page;
const pageErrors: string[] = [];

beforeAll(async () => {
  server = await startServerProcess();
  browser = await launchBrowser();
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  await context.addCookies([{ name: 'no_quick_tip_popup', value: '1', url: server.url }]);
  page = await context.newPage();
  page.on('pageerror', (error) => pageErrors.push(error.message));
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

type Seen = { ctrl: boolean; meta: boolean; prevented: boolean };

const zoomSlider = () => page.locator('[aria-label="Timeline zoom"]').getByRole('slider');
const zoom = async () => Number(await zoomSlider().getAttribute('aria-valuenow'));
/** The scrolling part of the timeline: the ruler and the rows. */
const timelineBody = () => page.getByTestId('timeline-body');
/** The time at the ruler's left end, in seconds, from its first tick: it changes when the timeline moves through time. */
const timeShownFirst = async () => {
  const pxPerSecond = await rulerPxPerSecond();
  return page.getByTestId('timeline-ruler').evaluate((ruler, pps) => {
    const tick = ruler.querySelector<HTMLElement>('span')!;
    return Number.parseFloat(tick.textContent!) - Number.parseFloat(tick.style.left) / pps;
  }, pxPerSecond);
};
/** The wheel events that reached the window since the last call, as the page's own code left them. */
const seenWheels = () => page.evaluate(() => (window as unknown as { seenWheels: Seen[] }).seenWheels.splice(0));
/** What a page zoom would change. */
const pageScale = () =>
  page.evaluate(() => ({
    scale: window.visualViewport?.scale,
    ratio: window.devicePixelRatio,
    width: window.innerWidth,
  }));
/** Pixels per second on the ruler, from two neighbouring tick labels. */
const rulerPxPerSecond = () =>
  page.getByTestId('timeline-ruler').evaluate((ruler) => {
    const [a, b] = Array.from(ruler.querySelectorAll<HTMLElement>('span'));
    const px = Number.parseFloat(b!.style.left) - Number.parseFloat(a!.style.left);
    return px / (Number.parseFloat(b!.textContent!) - Number.parseFloat(a!.textContent!));
  });

/** Puts the pointer in the middle of the timeline as it shows now (below the ruler, over the rows). */
async function pointAtTimeline() {
  const box = (await timelineBody().boundingBox())!;
  await page.mouse.move(box.x + box.width * 0.6, box.y + box.height * 0.6);
}

/** `notches` wheel notches (up when negative) with `key` held, as a mouse with a wheel sends them. */
async function wheel(notches: number, key?: 'Control' | 'Meta') {
  if (key) await page.keyboard.down(key);
  for (let n = 0; n < Math.abs(notches); n++) await page.mouse.wheel(0, Math.sign(notches) * 100);
  if (key) await page.keyboard.up(key);
  // The last event's render.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

describe('the wheel over the timeline', () => {
  it('a slide with more rows than the timeline shows', async () => {
    await page.goto(`${server.url}/app.html#/builder`);
    await page.getByTestId('slide-card').first().waitFor();
    await page.waitForTimeout(2100);
    await page.getByTestId('add-rail-text').click();
    for (let n = 0; n < 6; n++) await page.getByTestId('add-text-box').click();
    await page.getByTestId('add-rail-text').click(); // closes the drawer
    await expect.poll(() => page.locator('[data-testid="track"][data-item-id^="text-"]').count()).toBe(6);
    const body = await timelineBody().evaluate((element) => element.scrollHeight - element.clientHeight);
    expect(body, 'the rows overflow the timeline').toBeGreaterThan(0);
    await page.evaluate(() => {
      const seen: Seen[] = [];
      (window as unknown as { seenWheels: Seen[] }).seenWheels = seen;
      // Bubbling to the window, after every handler of the page has run.
      window.addEventListener('wheel', (event) =>
        seen.push({ ctrl: event.ctrlKey, meta: event.metaKey, prevented: event.defaultPrevented }),
      );
    });
    expect(await zoom()).toBeCloseTo(1, 6);
  });

  it('the plain wheel scrolls the rows and does not zoom', async () => {
    await pointAtTimeline();
    await wheel(3);
    await expect.poll(() => timelineBody().evaluate((element) => element.scrollTop)).toBeGreaterThan(0);
    expect(await zoom()).toBeCloseTo(1, 6);
    // The ruler stays at the top of the timeline over the scrolled rows.
    const ruler = (await page.getByTestId('timeline-ruler').boundingBox())!;
    expect(Math.abs(ruler.y - (await timelineBody().boundingBox())!.y)).toBeLessThan(1);
    await screenshot(page, 'timeline-rows-scrolled');
    const seen = await seenWheels();
    expect(seen.length).toBe(3);
    expect(seen.every((event) => !event.ctrl && !event.prevented)).toBe(true);
  });

  it('Ctrl+wheel up over the scrolled rows zooms the timeline in, and not the page', async () => {
    const scaleBefore = await pageScale();
    const pxBefore = await rulerPxPerSecond();
    await pointAtTimeline();
    await wheel(-3, 'Control');
    // Three notches of 1.25 each, about the pointer.
    await expect.poll(zoom).toBeCloseTo(1.25 ** 3, 3);
    expect(await rulerPxPerSecond()).toBeGreaterThan(pxBefore * 1.5);
    const seen = await seenWheels();
    expect(seen.length).toBe(3);
    expect(seen.every((event) => event.ctrl && event.prevented)).toBe(true);
    expect(await pageScale()).toEqual(scaleBefore);
    await screenshot(page, 'timeline-wheel-zoomed-in');
  });

  it('the plain wheel over the zoomed timeline leaves the zoom and the time shown as they are', async () => {
    await pointAtTimeline();
    const shownBefore = await timeShownFirst();
    await wheel(2);
    await wheel(-2);
    expect(await zoom()).toBeCloseTo(1.25 ** 3, 3);
    expect(await timeShownFirst()).toBeCloseTo(shownBefore, 3);
    expect((await seenWheels()).every((event) => !event.prevented)).toBe(true);
  });

  it('a sideways wheel, or the wheel with Shift, moves through time and leaves the rows', async () => {
    await pointAtTimeline();
    const rowsBefore = await timelineBody().evaluate((element) => element.scrollTop);
    const shownBefore = await timeShownFirst();
    await page.mouse.wheel(120, 0);
    await expect.poll(timeShownFirst).toBeGreaterThan(shownBefore + 0.1);
    const shownAfterSideways = await timeShownFirst();
    await page.keyboard.down('Shift');
    await page.mouse.wheel(0, -120);
    await page.keyboard.up('Shift');
    await expect.poll(timeShownFirst).toBeLessThan(shownAfterSideways - 0.1);
    expect(await timelineBody().evaluate((element) => element.scrollTop)).toBe(rowsBefore);
    expect(await zoom()).toBeCloseTo(1.25 ** 3, 3);
    await seenWheels();
  });

  it('Ctrl+wheel down zooms out, down to the whole slide and no further', async () => {
    const scaleBefore = await pageScale();
    await pointAtTimeline();
    await wheel(1, 'Control');
    await expect.poll(zoom).toBeCloseTo(1.25 ** 2, 3);
    await wheel(5, 'Control');
    await expect.poll(zoom).toBeCloseTo(1, 6);
    const seen = await seenWheels();
    expect(seen.length).toBe(6);
    expect(seen.every((event) => event.ctrl && event.prevented)).toBe(true);
    expect(await pageScale()).toEqual(scaleBefore);
  });

  it('Cmd+wheel zooms as Ctrl+wheel does (macOS)', async () => {
    await pointAtTimeline();
    await wheel(-1, 'Meta');
    await expect.poll(zoom).toBeCloseTo(1.25, 3);
    await wheel(1, 'Meta');
    await expect.poll(zoom).toBeCloseTo(1, 6);
    const seen = await seenWheels();
    expect(seen.length).toBe(2);
    expect(seen.every((event) => event.meta && event.prevented)).toBe(true);
    expect(pageErrors).toEqual([]);
  });
});
