import { createFrame, emptyProjectData, messages } from '@reelwright/core';
import { runAdminCommand, type ServerProcess, startServerProcess, waitForCode } from '@reelwright/testkit';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot } from './support/browser';
import { pagePost } from './support/member';

/**
 * The application shell and the project lifecycle as a member meets them (spec 000 §2, §4):
 * the menu bar for visitors, free and paid members, saving with the name prompt, My videos
 * (search, rename, delete), undo/redo that is saved, settings that survive a reload, news,
 * tutorials, pricing, the test page and the wizard/builder frames.
 */

const email = `shell-${Date.now()}@example.com`;

let server: ServerProcess;
let browser: Browser;
let context: BrowserContext;
let page: Page;
/** The project the undo/redo test leaves with two slides. */
let threeSlidePid: string | null = null;

beforeAll(async () => {
  server = await startServerProcess();
  browser = await launchBrowser();
  context = await browser.newContext({ viewport: { width: 1366, height: 860 } });
  page = await context.newPage();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const dialog = () => page.getByRole('dialog');
const button = (name: string | RegExp) => page.getByRole('button', { name });
const saveStatus = () => page.getByTestId('save-status');
const projectRows = () => page.getByTestId('project-row');
const slideCards = () => page.getByTestId('slide-card');

/** Lets transitions (modal, menu, toast) finish, then saves a screenshot. */
async function shot(name: string) {
  await page.waitForTimeout(400);
  await screenshot(page, name);
}

async function expectToast(text: string) {
  await page.locator('.mantine-Notification-root', { hasText: text }).first().waitFor();
}

/** Resolves with the next project save or patch the page sends. */
const nextProjectSave = () =>
  page.waitForResponse((r) => /\/api\/members\/projects\/(save|patch)$/.test(new URL(r.url()).pathname) && r.ok());

/** Opens an editor route with a full page load and waits past the 2 s warm-up. */
async function openFresh(route: string) {
  await page.goto(`${server.url}${route}`);
  await page.locator('[data-testid="wizard-step"], button:has-text("Add slide")').first().waitFor();
  await page.waitForTimeout(2100);
}

async function addSlide() {
  const saved = nextProjectSave();
  await button('Add slide').click();
  await saved;
}

/** A new project in the builder: Add slide, answer the name prompt, wait for the save. */
async function createProject(name: string, screenshotPrompt = false) {
  await openFresh('/builder');
  await button('Add slide').click();
  await dialog().getByLabel(messages.enterProjectName).waitFor();
  if (screenshotPrompt) await shot('shell-name-prompt');
  const saved = nextProjectSave();
  await dialog().getByLabel(messages.enterProjectName).fill(name);
  await dialog().getByRole('button', { name: 'Save video' }).click();
  await saved;
  await page.waitForURL(/pid=\d+/);
}

async function openMyVideos() {
  await button('My videos').click();
  await projectRows().first().waitFor();
}

function admin(...args: string[]) {
  return runAdminCommand(args, { DATA_DIR: server.dataDir });
}

describe('application shell', () => {
  it('shows a visitor the menu bar with Unlock All Features, and the wizard frame', async () => {
    await page.goto(`${server.url}/`);
    await page.waitForURL(/#\/wizard\/keyword$/);
    await button(messages.unlockAllFeatures).waitFor();
    expect(await button('My videos').count()).toBe(0);
    expect(await page.getByLabel(/^News/).count()).toBe(0);
    await shot('shell-visitor');

    // Next Step checks the step first: a keyword is required.
    await button('Next Step').click();
    await page.getByText(messages.keywordRequired).waitFor();
    await page.getByTestId('keyword-input').fill('coffee');
    await page.getByTestId('source-paste').click();
    await button('Next Step').click();
    await page.waitForURL(/#\/wizard\/content$/);
    await shot('shell-wizard-step');
    await page.goto(`${server.url}/app.html#/wizard/nowhere`);
    await page.waitForURL(/#\/wizard\/keyword$/);
  });

  it('signs a visitor up through the popup', async () => {
    await button(messages.unlockAllFeatures).click();
    await dialog().getByLabel('Email').fill(email);
    await dialog().getByRole('button', { name: 'Sign up' }).click();
    await dialog().getByPlaceholder(messages.verifyCodePlaceholder).waitFor();
    const code = await waitForCode(server.dataDir, email);
    await dialog().getByPlaceholder(messages.verifyCodePlaceholder).fill(code!);
    await dialog().getByRole('button', { name: 'Verify account' }).click();
    await button('My videos').waitFor();
    await dialog().waitFor({ state: 'detached' });
    await page.getByRole('link', { name: 'Upgrade' }).waitFor();
    expect(await button(messages.unlockAllFeatures).count()).toBe(0);
    await shot('shell-member');
  });

  it('saves a new project after the name prompt and lists it in My videos', async () => {
    await createProject('Project 1', true);
    await expect.poll(() => saveStatus().getAttribute('data-state')).toBe('saved');
    await shot('shell-builder');
    await page.reload();
    await slideCards().first().waitFor();
    // The slide the builder starts an empty project with, and the one added.
    expect(await slideCards().count()).toBe(2);
    await openMyVideos();
    expect(await page.getByPlaceholder('Search your videos').count()).toBe(0);
    await shot('shell-my-videos');
    await page.keyboard.press('Escape');
  });

  it('shows the search box above five projects, and searches', async () => {
    // Creating through the UI is the test before; these five are saved directly, as the app would.
    // Each has two slides, as Project 1; the builder then opens the last, Project 6.
    const post = pagePost(page);
    const address = new URL(page.url());
    for (const n of [2, 3, 4, 5, 6]) {
      const data = emptyProjectData();
      data.video.frames = [createFrame('frame-1'), createFrame('frame-2')];
      const name = `Project ${n}`;
      const saved = await post('/api/members/projects/save', { name, title: name, data_json: JSON.stringify(data) });
      expect(saved.status).toBe(200);
      address.searchParams.set('pid', String((saved.body as { id: number }).id));
    }
    await page.goto(address.toString());
    await slideCards().first().waitFor();
    await openMyVideos();
    expect(await projectRows().count()).toBe(6);
    await page.getByPlaceholder('Search your videos').fill('project 3');
    await expect.poll(() => projectRows().count()).toBe(1);
    await shot('shell-my-videos-search');
    await page.getByPlaceholder('Search your videos').fill('');
  });

  it('renames a project with the pre-filled prompt', async () => {
    await button('Rename Project 2').click();
    await expect.poll(() => dialog().getByLabel('New name').inputValue()).toBe('Project 2');
    await dialog().getByLabel('New name').fill('Renamed video');
    await dialog().getByRole('button', { name: 'Rename', exact: true }).click();
    await expectToast(messages.projectRenamed);
    await openMyVideos();
    await page.getByRole('link', { name: 'Open Renamed video' }).waitFor();
  });

  it('deletes a project after the confirmation', async () => {
    await button('Delete Project 1').click();
    await page.getByText(messages.confirmDelete).waitFor();
    await dialog().getByRole('button', { name: 'Delete', exact: true }).click();
    await expectToast(messages.projectDeleted);
    await openMyVideos();
    await expect.poll(() => projectRows().count()).toBe(5);
    expect(await page.getByRole('link', { name: 'Open Project 1' }).count()).toBe(0);
    await page.keyboard.press('Escape');
  });

  it('saves undo and redo of a slide addition', async () => {
    await page.reload(); // the open project is Project 6, with two slides
    await slideCards().first().waitFor();
    await page.waitForTimeout(2100);
    await addSlide();
    expect(await slideCards().count()).toBe(3);

    let saved = nextProjectSave();
    await button('Undo').click();
    await saved;
    await page.reload();
    await slideCards().first().waitFor();
    expect(await slideCards().count()).toBe(2);

    await page.waitForTimeout(2100);
    await addSlide();
    saved = nextProjectSave();
    await button('Undo').click();
    await saved;
    saved = nextProjectSave();
    await button('Redo').click();
    await saved;
    await page.reload();
    await slideCards().nth(2).waitFor();
    expect(await slideCards().count()).toBe(3);
    threeSlidePid = new URL(page.url()).searchParams.get('pid');
  });

  it('keeps the auto-save setting across a reload', async () => {
    await saveStatus().click();
    const sent = page.waitForResponse(
      (r) => r.url().endsWith('/api/members/settings') && r.request().method() === 'POST',
    );
    await page.getByRole('switch', { name: 'Auto-save' }).click({ force: true });
    await sent;
    await page.reload();
    await saveStatus().click();
    await expect.poll(() => page.getByRole('switch', { name: 'Auto-save' }).isChecked()).toBe(false);
    await shot('shell-auto-save-setting');
    const back = page.waitForResponse(
      (r) => r.url().endsWith('/api/members/settings') && r.request().method() === 'POST',
    );
    await page.getByRole('switch', { name: 'Auto-save' }).click({ force: true });
    await back;
    await page.keyboard.press('Escape');
  });

  it('lists the three New video entries and the tutorials', async () => {
    await button('New video').click();
    await page.getByRole('menuitem', { name: /SEO video optimizer/ }).waitFor();
    expect(await page.getByRole('menuitem').count()).toBe(3);
    await shot('shell-new-video-menu');
    await page.keyboard.press('Escape');

    await button('Training videos').click();
    await dialog().getByText('Video tutorials').waitFor();
    expect(await page.getByTestId('tutorial-group').allInnerTexts()).toHaveLength(4);
    await shot('shell-tutorials');
    await page.keyboard.press('Escape');
  });

  it('shows pricing, the optimizer teaser, the test page with its error panel and the docs', async () => {
    await page.goto(`${server.url}/app.html#/pricing`);
    await page.getByTestId('plan-business').waitFor();
    await page.getByText('60 seconds').first().waitFor();
    await shot('shell-pricing');

    await page.goto(`${server.url}/app.html#/optimizer`);
    await button('Get Instant Access')
      .or(page.getByRole('link', { name: 'Get Instant Access' }))
      .waitFor();
    await shot('shell-optimizer-teaser');

    await page.goto(`${server.url}/app.html#/test`);
    await button('Test').click();
    await expectToast('Notifications work');
    await shot('shell-test-page');
    await button('Fail').click();
    await page.getByTestId('error-panel').waitFor();
    await button('Reload').waitFor();
    await shot('shell-test-error');

    await page.goto(`${server.url}/docs/faq`);
    await page.getByRole('heading', { name: 'Frequently asked questions' }).waitFor();
    await page.getByRole('link', { name: 'Open the app' }).waitFor();
    await shot('shell-docs-faq');
  });

  it('asks a visitor opening a project address to log in', async () => {
    const id = threeSlidePid;
    const visitor = await browser.newContext({ viewport: { width: 1366, height: 860 } });
    const visitorPage = await visitor.newPage();
    await visitorPage.goto(`${server.url}/app.html?pid=${id}#/wizard`);
    await visitorPage.getByRole('dialog').getByText(messages.loginToContinue).waitFor();
    await visitorPage.waitForTimeout(400);
    await screenshot(visitorPage, 'shell-login-to-continue');
    await visitor.close();
  });

  it('shows a paid member neither Upgrade nor Unlock, and news with the unread count', async () => {
    const pid = threeSlidePid;
    await server.stop();
    await admin('set-plan', email, 'paid');
    await admin(
      'add-news',
      'Reelwright now reads your articles aloud in twelve new voices, with better pauses',
      'https://example.com/voices',
    );
    await admin('add-news', 'Welcome to the news feed');
    server = await startServerProcess({ DATA_DIR: server.dataDir });

    await page.goto(`${server.url}/app.html?pid=${pid}#/builder`);
    await button('My videos').waitFor();
    await page.getByLabel('News, 2 unread').waitFor();
    expect(await page.getByRole('link', { name: 'Upgrade' }).count()).toBe(0);
    expect(await button(messages.unlockAllFeatures).count()).toBe(0);
    await shot('shell-paid-member');

    await page.getByLabel('News, 2 unread').click();
    await page.getByTestId('news-item').first().waitFor();
    expect((await page.getByTestId('news-item').allInnerTexts()).join('\n')).toContain('…');
    await shot('shell-news');
    await button(messages.markAllAsRead).click();
    await page.getByLabel('News, 0 unread').waitFor();

    await page.goto(`${server.url}/preview?pid=${pid}`);
    await page.getByTestId('preview').getByText('3 slides').waitFor();
    await shot('shell-preview');
    await page.goto(`${server.url}/app.html#/optimizer`);
    await page.getByTestId('optimizer-page').waitFor();
  });
});
