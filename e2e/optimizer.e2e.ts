import { createFrame, createTextItem, emptyProjectData, messages } from '@reelwright/core';
import {
  type FakeChatCompletions,
  type FakeSource,
  runAdminCommand,
  type ServerProcess,
  startFakeChatCompletions,
  startFakeDatamuse,
  startFakeSuggest,
  startServerProcess,
} from '@reelwright/testkit';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot } from './support/browser';
import { type PagePost, signUpInPage } from './support/member';

/**
 * The video optimizer as members meet it (spec 000 §3, §4, §8; issue 21): a paid member picks a
 * project, gives a keyword and copies the title, description and tags; a video without text gets
 * the no-results toast; the publish dialog's Optimize opens the same panel; a free member sees
 * the teaser with its demo video. Keyword sources and the language model are loopback fakes.
 */

const stamp = Date.now();
const paidEmail = `optimizer-paid-${stamp}@example.com`;
const freeEmail = `optimizer-free-${stamp}@example.com`;
const SLIDES = [
  'Cold brew coffee is coffee steeped in cold water for a whole day.',
  'Coarse ground coffee beans give cold brew its smooth taste.',
  'Steep the coffee grounds for eighteen hours in the fridge.',
  'Filter the cold brew twice through a paper filter.',
  'Serve cold brew coffee over ice with a splash of milk.',
];
const REWRITTEN_TITLE = 'Cold brew coffee at home: smooth, simple and cheap';

let server: ServerProcess;
let env: Record<string, string>;
let fakes: (FakeSource | FakeChatCompletions)[] = [];
let browser: Browser;
let paid: Page;
let free: Page;
let coldBrewPid = 0;

async function saveProject(post: PagePost, title: string, frames: ReturnType<typeof createFrame>[]) {
  const data = { ...emptyProjectData(), video: { size: { width: 640, height: 360 }, frames } };
  const saved = await post('/api/members/projects/save', { name: title, title, data_json: JSON.stringify(data) });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  return (saved.body as { id: number }).id;
}

beforeAll(async () => {
  const [suggest, words, llm] = await Promise.all([
    startFakeSuggest(['cold brew coffee recipe', 'cold brew coffee maker']),
    startFakeDatamuse({ 'cold brew coffee': ['iced coffee', 'coffee concentrate'] }),
    startFakeChatCompletions({
      reply: () =>
        JSON.stringify({ title: REWRITTEN_TITLE, summary: 'Make *cold brew coffee* overnight, then serve it on ice.' }),
    }),
  ]);
  fakes = [suggest, words, llm];
  env = {
    ARTICLES_KEYLESS: '1',
    KEYWORD_SUGGEST_URL: `${suggest.url}/complete/search?client=firefox`,
    DATAMUSE_URL: words.url,
    WIKIPEDIA_API_URL: 'http://127.0.0.1:9/w/api.php',
    GOOGLE_NEWS_RSS_URL: 'http://127.0.0.1:9',
    LLM_API_KEY: 'sk-llm-test-key',
    LLM_URL: llm.url,
  };
  server = await startServerProcess(env);
  browser = await launchBrowser(['--autoplay-policy=no-user-gesture-required']);
  const viewport = { width: 1366, height: 900 };
  const paidContext = await browser.newContext({ viewport, permissions: ['clipboard-read', 'clipboard-write'] });
  paid = await paidContext.newPage();
  free = await (await browser.newContext({ viewport })).newPage();

  const post = await signUpInPage(paid, server, paidEmail);
  await signUpInPage(free, server, freeEmail);
  coldBrewPid = await saveProject(
    post,
    'How to make cold brew at home',
    SLIDES.map((text, i) => createFrame(`f${i}`, { duration: 8, items: [createTextItem(`t${i}`, text)] })),
  );
  await saveProject(post, 'Silent intro', [createFrame('quiet', { duration: 5 })]);
  // The admin command needs the embedded database to itself: stop, upgrade, start again.
  await server.stop();
  await runAdminCommand(['set-plan', paidEmail, 'paid'], { DATA_DIR: server.dataDir });
  server = await startServerProcess({ ...env, DATA_DIR: server.dataDir });
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await Promise.all(fakes.map((fake) => fake.close()));
});

async function shot(page: Page, name: string) {
  await page.waitForTimeout(400);
  await screenshot(page, name);
}

const clipboard = () => paid.evaluate(() => navigator.clipboard.readText());

async function pickProject(name: string) {
  await paid.getByTestId('optimizer-project').filter({ hasText: name }).click();
  await paid.getByRole('button', { name: 'Optimize video' }).waitFor();
}

describe('video optimizer', () => {
  it('lets a paid member optimize a project and copy the title, description and tags', async () => {
    await paid.goto(`${server.url}/app.html#/optimizer`);
    await paid.getByTestId('optimizer-page').waitFor();
    await paid.getByTestId('optimizer-project').first().waitFor();
    await shot(paid, 'optimizer-projects');

    await pickProject('How to make cold brew at home');
    const keyword = paid.getByLabel('Target keyword');
    await paid.getByRole('button', { name: 'Optimize video' }).click();
    await paid.getByText(messages.optimizerKeywordRequired).waitFor();
    await keyword.fill('ab');
    await paid.getByRole('button', { name: 'Optimize video' }).click();
    await paid.getByText(messages.optimizerKeywordRequired).waitFor();
    await shot(paid, 'optimizer-keyword-required');

    await keyword.fill('cold brew coffee');
    await paid.getByRole('button', { name: 'Optimize video' }).click();
    const results = paid.getByTestId('optimizer-results');
    await results.waitFor();
    const title = await paid.getByTestId('optimized-title').inputValue();
    expect(title).toBe('Cold brew coffee: How to make cold brew at home');
    const description = await paid.getByTestId('optimized-description').inputValue();
    expect(description).toContain('\n\n0:00 Cold brew coffee is coffee steeped');
    const tags = await paid.getByTestId('optimized-tags').textContent();
    expect(tags).toContain('cold brew coffee recipe');
    expect(tags).toContain('iced coffee');
    await shot(paid, 'optimizer-results');

    await paid.getByRole('button', { name: 'Copy title' }).click();
    await paid.getByRole('button', { name: 'Title copied' }).waitFor();
    expect(await clipboard()).toBe(title);
    await paid.getByRole('button', { name: 'Copy description' }).click();
    expect(await clipboard()).toBe(description);
    await paid.getByRole('button', { name: 'Copy tags' }).click();
    const copiedTags = (await clipboard()).split(',');
    expect(copiedTags.slice(0, 3)).toEqual(['cold brew coffee', 'cold brew coffee recipe', 'cold brew coffee maker']);
    expect(copiedTags.join(',').length).toBeLessThanOrEqual(500);
    await shot(paid, 'optimizer-copied');

    const upload = paid.getByRole('link', { name: 'Upload to YouTube' });
    expect(await upload.getAttribute('href')).toBe('https://www.youtube.com/upload');
    expect(await upload.getAttribute('target')).toBe('_blank');

    // Never rendered: Download Mp4 offers to publish it first (spec 000 §4).
    await paid.getByRole('button', { name: 'Download Mp4' }).click();
    await paid.getByRole('dialog').getByText(messages.notPublishedYet).waitFor();
    await paid.getByRole('button', { name: 'Not now' }).click();

    await paid.getByRole('button', { name: 'Rewrite title and description' }).click();
    await expect.poll(() => paid.getByTestId('optimized-title').inputValue()).toBe(REWRITTEN_TITLE);
    const rewritten = await paid.getByTestId('optimized-description').inputValue();
    expect(rewritten.startsWith('Make *cold brew coffee* overnight')).toBe(true);
    expect(rewritten.slice(rewritten.indexOf('0:00'))).toBe(description.slice(description.indexOf('0:00')));
  });

  it('shows the no-results toast for a video without text', async () => {
    await pickProject('Silent intro');
    await paid.getByLabel('Target keyword').fill('cold brew');
    await paid.getByRole('button', { name: 'Optimize video' }).click();
    const toast = paid.locator('.mantine-Notification-root', { hasText: 'Sorry, no results found' });
    await toast.waitFor();
    expect(await toast.textContent()).toContain(messages.noOptimizerResults('cold brew'));
    await paid.getByRole('button', { name: 'Optimize video' }).waitFor();
    await shot(paid, 'optimizer-no-results');
  });

  it("opens the same panel from the publish dialog's Optimize, with Back", async () => {
    await paid.goto(`${server.url}/app.html?pid=${coldBrewPid}#/builder`);
    await paid.getByRole('button', { name: 'Publish' }).click();
    const dialog = paid.getByRole('dialog', { name: messages.publishTitle });
    await dialog.getByLabel('Optimize title, description and keywords').check();
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await dialog.getByLabel('Target keyword').fill('cold brew coffee');
    await dialog.getByRole('button', { name: 'Optimize video' }).click();
    await dialog.getByTestId('optimizer-results').waitFor();
    expect(await dialog.getByTestId('optimized-title').inputValue()).toContain('Cold brew coffee');
    await shot(paid, 'optimizer-publish-dialog');
    await dialog.getByRole('button', { name: 'Back' }).click();
    await dialog.getByLabel('Download the MP4 file').waitFor();
  });

  it('shows a free member the teaser with a demo video that plays', async () => {
    await free.goto(`${server.url}/app.html#/optimizer`);
    await free.getByTestId('optimizer-teaser').waitFor();
    const access = free.getByRole('link', { name: 'Get Instant Access' });
    expect(await access.getAttribute('href')).toBe('/pricing');
    expect(await access.getAttribute('target')).toBe('_blank');
    const video = free.getByTestId('optimizer-demo-video');
    await expect
      .poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState >= 2 && v.videoWidth === 640), {
        timeout: 15_000,
      })
      .toBe(true);
    const src = await video.evaluate((v: HTMLVideoElement) => v.currentSrc);
    const response = await fetch(src);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('video/mp4');
    await free.waitForTimeout(1000);
    await shot(free, 'optimizer-teaser');
  });
});
