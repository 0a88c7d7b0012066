import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { buildVideo, emptyProjectData, messages } from '@reelwright/core';
import { type ServerProcess, startServerProcess } from '@reelwright/testkit';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, SCREENS_DIR } from './support/browser';
import { signUpInPage } from './support/member';

/**
 * The menu bar at desktop widths (issue 32): from the builder's desktop threshold (1024 px,
 * spec 002) to a large screen, no two of its items overlap, none is cut off by the bar's edge or
 * by the left group's clipping, and the labels that give way below a breakpoint leave an icon
 * button that keeps its name and shows it in a tooltip. Checked for a visitor and for a free
 * member (the fullest bar: news, My videos, Upgrade, the account menu, a long project title),
 * in the wizard and in the builder, with the debug button on.
 */

// The brief's four widths, the two breakpoints where labels come back (lg, xl) and a large screen.
const WIDTHS = [1024, 1100, 1200, 1280, 1408, 1440, 1920];
const LONG_TITLE = 'Lighthouses of the North Atlantic coast and the keepers who tended them';

let server: ServerProcess;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let pid = 0;
const pageErrors: string[] = [];

beforeAll(async () => {
  server = await startServerProcess({ DEBUG: 'true' });
  browser = await launchBrowser();
  context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  // The quick tips and the one-time training hint would cover the page: not what is checked here.
  await context.addCookies([{ name: 'no_quick_tip_popup', value: '1', url: server.url }]);
  await context.addInitScript(() => window.localStorage.setItem('reelwright:training-hint-shown', '1'));
  page = await context.newPage();
  page.on('pageerror', (error) => pageErrors.push(error.message));
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

type Box = { name: string; x: number; y: number; width: number; height: number; clippedBy: string | null };

/**
 * The visible items of the menu bar (the brand, the project title, every button and link) with
 * their boxes, and for each the first ancestor inside the bar that clips it, if any does.
 */
function menuBarItems(): Promise<Box[]> {
  return page.evaluate(() => {
    const bar = document.querySelector('[data-testid="menu-bar"]');
    if (!bar) throw new Error('no menu bar');
    const items = bar.querySelectorAll<HTMLElement>(
      'button, a, [data-testid="menu-bar-brand"], [data-testid="menu-bar-project-title"]',
    );
    const boxes: Box[] = [];
    for (const item of Array.from(items)) {
      if (!item.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })) continue;
      const rect = item.getBoundingClientRect();
      if (rect.width === 0 || rect.height === 0) continue;
      let clippedBy: string | null = null;
      for (let parent = item.parentElement; parent && parent !== bar.parentElement; parent = parent.parentElement) {
        if (getComputedStyle(parent).overflowX === 'visible') continue;
        const outer = parent.getBoundingClientRect();
        if (rect.left < outer.left - 0.5 || rect.right > outer.right + 0.5) {
          clippedBy = parent.className || parent.tagName;
          break;
        }
      }
      const name = item.getAttribute('aria-label') || item.textContent?.trim() || item.tagName;
      boxes.push({ name, x: rect.x, y: rect.y, width: rect.width, height: rect.height, clippedBy });
    }
    return boxes;
  });
}

const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width - 0.5 && b.x < a.x + a.width - 0.5 && a.y < b.y + b.height - 0.5 && b.y < a.y + a.height - 0.5;

/** Saves the top of the page (the menu bar and a little below) as test-results/screens/<name>.png. */
async function shotOfBar(name: string) {
  mkdirSync(SCREENS_DIR, { recursive: true });
  const width = page.viewportSize()?.width ?? 1440;
  await page.screenshot({ path: path.join(SCREENS_DIR, `${name}.png`), clip: { x: 0, y: 0, width, height: 90 } });
}

/** At each width: the bar's items inside the viewport, not clipped, not overlapping. */
async function checkEveryWidth(where: string, expectedNames: string[]) {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 860 });
    await page.waitForTimeout(300);
    const items = await menuBarItems();
    const names = items.map((item) => item.name);
    for (const expected of expectedNames) {
      expect(
        names.some((name) => name.includes(expected)),
        `${where} at ${width}: '${expected}' in ${names}`,
      ).toBe(true);
    }
    for (const item of items) {
      expect(item.x, `${where} at ${width}: ${item.name} starts inside the viewport`).toBeGreaterThanOrEqual(0);
      expect(item.x + item.width, `${where} at ${width}: ${item.name} ends inside the viewport`).toBeLessThanOrEqual(
        width,
      );
      expect(item.clippedBy, `${where} at ${width}: ${item.name} is not cut off`).toBeNull();
    }
    for (const [i, first] of items.entries()) {
      for (const second of items.slice(i + 1)) {
        expect(overlaps(first, second), `${where} at ${width}: ${first.name} / ${second.name}`).toBe(false);
      }
    }
    await shotOfBar(`menu-bar-${where}-${width}`);
  }
}

/** Hovering a collapsed item's icon shows its name in a tooltip. */
async function expectTooltipOnHover(name: string) {
  await page.getByRole('button', { name, exact: true }).hover();
  await page.getByRole('tooltip', { name }).waitFor();
  await page.waitForTimeout(200);
  await shotOfBar(`menu-bar-tooltip-${name.toLowerCase().replace(/\W+/g, '-')}`);
  await page.mouse.move(5, 400);
  await page.getByRole('tooltip', { name }).waitFor({ state: 'hidden' });
}

describe('the menu bar at desktop widths', () => {
  it("a visitor's wizard", async () => {
    await page.goto(`${server.url}/app.html#/wizard`);
    await page.getByTestId('wizard-step').waitFor();
    await page.getByTestId('visitor-save-status').waitFor();
    await checkEveryWidth('visitor-wizard', [
      'Reelwright',
      'Save status',
      'Training videos',
      'New video',
      messages.unlockAllFeatures,
    ]);
  });

  it("a visitor's builder", async () => {
    await page.setViewportSize({ width: 1440, height: 860 });
    await page.goto(`${server.url}/app.html#/builder`);
    await page.getByTestId('slide-card').first().waitFor();
    await page.getByTestId('visitor-save-status').waitFor();
    await checkEveryWidth('visitor-builder', ['Save status', 'Training videos', 'New video', 'Undo', 'Redo', 'Debug']);
  });

  it("a member's wizard, with a long project title", async () => {
    await page.setViewportSize({ width: 1440, height: 860 });
    const post = await signUpInPage(page, server, `menu-bar-long-address-${Date.now()}@example.com`);
    const data = emptyProjectData();
    data.wizard.keyword = 'lighthouses';
    data.wizard.slides = [
      { id: 'slide-1', texts: [{ id: 't1', text: 'Lighthouses guide ships home' }] },
      { id: 'slide-2', texts: [{ id: 't2', text: 'Their lamps turn all night' }] },
    ] as never;
    data.video = { ...data.video, ...buildVideo(data.wizard) };
    const saved = await post('/api/members/projects/save', {
      name: LONG_TITLE,
      title: LONG_TITLE,
      data_json: JSON.stringify(data),
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    pid = (saved.body as { id: number }).id;

    await page.goto(`${server.url}/app.html?pid=${pid}#/wizard/slides`);
    await page.getByTestId('wizard-step').waitFor();
    await page.getByTestId('save-status').waitFor();
    await checkEveryWidth('member-wizard', [
      'Reelwright',
      'Lighthouses of',
      'Save status',
      'News',
      'Training videos',
      'My videos',
      'New video',
      'Undo',
      'Upgrade',
      'Account menu',
      'Debug',
    ]);
  });

  it("a member's builder", async () => {
    await page.setViewportSize({ width: 1440, height: 860 });
    await page.goto(`${server.url}/app.html?pid=${pid}#/builder`);
    await page.getByTestId('slide-card').first().waitFor();
    await checkEveryWidth('member-builder', [
      'Lighthouses of',
      'Save status',
      'Training videos',
      'My videos',
      'New video',
      'Account menu',
    ]);
  });

  it('keeps the collapsed items named, with their name in a tooltip, and working', async () => {
    await page.setViewportSize({ width: 1024, height: 860 });
    await page.waitForTimeout(300);
    await expectTooltipOnHover('Training videos');
    await expectTooltipOnHover('My videos');
    await page.getByRole('button', { name: 'My videos', exact: true }).click();
    await page.getByRole('link', { name: `Open ${LONG_TITLE}` }).waitFor();
    // The button closes the list again; it is a dialog until its closing transition ends.
    await page.getByRole('button', { name: 'My videos', exact: true }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Training videos', exact: true }).click();
    // The tutorials load on first use (LazyShellPopups): Escape only once they show.
    const tutorials = page.getByRole('dialog', { name: 'Video tutorials' });
    await tutorials.waitFor();
    await page.keyboard.press('Escape');
    await tutorials.waitFor({ state: 'detached' });
    expect(pageErrors).toEqual([]);
  });
});
