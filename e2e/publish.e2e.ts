import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  BackgroundSchema,
  createFrame,
  createTextItem,
  emptyProjectData,
  FREE_VIDEO_MAX_SECONDS,
  messages,
} from '@reelwright/core';
import { type ServerProcess, startServerProcess, waitForMail } from '@reelwright/testkit';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot } from './support/browser';
import { signUpInPage } from './support/member';
import { brightInCorner, playVideoToEnd, probe } from './support/video';

/**
 * Publishing as a free member meets it (spec 000 §2, §4, §8): the 'Publish video' popup, the
 * free-plan warning, the e-mail step, the render's progress, the e-mailed link that downloads
 * an MP4 with the watermark that stops at 60 s, the embed page playing it to the end in
 * Chromium, and the quota error once the day's renders are used.
 */

const email = `publish-${Date.now()}@example.com`;
/** Stage size of the test project: small, so the render is quick; 16:9 like every video. */
const SIZE = { width: 640, height: 360 };
/** The MP4's size: the movie's shape at the 720p the member picks. */
const EXPORTED = { width: 1280, height: 720 };
let server: ServerProcess;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let pid = 0;
let downloadLink = '';
let embedSrc = '';

beforeAll(async () => {
  // One render a day: the second publish meets the quota error.
  server = await startServerProcess({ RENDER_QUOTA_FREE: '1' });
  browser = await launchBrowser(['--autoplay-policy=no-user-gesture-required']);
  context = await browser.newContext({ viewport: { width: 1366, height: 860 } });
  page = await context.newPage();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const dialog = () => page.getByRole('dialog', { name: messages.publishTitle });
const button = (name: string | RegExp) => page.getByRole('button', { name });

async function shot(name: string) {
  await page.waitForTimeout(400);
  await screenshot(page, name);
}

/** Seven 10 s slides in changing colours with a caption each: 70 s, longer than a free video may be. */
function seventySecondMovie() {
  const colours = ['#1c7ed6', '#2f9e44', '#e8590c', '#9c36b5', '#c2255c', '#0c8599', '#5f3dc4'];
  return {
    size: SIZE,
    frames: colours.map((color, i) =>
      createFrame(`s${i}`, {
        duration: 10,
        background: BackgroundSchema.parse({ type: 'color', color }),
        items: [createTextItem(`t${i}`, `Slide ${i + 1} of 7`, { timing: { start: 0, stop: 10 } })],
      }),
    ),
  };
}

/** Serves one HTML page on a loopback port of its own: another origin than the app's. */
async function serve(html: string): Promise<{ server: Server; url: string }> {
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/` };
}

describe('publishing', () => {
  it('saves a 70 s project for a new free member', async () => {
    const post = await signUpInPage(page, server, email);
    const data = { ...emptyProjectData(), video: seventySecondMovie() };
    const saved = await post('/api/members/projects/save', {
      name: 'Publish test',
      title: 'Publish test',
      data_json: JSON.stringify(data),
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    pid = (saved.body as { id: number }).id;
  });

  it('renders from the Publish popup and e-mails the download link', { timeout: 240_000 }, async () => {
    await page.goto(`${server.url}/app.html?pid=${pid}#/builder`);
    await button('Publish').click();
    await dialog().getByText('Download the MP4 file').waitFor();
    await shot('publish-options');
    await dialog().getByLabel('Download the MP4 file').check();
    await dialog().getByRole('button', { name: 'Continue' }).click();

    // Free members see the warning first (spec 000 §2).
    await dialog().getByTestId('free-warning').waitFor();
    expect(await dialog().getByRole('link', { name: messages.downloadFullVideo }).getAttribute('href')).toBe(
      '/pricing',
    );
    await shot('publish-free-warning');
    await dialog().getByRole('button', { name: messages.downloadWithWatermark }).click();

    const emailField = dialog().getByLabel('Email');
    expect(await emailField.inputValue()).toBe(email);
    // 1080p is the default; this member asks for the smaller file.
    await dialog().getByText('720p (smaller file)').click();
    await shot('publish-email-step');
    await dialog().getByRole('button', { name: messages.startRendering }).click();
    await dialog().getByTestId('render-progress').waitFor();
    expect(await dialog().getByTestId('email-notice').textContent()).toContain(email);
    await shot('publish-rendering');

    await dialog().getByTestId('render-done').waitFor({ timeout: 180_000 });
    await shot('publish-done');

    const mail = await waitForMail(server.dataDir, email, { subject: /ready/, timeoutMs: 30_000 });
    expect(mail.subject).toBe('Your video is ready: Publish test');
    downloadLink = /(http\S+\.mp4\?download=1)/.exec(mail.text)?.[1] ?? '';
    expect(downloadLink.startsWith(server.url)).toBe(true);
    expect(await dialog().getByRole('link', { name: 'Download MP4' }).getAttribute('href')).toBe(downloadLink);
  });

  it("downloads an MP4 with the watermark that stops at 60 s (the free plan's rules)", async () => {
    const response = await fetch(downloadLink);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('video/mp4');
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="publish-test\.mp4"/);
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'rw-e2e-publish-')), 'video.mp4');
    writeFileSync(file, Buffer.from(await response.arrayBuffer()));

    const info = probe(file);
    expect(Number(info.format.duration)).toBeCloseTo(FREE_VIDEO_MAX_SECONDS, 0);
    expect(info.streams.map((s) => `${s.codec_type}:${s.codec_name}`).sort()).toEqual(['audio:aac', 'video:h264']);
    expect(info.streams.find((s) => s.codec_type === 'video')).toMatchObject(EXPORTED);
    expect(brightInCorner(file, 3, EXPORTED)).toBeGreaterThan(50);
    expect(brightInCorner(file, 55, EXPORTED)).toBeGreaterThan(50);
  });

  it('gives an embed code whose page plays the video to the end in Chromium', { timeout: 90_000 }, async () => {
    await dialog().getByRole('button', { name: 'Get the embed code' }).click();
    const code = await dialog().getByTestId('embed-code').inputValue();
    expect(code).toContain('width="1024" height="624"');
    expect(code).toContain('>Reelwright</a>');
    embedSrc = /src="([^"]+)"/.exec(code)?.[1] ?? '';
    expect(embedSrc).toMatch(/\/embed\.html\?hash=[\w-]+$/);
    await shot('publish-embed-code');

    // A page of another site (another origin on loopback) framing the embed code as pasted.
    const site = await serve(
      `<!doctype html><title>A blog</title><body style="margin:20px;background:#eee">${code}</body>`,
    );
    const host = await context.newPage();
    await host.setViewportSize({ width: 1100, height: 760 });
    await host.goto(site.url);
    const frame = host.frameLocator('iframe');
    const video = frame.locator('video');
    await video.waitFor();
    await expect
      .poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState), { timeout: 20_000 })
      .toBeGreaterThanOrEqual(2);
    await screenshot(host, 'publish-embed-page');
    expect(await frame.getByRole('link', { name: 'Made with Reelwright' }).count()).toBe(1);

    const played = await video.evaluate(playVideoToEnd);
    expect(played).toMatchObject({ ended: true, error: null });
    expect(played.duration).toBeCloseTo(FREE_VIDEO_MAX_SECONDS, 0);
    expect(played.currentTime).toBeCloseTo(played.duration, 1);
    await host.close();
    site.server.close();
  });

  it('shows the quota error with its links once the day’s renders are used', async () => {
    await dialog().getByRole('button', { name: 'Back' }).click();
    await page.keyboard.press('Escape');
    await dialog().waitFor({ state: 'detached' });

    // Change the project so that publishing means a new render.
    await page.waitForTimeout(2100);
    await button('Add slide').click();
    await button('Publish').click();
    await dialog().getByLabel('Download the MP4 file').check();
    await dialog().getByRole('button', { name: 'Continue' }).click();
    const error = dialog().getByTestId('quota-error');
    await error.waitFor();
    expect(await error.textContent()).toContain('You have used all 1 video render of your free plan for today.');
    expect(await error.getByRole('link', { name: 'Upgrade your plan' }).getAttribute('href')).toBe('/pricing');
    expect(await error.getByRole('link', { name: 'contact support' }).getAttribute('href')).toBe(
      'mailto:support@reelwright.local',
    );
    await shot('publish-quota-error');
  });
});
