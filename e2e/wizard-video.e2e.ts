import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { FREE_MAX_CREATED_SLIDES, messages, slideMessages } from '@reelwright/core';
import { type ServerProcess, startServerProcess, waitForCode, waitForMail } from '@reelwright/testkit';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, SCREENS_DIR, screenshot } from './support/browser';
import { brightInCorner, playVideoToEnd, probe } from './support/video';
import { wizardDriver } from './support/wizard';

/**
 * The whole wizard in Chromium as a new visitor would use it (issue 8), with the network off
 * except loopback: keyword → paste a 400-word article → slides with pictures (generated
 * backgrounds, the default offline engine) → a preset and a layout changed → the visitor signs up
 * and verifies inside the flow → eSpeak NG narration → music and a contact slide → publish → the
 * render job completes → the e-mail arrives → the MP4 plays in Chromium and is as long as the
 * publish step said. A new member is on the free plan: 10 slides at most, and the watermark.
 */

const article = readFileSync(new URL('../bench/articles/urban-beekeeping.txt', import.meta.url), 'utf8');
const email = `wizard-video-${Date.now()}@example.com`;
/** The MP4's size: the Wide stage (1024×576) exported at the default 1080p. */
const SIZE = { width: 1920, height: 1080 };
let server: ServerProcess;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let downloadLink = '';
let publishedSeconds = 0;
const pageErrors: string[] = [];

beforeAll(async () => {
  server = await startServerProcess();
  browser = await launchBrowser(['--autoplay-policy=no-user-gesture-required']);
  context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  page = await context.newPage();
  page.on('pageerror', (error) => pageErrors.push(error.message));
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** A full-page screenshot from the top; `here` keeps the scroll position and shoots the viewport (open menus stay open). */
async function shot(name: string, here = false) {
  if (!here) await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForTimeout(400);
  if (here) await page.screenshot({ path: `${SCREENS_DIR}/${name}.png` });
  else await screenshot(page, name);
}

const { next, cards, expectStep, pasteArticle } = wizardDriver(() => page);
const dialog = (name?: string) => (name ? page.getByRole('dialog', { name }) : page.getByRole('dialog'));

describe('wizard: from an article to an MP4 in the inbox', () => {
  it('makes slides with pictures from a pasted 400-word article', { timeout: 120_000 }, async () => {
    await page.goto(`${server.url}/app.html#/wizard`);
    await pasteArticle('urban beekeeping', article);
    expect(await page.getByTestId('article-title').inputValue()).toBe('Why city rooftops are buzzing with bees');
    await next();
    await expectStep('slides');

    // A visitor is on the free plan: at most 10 slides, with the warning.
    await expect.poll(() => cards().count()).toBe(FREE_MAX_CREATED_SLIDES);
    await page.getByTestId('free-slides-warning').waitFor();
    expect(await cards().first().getByTestId('slide-title').textContent()).toBe(
      `Slide #1 of ${FREE_MAX_CREATED_SLIDES}`,
    );
    // A picture for every line: generated backgrounds, as no image search is configured.
    await page.getByTestId('media-progress').waitFor({ state: 'detached', timeout: 90_000 });
    // Each card shows its active line's media.
    for (const card of await cards().all())
      expect(await card.getByTestId('media-thumb').count()).toBeGreaterThanOrEqual(1);
    await shot('wizard-slides');

    // Quick tips come after 10 s; 'Never show this popup again' keeps them away for a year.
    await page.getByTestId('quick-tips').waitFor({ timeout: 15_000 });
    await shot('wizard-quick-tips');
    await dialog('Quick tips').getByLabel(slideMessages.neverShowAgain).check();
    for (let tip = 1; tip < 5; tip++) await dialog('Quick tips').getByRole('button', { name: 'Next tip' }).click();
    await dialog('Quick tips').getByText('5 / 5').waitFor();
    await dialog('Quick tips').getByRole('button', { name: 'Got it' }).click();
    await dialog('Quick tips').waitFor({ state: 'detached' });
    expect((await context.cookies()).find((c) => c.name === 'no_quick_tip_popup')?.expires).toBeGreaterThan(
      Date.now() / 1000 + 300 * 86_400,
    );
  });

  it('changes the preset and a layout; the design follows to slides not marked unique', async () => {
    const first = cards().nth(0);
    const before = await first.getByTestId('preset-name').textContent();
    await first.getByTestId('preset-next').click();
    await expect.poll(() => first.getByTestId('preset-name').textContent()).not.toBe(before);
    const chosen = await first.getByTestId('preset-name').textContent();
    await expect.poll(() => cards().nth(4).getByTestId('preset-name').textContent()).toBe(chosen);

    await cards().nth(1).getByTestId('design-layout-menu').click();
    await page.getByTestId('design-layout-dropdown').waitFor();
    await shot('wizard-slides-layout-menu', true);
    await page.getByTestId('layout-option-text_on_left').click();
    // Choosing closes the menu; otherwise its own button closes it again.
    await page.getByTestId('design-layout-dropdown').waitFor({ state: 'hidden' });
    await cards().nth(3).getByTestId('design-layout-menu').click();
    expect(await page.getByTestId('layout-option-text_on_left').getAttribute('data-active')).toBe('true');
    await cards().nth(3).getByTestId('design-layout-menu').click();
    await page.getByTestId('design-layout-dropdown').waitFor({ state: 'hidden' });
    await shot('wizard-slides-restyled');
  });

  it('asks the visitor to sign up for narration; once verified, narration starts by itself', {
    timeout: 60_000,
  }, async () => {
    await next();
    await dialog(messages.freeNarrationTitle).getByText(messages.freeNarrationPrompt).waitFor();
    await shot('wizard-signup-prompt');
    await dialog(messages.freeNarrationTitle).getByRole('button', { name: messages.freeNarrationYes }).click();
    await dialog().getByLabel('Email').fill(email);
    await dialog().getByRole('button', { name: 'Sign up' }).click();
    await dialog().getByPlaceholder(messages.verifyCodePlaceholder).waitFor();
    await shot('wizard-verify');
    const code = await waitForCode(server.dataDir, email);
    await dialog().getByPlaceholder(messages.verifyCodePlaceholder).fill(code!);
    await dialog().getByRole('button', { name: 'Verify account' }).click();
    // Next goes on by itself: no second click.
    await page.getByTestId('speech-loader').waitFor();
  });

  it('narrates with eSpeak NG up to the free 35 s, then moves on', { timeout: 180_000 }, async () => {
    await shot('wizard-speech-loader');
    // The free plan stops at 35 s of speech: the author is told, and the video goes on unnarrated.
    await page.getByText(/35 seconds of speech per project/).waitFor({ timeout: 150_000 });
    await expectStep('customize', 60_000);
  });

  it('customizes the music and a contact slide', { timeout: 120_000 }, async () => {
    await page.getByTestId('customize-step').waitFor();
    // The stock tracks are made on the first request.
    await page.getByTestId('music-track-name').waitFor({ timeout: 90_000 });
    const firstTrack = await page.getByTestId('music-track-name').textContent();
    await page.getByTestId('music-next').click();
    await expect.poll(() => page.getByTestId('music-track-name').textContent()).not.toBe(firstTrack);
    await page.getByTestId('social-website-enabled').check({ force: true });
    await page.getByTestId('social-website-value').fill('https://beekeeping.example.org');
    await page.getByTestId('watermark-free-notice').waitFor();
    await shot('wizard-customize');
    await next();
    await expectStep('publish');
  });

  it('publishes: the render completes and the e-mail brings the link', { timeout: 300_000 }, async () => {
    await page.getByTestId('publish-being-published').waitFor({ timeout: 60_000 });
    await shot('wizard-publishing');
    await page.getByTestId('publish-done').waitFor({ timeout: 240_000 });
    publishedSeconds = Number(await page.getByTestId('publish-video-length').getAttribute('data-seconds'));
    expect(publishedSeconds).toBeGreaterThan(30);
    await page.getByTestId('publish-embed-code').waitFor();
    await shot('wizard-published');

    const mail = await waitForMail(server.dataDir, email, { subject: /ready/, timeoutMs: 30_000 });
    downloadLink = /(http\S+\.mp4\?download=1)/.exec(mail.text)?.[1] ?? '';
    expect(downloadLink.startsWith(server.url)).toBe(true);
  });

  it('the MP4 is as long as the publish step said, has the watermark, and plays in Chromium', {
    timeout: 120_000,
  }, async () => {
    const response = await fetch(downloadLink);
    expect(response.status).toBe(200);
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'rw-e2e-wizard-')), 'video.mp4');
    writeFileSync(file, Buffer.from(await response.arrayBuffer()));
    const info = probe(file);
    expect(info.streams.map((s) => `${s.codec_type}:${s.codec_name}`).sort()).toEqual(['audio:aac', 'video:h264']);
    expect(info.streams.find((s) => s.codec_type === 'video')).toMatchObject(SIZE);
    expect(Math.abs(Number(info.format.duration) - publishedSeconds)).toBeLessThan(0.1);
    expect(brightInCorner(file, 2, SIZE)).toBeGreaterThan(50);

    const player = await context.newPage();
    await player.setContent(`<video src="${downloadLink.replace('?download=1', '')}" preload="auto"></video>`);
    const played = await player.locator('video').evaluate(playVideoToEnd);
    expect(played).toMatchObject({ ended: true, error: null });
    expect(played.duration).toBeCloseTo(publishedSeconds, 1);
    await player.close();
  });

  it('rates the video; feedback is asked for at 3 stars or fewer', async () => {
    // The second of five stars, clicked where it is drawn.
    const stars = await page.getByTestId('rating-stars').boundingBox();
    await page.mouse.click(stars!.x + stars!.width * 0.3, stars!.y + stars!.height / 2);
    await page.getByTestId('rating-feedback').fill('The narration is too fast.');
    await shot('wizard-rating');
    await page.getByTestId('rating-send').click();
    await page.getByTestId('rating-thanks').waitFor();
    expect(pageErrors).toEqual([]);
  });
});
