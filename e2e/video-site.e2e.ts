import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { BackgroundSchema, createFrame, createTextItem, emptyProjectData, messages } from '@reelwright/core';
import {
  type FakeVideoSite,
  generatePhoto,
  type ServerProcess,
  startFakeVideoSite,
  startServerProcess,
} from '@reelwright/testkit';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot } from './support/browser';
import { type PagePost, signUpInPage } from './support/member';
import { probe } from './support/video';

/**
 * Publishing to a video site (issue 21 part 4) against the fake Google and YouTube on loopback:
 * a member connects a channel through the consent redirect, is told the project has no video
 * yet, renders it, then uploads it with the suggested texts, watches the progress bar and gets
 * the video's link; the fake holds the very bytes of the rendered MP4.
 */

const email = `video-site-${Date.now()}@example.com`;
let fake: FakeVideoSite;
let server: ServerProcess;
let browser: Browser;
let page: Page;
let post: PagePost;
let pid = 0;

beforeAll(async () => {
  fake = await startFakeVideoSite({ channelTitle: 'Coffee Corner' });
  server = await startServerProcess({
    ...fake.env,
    VIDEO_SITE_TOKEN_KEY: 'e2e-video-site-token-key-0123456789abcdef',
    YOUTUBE_UPLOAD_CHUNK_BYTES: String(256 * 1024),
  });
  browser = await launchBrowser();
  page = await (await browser.newContext({ viewport: { width: 1366, height: 900 } })).newPage();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await fake?.close();
});

const dialog = () => page.getByRole('dialog', { name: messages.publishTitle });

async function shot(name: string) {
  await page.waitForTimeout(300);
  await screenshot(page, name);
}

/** Uploads a grainy photo through the app's upload route; returns its `/media/…` url. */
async function uploadPhoto(index: number): Promise<string> {
  const jpeg = await generatePhoto({ width: 1280, height: 720, index, grain: true }).encode('jpeg', 90);
  const answer = await page.evaluate(async (base64) => {
    const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
    const form = new FormData();
    form.append('file', new Blob([bytes], { type: 'image/jpeg' }), 'beans.jpg');
    const res = await fetch('/api/members/uploads', { method: 'POST', body: form });
    return { status: res.status, body: await res.json() };
  }, jpeg.toString('base64'));
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return (answer.body as { url: string }).url;
}

/**
 * Three short slides with text the optimizer can work from, on grainy photos: grain does not
 * compress, so the MP4 takes more than one 256 KiB chunk and the progress bar moves.
 */
async function coffeeMovie() {
  const texts = [
    'Coffee roasting turns green beans brown.',
    'Light roasts keep the fruity flavours of the bean.',
    'Dark roasts taste of chocolate and smoke.',
  ];
  const frames = [];
  for (const [i, text] of texts.entries()) {
    frames.push(
      createFrame(`s${i}`, {
        duration: 2,
        background: BackgroundSchema.parse({ type: 'image', url: await uploadPhoto(i + 2) }),
        items: [createTextItem(`t${i}`, text, { timing: { start: 0, stop: 2 } })],
      }),
    );
  }
  return { size: { width: 640, height: 360 }, frames };
}

async function openVideoSiteOption() {
  await page.getByRole('button', { name: 'Publish' }).click();
  await dialog().getByLabel('Automatically publish on a video site and 100+ sites').check();
  await dialog().getByRole('button', { name: 'Continue' }).click();
}

describe('publishing to a video site', () => {
  it('connects the member’s channel through Google’s consent and comes back to the dialog', async () => {
    post = await signUpInPage(page, server, email);
    const data = { ...emptyProjectData(), video: await coffeeMovie() };
    data.wizard.keyword = 'coffee roasting';
    const saved = await post('/api/members/projects/save', {
      name: 'Roasting',
      title: 'Roasting',
      data_json: JSON.stringify(data),
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    pid = (saved.body as { id: number }).id;

    await page.goto(`${server.url}/app.html?pid=${pid}#/builder`);
    await openVideoSiteOption();
    await dialog().getByTestId('video-site-connect').waitFor();
    expect(await dialog().textContent()).toContain('For other video sites, download the MP4');
    await shot('video-site-connect');

    await dialog().getByRole('button', { name: 'Connect your YouTube channel' }).click();
    // The fake's consent page approves at once and sends the browser to the callback, then home.
    await dialog().getByTestId('video-site-outcome').waitFor({ timeout: 20_000 });
    expect(new URL(page.url()).searchParams.get('video_site')).toBeNull();
    expect(new URL(page.url()).searchParams.get('pid')).toBe(String(pid));
    expect(await dialog().getByTestId('video-site-channel').textContent()).toContain('Coffee Corner');
    await dialog().getByTestId('video-site-no-render').waitFor();
    await shot('video-site-connected-no-render');
  });

  it('renders the project, then uploads it with progress and gets the video’s link', { timeout: 180_000 }, async () => {
    const queued = await post('/api/members/queue-video', { pid, email, action: 'youtube', quality: '720p' });
    expect(queued.status, JSON.stringify(queued.body)).toBe(200);
    const qid = (queued.body as { qid: number }).qid;
    await expect
      .poll(
        async () => page.evaluate(async (id) => (await fetch(`/api/members/queue-video/status?qid=${id}`)).json(), qid),
        {
          timeout: 150_000,
          interval: 1000,
        },
      )
      .toMatchObject({ status: 'done' });

    await dialog().getByRole('button', { name: 'Back' }).click();
    await dialog().getByRole('button', { name: 'Continue' }).click();
    const form = dialog().getByTestId('video-site-form');
    await form.waitFor();
    // The optimizer's suggestions, for the wizard's keyword.
    expect((await form.getByLabel('Title').inputValue()).toLowerCase()).toContain('coffee roasting');
    expect(await form.getByLabel('Tags').inputValue()).toMatch(/^coffee roasting,/);
    expect(await form.getByLabel('Description').inputValue()).toContain('0:00');
    await form.getByLabel('Title').fill('Coffee roasting in six seconds');
    await form.getByText('Unlisted').click();
    await shot('video-site-form');

    fake.setChunkDelay(1500);
    await form.getByRole('button', { name: 'Upload' }).click();
    const progress = dialog().getByTestId('video-site-progress');
    // Past the first chunk: the bar shows a share of the file, not just that it started.
    await progress.getByText(/Uploading to YouTube… ([1-9]\d?)%/).waitFor({ timeout: 30_000 });
    expect(await progress.getByRole('progressbar').getAttribute('aria-valuenow')).not.toBe('0');
    await shot('video-site-uploading');

    const link = dialog().getByTestId('video-site-link');
    await link.waitFor({ timeout: 60_000 });
    await shot('video-site-done');
    const uploaded = fake.videos.at(-1);
    expect(await link.getAttribute('href')).toBe(`https://www.youtube.com/watch?v=${uploaded?.id}`);
    expect(uploaded?.snippet.title).toBe('Coffee roasting in six seconds');
    expect(uploaded?.status.privacyStatus).toBe('unlisted');

    // The bytes at YouTube are the rendered MP4's.
    const download = await page.evaluate(
      async (id) => (await fetch(`/api/members/videos/download?pid=${id}`)).text(),
      pid,
    );
    const rendered = Buffer.from(await (await fetch(new URL(download, server.url))).arrayBuffer());
    expect(uploaded?.bytes.equals(rendered)).toBe(true);
    expect(rendered.length).toBeGreaterThan(256 * 1024);
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'rw-e2e-youtube-')), 'video.mp4');
    writeFileSync(file, uploaded?.bytes ?? Buffer.alloc(0));
    expect(Number(probe(file).format.duration)).toBeCloseTo(6, 0);
  });
});
