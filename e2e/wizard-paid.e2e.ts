import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { runAdminCommand, type ServerProcess, startServerProcess, waitForMail } from '@reelwright/testkit';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, SCREENS_DIR } from './support/browser';
import { type PagePost, pagePost, signUpInPage } from './support/member';
import { brightInCorner, probe } from './support/video';
import { wizardDriver } from './support/wizard';

/**
 * The wizard's slides step for a paid member (issue 8), and its popups: help, the design menus,
 * the voice picker, an uploaded clip trimmed in the Trim video popup, the Transcribe popup syncing
 * one recording of the whole article to the slide lines; then a 3-slide video is published with
 * no watermark, and the MP4 is kept as an artifact of the test run.
 */

const email = `wizard-paid-${Date.now()}@example.com`;
const ARTICLE = [
  'Three facts about honey bees',
  '',
  'A honey bee visits about two thousand flowers in a single day. The whole colony keeps its nest close to thirty five degrees.',
].join('\n');
const SIZE = { width: 1024, height: 576 };
const artifacts = path.resolve(SCREENS_DIR, '../artifacts');
let server: ServerProcess;
let browser: Browser;
let page: Page;
let post: PagePost;
const work = mkdtempSync(path.join(tmpdir(), 'rw-e2e-wizard-paid-'));

beforeAll(async () => {
  server = await startServerProcess();
  browser = await launchBrowser(['--autoplay-policy=no-user-gesture-required']);
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  // The quick tips have their own test; here they would cover the cards.
  await context.addCookies([{ name: 'no_quick_tip_popup', value: '1', url: server.url }]);
  page = await context.newPage();
  await signUpInPage(page, server, email);
  // The admin command needs the embedded database to itself: stop, upgrade, start again.
  await server.stop();
  await runAdminCommand(['set-plan', email, 'paid'], { DATA_DIR: server.dataDir });
  server = await startServerProcess({ DATA_DIR: server.dataDir });
  post = pagePost(page);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** A viewport screenshot where the page is scrolled to (menus and popups stay open). */
async function shotHere(name: string) {
  await page.waitForTimeout(400);
  await page.screenshot({ path: `${SCREENS_DIR}/${name}.png` });
}

const { next, cards, expectStep, pasteArticle } = wizardDriver(() => page);

describe('wizard for a paid member: popups, voice-over sync and a 3-slide video', () => {
  it('makes three slides from a short article, with no free-plan warning', async () => {
    await page.goto(`${server.url}/app.html#/wizard`);
    // The sign-up happened through the API: a fresh load knows the member.
    await page.reload();
    await page.getByRole('button', { name: 'My videos' }).waitFor();
    await pasteArticle('honey bees', ARTICLE);
    await next();
    await expectStep('slides');
    await expect.poll(() => cards().count()).toBe(3);
    expect(await page.getByTestId('free-slides-warning').count()).toBe(0);
    await page.getByTestId('media-progress').waitFor({ state: 'detached', timeout: 60_000 });
  });

  it('shows the help popup and the design menus', async () => {
    await page.getByRole('button', { name: 'Help' }).first().click();
    await page.getByRole('dialog', { name: 'Slide editor help' }).waitFor();
    await shotHere('wizard-slides-help');
    await page.keyboard.press('Escape');
    const first = cards().first();
    for (const [menu, dropdown] of [
      ['design-effect-menu', 'design-effect-dropdown'],
      ['design-colors-menu', 'design-colors-dropdown'],
      ['design-settings', 'design-settings-dropdown'],
    ] as const) {
      await first.getByTestId(menu).click();
      await page.getByTestId(dropdown).waitFor();
      await shotHere(`wizard-slides-${menu.replace('design-', '')}`);
      await first.getByTestId(menu).click();
      await page.getByTestId(dropdown).waitFor({ state: 'hidden' });
    }
    await first.getByTestId('design-tab-voice').click();
    await first.getByTestId('voice-narrator').waitFor();
    await shotHere('wizard-slides-voice');
    await first.getByTestId('design-tab-media').click();
    await page.getByTestId('slides-menu').click();
    await shotHere('wizard-slides-toolbar-menu');
    await page.getByRole('menuitem', { name: 'Recreate all audio' }).click();
    await page.getByRole('dialog', { name: 'Recreate all audio' }).waitFor();
    await shotHere('wizard-slides-recreate-audio');
    await page.getByRole('dialog', { name: 'Recreate all audio' }).getByRole('button', { name: 'Cancel' }).click();
  });

  it('trims an uploaded video clip in the Trim video popup', { timeout: 60_000 }, async () => {
    const clip = path.join(work, 'clip.mp4');
    const made = spawnSync('ffmpeg', [
      ...['-v', 'error', '-f', 'lavfi', '-i', 'testsrc2=size=640x360:rate=25', '-t', '12'],
      ...['-c:v', 'libx264', '-pix_fmt', 'yuv420p', clip],
    ]);
    expect(made.status).toBe(0);
    const second = cards().nth(1);
    const chooser = page.waitForEvent('filechooser');
    await second.getByTestId('media-upload').click();
    await (await chooser).setFiles(clip);
    const video = second.locator('[data-testid="media-thumb"][data-media-type="video"]');
    await video.waitFor({ timeout: 30_000 });
    await video.getByTestId('media-thumb-edit').click({ force: true });
    await page.getByTestId('trim-video-dialog').waitFor();
    await page.getByTestId('trim-duration').waitFor();
    await shotHere('wizard-trim-video');
    await page.getByTestId('trim-save').click();
    await page.getByTestId('trim-video-dialog').waitFor({ state: 'detached' });
  });

  it('syncs one recording of the article to the slide lines in the Transcribe popup', {
    timeout: 120_000,
  }, async () => {
    // The "recording": the article read by an eSpeak voice, as one MP3.
    const script = ARTICLE.replace(/\n+/g, ' ');
    const spoken = await post('/api/queries/tts', { text: script, voiceId: 'espeak:en-gb-x-rp+m3', lang: 'en-GB' });
    const recording = path.join(work, 'voice-over.mp3');
    writeFileSync(
      recording,
      Buffer.from(await (await fetch(`${server.url}${(spoken.body as { url: string }).url}`)).arrayBuffer()),
    );

    await page.getByTestId('slides-menu').click();
    await page.getByRole('menuitem', { name: 'Transcribe my voice-over…' }).click();
    await page.getByTestId('voice-sync-dialog').waitFor();
    await shotHere('wizard-transcribe-choose');
    const chooser = page.waitForEvent('filechooser');
    await page.getByTestId('voice-sync-upload').click();
    await (await chooser).setFiles(recording);
    await page.getByTestId('voice-sync-working').waitFor();
    await shotHere('wizard-transcribe-working');
    await page.getByTestId('voice-sync-review').waitFor({ timeout: 90_000 });
    await shotHere('wizard-transcribe-review');
    const times = await page.getByTestId('voice-sync-line').allTextContents();
    expect(times).toHaveLength(await page.getByTestId('text-line').count());
    await page.getByTestId('voice-sync-save').click();
    // Every line now plays its part of the recording.
    await expect
      .poll(() =>
        page.getByTestId('text-line-audio').evaluateAll((all) => all.map((b) => b.getAttribute('data-narrated'))),
      )
      .toEqual(times.map(() => 'yes'));
  });

  it('publishes the 3-slide video without a watermark and keeps the MP4', { timeout: 240_000 }, async () => {
    await next();
    await expectStep('customize', 60_000);
    await next();
    await expectStep('publish', 60_000);
    await page.getByTestId('publish-done').waitFor({ timeout: 180_000 });
    const seconds = Number(await page.getByTestId('publish-video-length').getAttribute('data-seconds'));
    const mail = await waitForMail(server.dataDir, email, { subject: /ready/, timeoutMs: 30_000 });
    const link = /(http\S+\.mp4\?download=1)/.exec(mail.text)?.[1] ?? '';
    const file = path.join(work, 'video.mp4');
    writeFileSync(file, Buffer.from(await (await fetch(link)).arrayBuffer()));
    const info = probe(file);
    expect(Math.abs(Number(info.format.duration) - seconds)).toBeLessThan(0.1);
    expect(info.streams.map((s) => `${s.codec_type}:${s.codec_name}`).sort()).toEqual(['audio:aac', 'video:h264']);
    // Paid: no "Made with Reelwright" in the corner.
    expect(brightInCorner(file, 1, SIZE)).toBeLessThan(20);
    mkdirSync(artifacts, { recursive: true });
    copyFileSync(file, path.join(artifacts, 'wizard-sample-3-slides.mp4'));
  });

  it("'Edit in the editor' opens the published project in the builder", async () => {
    const pid = await page.evaluate(() => new URLSearchParams(window.location.search).get('pid'));
    await page.getByTestId('publish-edit-in-editor').click();
    await page.getByTestId('stage-canvas').waitFor();
    expect(await page.getByText('Something went wrong on this page').count()).toBe(0);
    expect(await page.evaluate(() => new URLSearchParams(window.location.search).get('pid'))).toBe(pid);
    expect(await page.getByTestId('slide-card').count()).toBeGreaterThanOrEqual(3);
    await shotHere('builder-from-publish-step');
  });
});
