import { messages } from '@reelwright/core';
import { type ServerProcess, startServerProcess, waitForCode } from '@reelwright/testkit';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot } from './support/browser';

/**
 * A visitor's work survives a reload (issue 32, D96): the wizard and the builder come back from
 * the draft kept in this browser, the menu bar says where the video is, New video starts fresh,
 * a `?pid=` address still asks for a login, and signing up saves the draft to the new account
 * and deletes the browser copy.
 */

let server: ServerProcess;
let browser: Browser;
let context: BrowserContext;
let page: Page;
const pageErrors: string[] = [];

beforeAll(async () => {
  server = await startServerProcess({ RENDER_WORKERS_IN_PROCESS: 'false' });
  browser = await launchBrowser();
  context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  // The quick tips would cover the wizard after 10 s.
  await context.addCookies([{ name: 'no_quick_tip_popup', value: '1', url: server.url }]);
  page = await context.newPage();
  page.on('pageerror', (error) => pageErrors.push(error.message));
  // Leaving the wizard with a keyword asks first (the browser's own prompt): the visitor leaves.
  page.on('dialog', (dialog) => void dialog.accept());
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const email = `visitor-draft-${Date.now()}@example.com`;
const dialog = () => page.getByRole('dialog');
const button = (name: string | RegExp) => page.getByRole('button', { name });
const status = () => page.getByTestId('visitor-save-status');
const statusState = () => status().getAttribute('data-state');
const slideCards = () => page.getByTestId('slide-card');
const textTracks = () => page.locator('[data-testid="track"][data-item-id^="text-"]');

/** Lets transitions (popover, modal) finish, then saves a screenshot. */
async function shot(name: string) {
  await page.waitForTimeout(400);
  await screenshot(page, name);
}

/** The draft record IndexedDB holds for this browser, read as the app keeps it; null when none. */
function keptDraft(): Promise<{ name: string; data: { wizard: { keyword?: string } } } | null> {
  return page.evaluate(
    () =>
      new Promise((resolve, reject) => {
        const open = indexedDB.open('reelwright', 1);
        open.onupgradeneeded = () => open.result.createObjectStore('drafts');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const get = db.transaction('drafts').objectStore('drafts').get('visitor-draft');
          get.onsuccess = () => {
            db.close();
            resolve(typeof get.result === 'string' ? JSON.parse(get.result) : null);
          };
          get.onerror = () => reject(get.error);
        };
      }),
  );
}

/** Waits until the builder shows its slide, and past the 2 s warm-up after a load (edits then are the author's). */
async function builderReady() {
  await slideCards().first().waitFor();
  await page.waitForTimeout(2100);
}

describe("a visitor's draft", () => {
  it('keeps the wizard where the visitor left it, across a reload', async () => {
    await page.goto(`${server.url}/app.html#/wizard`);
    await page.getByTestId('wizard-step').waitFor();
    expect(await statusState()).toBe('idle');
    expect(await status().textContent()).toBe('Saves in this browser');
    await page.waitForTimeout(2100);
    await page.getByTestId('keyword-input').fill('lighthouses');
    await page.getByTestId('keyword-input').press('Enter');
    await expect.poll(statusState).toBe('saved');
    expect((await keptDraft())?.data.wizard.keyword).toBe('lighthouses');
    await page.reload();
    await page.getByTestId('wizard-step').getByText('lighthouses', { exact: true }).waitFor();
    expect(await statusState()).toBe('saved');
  });

  it("'New video' starts fresh and replaces the kept draft", async () => {
    await button('New video').click();
    await page.getByRole('menuitem', { name: /Full editor/ }).click();
    await page.waitForURL(/#\/builder/);
    await builderReady();
    // A new video's one empty slide (spec 002 §2), made as the builder opens: not kept yet.
    expect(await slideCards().count()).toBe(1);
    expect(await textTracks().count()).toBe(0);
    expect(await keptDraft()).toBeNull();
    expect(await statusState()).toBe('idle');
  });

  it("shows 'Saved in this browser' after an edit in the builder, with what that means", async () => {
    await page.getByTestId('add-rail-text').click();
    await page.getByTestId('add-text-box').click();
    await page.getByTestId('add-rail-text').click(); // closes the drawer
    await expect.poll(() => textTracks().count()).toBe(1);
    await expect.poll(statusState).toBe('saved');
    expect(await status().textContent()).toBe('Saved in this browser');
    expect((await keptDraft())?.data).toMatchObject({ video: { frames: [{ items: expect.any(Array) }] } });
    await shot('visitor-draft-status');
    await status().click();
    const popover = page.getByTestId('visitor-save-popover');
    await popover.getByText('Your video is only in this browser').waitFor();
    await popover.getByRole('button', { name: 'Sign up free' }).waitFor();
    await popover.getByRole('button', { name: 'Log in' }).waitFor();
    await shot('visitor-draft-popover');
    await page.keyboard.press('Escape');
    await popover.waitFor({ state: 'hidden' });
  });

  it('finds the slide and the text box still there after a reload', async () => {
    await page.reload();
    await slideCards().first().waitFor();
    expect(await slideCards().count()).toBe(1);
    await expect.poll(() => textTracks().count()).toBe(1);
    expect(await statusState()).toBe('saved');
    expect(await page.getByText('Something went wrong on this page').count()).toBe(0);
  });

  it("still asks for a login at a project's address, and leaves the draft alone", async () => {
    await page.goto(`${server.url}/app.html?pid=999999#/builder`);
    await dialog().getByText(messages.loginToContinue).waitFor();
    expect(await status().count()).toBe(0);
    await page.goto(`${server.url}/app.html#/builder`);
    await slideCards().first().waitFor();
    await expect.poll(() => textTracks().count()).toBe(1);
  });

  it('signing up saves the draft to the new account and deletes the browser copy', async () => {
    await builderReady();
    await status().click();
    const popover = page.getByTestId('visitor-save-popover');
    await popover.getByRole('button', { name: 'Sign up free' }).click();
    // The popover is a dialog too until its closing transition ends.
    await popover.waitFor({ state: 'hidden' });
    expect(await dialog().getByRole('tab', { name: 'Sign up' }).getAttribute('aria-selected')).toBe('true');
    await dialog().getByLabel('Email').fill(email);
    await dialog().getByRole('button', { name: 'Sign up', exact: true }).click();
    // Signed up, the kept work is saved like a member's: its name is asked for first.
    const namePrompt = page.getByRole('dialog').filter({ has: page.getByLabel(messages.enterProjectName) });
    await namePrompt.getByLabel(messages.enterProjectName).fill('Lighthouse draft');
    const saved = page.waitForResponse((r) => r.url().endsWith('/api/members/projects/save') && r.ok());
    await namePrompt.getByRole('button', { name: 'Save video' }).click();
    await saved;
    await page.waitForURL(/pid=\d+/);
    await expect.poll(keptDraft).toBeNull();
    const verify = page.getByRole('dialog', { name: messages.verifyTitle });
    await verify.getByPlaceholder(messages.verifyCodePlaceholder).fill((await waitForCode(server.dataDir, email))!);
    await verify.getByRole('button', { name: 'Verify account' }).click();
    await verify.waitFor({ state: 'hidden' });
    // The member sees the member's status, and the video in My videos.
    await expect.poll(() => page.getByTestId('save-status').getAttribute('data-state')).toBe('saved');
    expect(await status().count()).toBe(0);
    await button('My videos').click();
    await page.getByTestId('project-row').filter({ hasText: 'Lighthouse draft' }).waitFor();
    await shot('visitor-draft-in-my-videos');
    await page.keyboard.press('Escape');
  });

  it("opens a member's new video empty: the draft is gone", async () => {
    await page.goto(`${server.url}/app.html#/builder`);
    await page.waitForTimeout(3000);
    await shot('visitor-draft-member-new-video');
    await builderReady();
    expect(await slideCards().count()).toBe(1);
    expect(await textTracks().count()).toBe(0);
    expect(await keptDraft()).toBeNull();
    expect(pageErrors).toEqual([]);
  });
});
