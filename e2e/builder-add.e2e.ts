import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ENGINE_LICENSES, emptyProjectData, type Item, type ProjectData } from '@reelwright/core';
import {
  type FakeMediaItem,
  type FakeRemoveBg,
  type FakeSource,
  fakeYoutubeEmbedPage,
  generatePhoto,
  type ServerProcess,
  startFakeFreesound,
  startFakeGiphy,
  startFakePixabay,
  startFakeRemoveBg,
  startFakeYoutube,
  startServerProcess,
} from '@reelwright/testkit';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot } from './support/browser';
import { loadProjectInPage, signUpInPage } from './support/member';

/**
 * The builder's add-item panel in Chromium (spec 002 §2, issue 19 parts 1–2): on an empty
 * project, each tab adds what it finds at the playhead (a text box, a designed text effect, an
 * emoji, an icon, a shape, an uploaded picture), a result dragged onto the stage lands where it is dropped, found media keeps
 * its engine and licence, and each addition is one undo step.
 */

let server: ServerProcess;
let browser: Browser;
let page: Page;
let pid = 0;
/** remove.bg on loopback: it keeps an ellipse in the middle of the picture. */
let removeBg: FakeRemoveBg;
/** The uploaded photo, before its background went, and after. */
let photoUrl = '';
let clearedUrl = '';

/** What the fake stock vendors hold: happy clips and sounds, so each tab's first search finds some. */
const HAPPY_STOCK: FakeMediaItem[] = [
  ...['Happy dog running', 'Happy children playing', 'Happy couple dancing', 'Happy birthday party'].map(
    (title, index) => ({
      id: 400 + index,
      kind: 'video' as const,
      title,
      tags: ['happy'],
      width: 1920,
      height: 1080,
      duration: 8 + index,
    }),
  ),
  ...['Happy ukulele', 'Happy whistle tune', 'Happy crowd cheering'].map((title, index) => ({
    id: 500 + index,
    kind: 'audio' as const,
    title,
    tags: ['happy'],
    width: 0,
    height: 0,
    duration: 12 + index,
  })),
];
/** Pixabay, GIPHY, Freesound and YouTube on loopback. */
let vendors: FakeSource[] = [];

beforeAll(async () => {
  removeBg = await startFakeRemoveBg('builder-remove-bg-key');
  vendors = await Promise.all([
    startFakePixabay(HAPPY_STOCK),
    startFakeGiphy(HAPPY_STOCK),
    startFakeFreesound(HAPPY_STOCK),
    startFakeYoutube(HAPPY_STOCK),
  ]);
  const [pixabay, giphy, freesound, youtube] = vendors;
  server = await startServerProcess({
    REMOVE_BG_API_KEY: 'builder-remove-bg-key',
    REMOVE_BG_URL: removeBg.url,
    PIXABAY_API_KEY: 'pixabay-test-key',
    PIXABAY_URL: pixabay!.url,
    GIPHY_API_KEY: 'giphy-test-key',
    GIPHY_URL: giphy!.url,
    FREESOUND_API_KEY: 'freesound-test-key',
    FREESOUND_URL: freesound!.url,
    YOUTUBE_API_KEY: 'youtube-test-key',
    YOUTUBE_URL: youtube!.url,
  });
  // Nothing leaves loopback: the video site's player and poster are answered by routes below.
  browser = await launchBrowser(['--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1']);
  page = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await removeBg?.close();
  await Promise.all(vendors.map((vendor) => vendor.close()));
});

/** How long a saved change may take to show in the stored project. */
const WAIT = { timeout: 10_000 };

const items = async (): Promise<Item[]> => (await loadProjectInPage(page, pid)).video.frames[0]?.items ?? [];

/** Waits until the saved slide holds `count` items, and answers them, the newest (top layer) first. */
async function savedItems(count: number): Promise<Item[]> {
  await expect.poll(async () => (await items()).length, WAIT).toBe(count);
  return items();
}

/** The item added last, once the saved slide holds `count` items. */
const added = async (count: number): Promise<Item> => (await savedItems(count))[0]!;

/** The RGBA pixels of a stored picture at points given as shares of its width and height. */
function pixelsOf(url: string, points: [number, number][]): Promise<number[][]> {
  return page.evaluate(
    async ({ url, points }) => {
      const image = new Image();
      image.src = url;
      await image.decode();
      const canvas = new OffscreenCanvas(image.width, image.height);
      const ctx = canvas.getContext('2d')!;
      ctx.drawImage(image, 0, 0);
      const at = (share: number, side: number) => Math.min(side - 1, Math.round(share * side));
      return points.map(([x, y]) => [...ctx.getImageData(at(x, image.width), at(y, image.height), 1, 1).data]);
    },
    { url, points },
  );
}

/** Opens a tab of the rail (closing whichever was open). */
async function openTab(tab: string) {
  await page.getByTestId(`add-rail-${tab}`).click();
  await page.getByTestId('add-drawer').waitFor();
}

describe('the add-item panel', () => {
  it('opens an empty project with the rail of tabs beside the slide bar', async () => {
    const post = await signUpInPage(page, server, `builder-add-${Date.now()}@example.com`);
    const saved = await post('/api/members/projects/save', {
      name: 'Add panel',
      data_json: JSON.stringify(emptyProjectData() satisfies ProjectData),
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    pid = (saved.body as { id: number }).id;
    await page.goto(`${server.url}/app.html?pid=${pid}#/builder`);
    await page.getByTestId('stage-canvas').waitFor();
    // Past the 2 s warm-up, edits are the author's.
    await page.waitForTimeout(2100);
    const rail = page.getByRole('navigation', { name: 'Add to the slide' });
    expect(await rail.getByRole('button').allTextContents()).toEqual([
      'Text',
      'Images',
      'Videos',
      'Audio',
      'Emojis',
      'Icons',
      'Giphy',
      'Shapes',
    ]);
  });

  it('adds a text box, and a designed text effect drawn by the renderer, at the playhead', async () => {
    await openTab('text');
    await page.getByTestId('add-text-box').click();
    const text = await added(1);
    expect(text.type).toBe('text');
    expect(text.timing).toEqual({ start: 0, stop: 3 });
    expect(text.box).toMatchObject({ width: 0.5, height: 0.5 });

    const effects = page.getByTestId('text-effect');
    expect(await effects.count()).toBeGreaterThanOrEqual(24);
    // The first thumbnails are drawn: the still of each effect, words brighter than the backdrop.
    await page.waitForFunction(() =>
      Array.from(document.querySelectorAll<HTMLCanvasElement>('[data-testid="text-effect"] canvas'))
        .slice(0, 6)
        .every((canvas) => {
          const { data } = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height);
          for (let i = 0; i < data.length; i += 4) if (data[i]! + data[i + 1]! + data[i + 2]! > 400) return true;
          return false;
        }),
    );
    const nameBar = page.getByRole('button', { name: 'Add text: Name bar' });
    await nameBar.scrollIntoViewIfNeeded();
    await nameBar.hover();
    await page.waitForTimeout(500);
    await screenshot(page, 'builder-add-text');
    await nameBar.click();
    const design = await added(2);
    expect(design.type === 'text' && design.font.family).toBe('Poppins');
    expect(design.type === 'text' && design.container?.backgroundColor).toBe('#1c7ed6');
    expect(design.box).toMatchObject({ left: 0.05, top: 0.72 });
  });

  it('searches emojis for “happy” as the tab opens, and adds one with its licence', async () => {
    await openTab('emojis');
    const keyword = page.getByTestId('add-keyword');
    expect(await keyword.inputValue()).toBe('happy');
    const results = page.getByTestId('add-result');
    await results.first().waitFor();
    expect(await results.count()).toBeGreaterThan(3);
    // One source: no dropdown, the source is named instead.
    expect(await page.getByTestId('add-source').count()).toBe(0);
    await page.waitForTimeout(300);
    await screenshot(page, 'builder-add-emojis');
    await results.first().click();
    const emoji = await added(3);
    expect(emoji.type).toBe('image');
    // Shown whole, and named in the timeline after the emoji.
    expect(emoji.type === 'image' && emoji.fit).toBe('contain');
    expect(emoji.label).toBeTruthy();
    expect(emoji.type === 'image' && emoji.credit).toEqual({ source: 'emojis', license: ENGINE_LICENSES.emojis });
  });

  it('asks for a keyword, then searches icons for the words typed', async () => {
    await openTab('icons');
    await page.getByTestId('add-result').first().waitFor();
    await page.getByTestId('add-keyword').fill('   ');
    await page.getByTestId('add-search').click();
    await page.getByRole('alert').filter({ hasText: 'Type a word to search for.' }).waitFor();
    await page.getByTestId('add-keyword').fill('star');
    await page.getByTestId('add-search').click();
    await expect
      .poll(() => page.getByTestId('add-result').first().getAttribute('title'), { timeout: 10_000 })
      .toMatch(/star/);
    await screenshot(page, 'builder-add-icons');
    await page.getByTestId('add-result').first().click();
    const icon = await added(4);
    expect(icon.type === 'image' && icon.credit?.source).toBe('icons');
  });

  it('drops a shape where it is let go on the stage, kept on the stage', async () => {
    await openTab('shapes');
    await page.getByTestId('add-keyword').fill('circle');
    await page.getByTestId('add-search').click();
    const tile = page.getByTestId('add-result').first();
    await expect.poll(() => tile.getAttribute('title'), { timeout: 10_000 }).toMatch(/circle/i);
    // Drawn in white to start; a colour picked redraws them in it.
    const white = await tile.locator('img').getAttribute('src');
    await page.getByTestId('add-color').click();
    await page.locator('[aria-label="#f03e3e"]').first().click();
    await expect.poll(() => tile.locator('img').getAttribute('src'), { timeout: 10_000 }).not.toBe(white);
    // A click beside the picker closes it.
    await page.getByTestId('add-drawer').getByText('Shapes', { exact: true }).click();
    await page.locator('.mantine-ColorInput-dropdown').waitFor({ state: 'detached' });
    await screenshot(page, 'builder-add-shapes');
    const stage = (await page.getByTestId('stage').boundingBox())!;
    // Near the bottom-left corner, beside the items in the middle (a drop on one would ask 'Replace').
    await tile.dragTo(page.getByTestId('stage'), {
      targetPosition: { x: stage.width * 0.1, y: stage.height * 0.9 },
    });
    const shape = await added(5);
    expect(shape.type === 'image' && shape.credit?.source).toBe('shapes');
    expect(shape.box).toMatchObject({ left: 0, top: 0.5, width: 0.5, height: 0.5 });
  });

  it('searches the stock vendors in the Videos, Audio and Giphy tabs, remembering the source', async () => {
    // The vendors' pictures live on .example hosts: the browser is answered here, never online.
    await page.route(/^https:\/\/[^/]+\.example\//, (route) => {
      // A picture of its own for each result, by the id in its address.
      const id = Number(/\d+/.exec(new URL(route.request().url()).pathname)?.[0] ?? 0);
      const still = generatePhoto({ width: 320, height: 180, index: id % 12 }).toBuffer('image/png');
      return route.fulfill({ contentType: 'image/png', body: still, headers: { 'Access-Control-Allow-Origin': '*' } });
    });
    await openTab('video');
    const results = page.getByTestId('add-result');
    await expect.poll(() => results.count(), WAIT).toBe(4);
    expect(await page.getByTestId('add-source').inputValue()).toBe('Pixabay');
    await screenshot(page, 'builder-add-videos');
    // Another source is searched at once and remembered as '{type}-{engine}' (spec 002 §2).
    await page.getByTestId('add-source').click();
    await page.getByRole('option', { name: 'YouTube' }).click();
    await expect.poll(() => results.first().getAttribute('title'), WAIT).toMatch(/Happy/);
    expect(await page.evaluate(() => localStorage.getItem('reelwright.builder.engine.video'))).toBe('video-youtube');
    await page.getByTestId('add-source').click();
    await page.getByRole('option', { name: 'Pixabay' }).click();

    await openTab('audio');
    await expect.poll(() => results.count(), WAIT).toBe(3);
    expect(await page.getByTestId('add-result-player').count()).toBe(3);
    await page.waitForTimeout(300);
    await screenshot(page, 'builder-add-audio');
    await openTab('giphy');
    await expect.poll(() => results.count(), WAIT).toBe(4);
    await page.waitForTimeout(300);
    await screenshot(page, 'builder-add-giphy');
  });

  it('uploads a picture from the image tab and adds it', async () => {
    await openTab('image');
    await page.getByTestId('add-tab-image').waitFor();
    await page.getByTestId('add-upload').click();
    await page.getByTestId('add-upload-dropdown').waitFor();
    await page.waitForTimeout(300);
    await screenshot(page, 'builder-add-upload');
    const jpeg = await generatePhoto({ width: 640, height: 360, index: 3 }).encode('jpeg', 85);
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Choose a file' }).click();
    await (await chooser).setFiles({ name: 'meadow.jpg', mimeType: 'image/jpeg', buffer: jpeg });
    const photo = await added(6);
    expect(photo.type).toBe('image');
    expect(photo.type === 'image' && photo.url).toMatch(/^\/(uploads|media|files)\//);
    await page.getByTestId('add-upload-dropdown').waitFor({ state: 'detached' });
    await screenshot(page, 'builder-add-image');
  });

  it('removes the photo’s background behind the spec’s notice, one undo step', async () => {
    const photo = (await items()).find((item) => item.type === 'image' && !item.credit)!;
    photoUrl = photo.type === 'image' ? photo.url : '';
    await page.locator(`[data-testid="track"][data-item-id="${photo.id}"]`).click();
    const section = page.getByTestId('inspector').getByRole('button', { name: 'Image', exact: true });
    if ((await section.getAttribute('aria-expanded')) !== 'true') await section.click();
    await page.getByTestId('remove-bg').click();
    await page
      .getByTestId('remove-bg-notice')
      .getByText('Trying to remove background. This can take a while.')
      .waitFor();
    await screenshot(page, 'builder-remove-bg');
    await expect
      .poll(
        async () => {
          const stored = (await items()).find((item) => item.id === photo.id);
          return stored?.type === 'image' ? stored.url : '';
        },
        { timeout: 20_000 },
      )
      .not.toBe(photoUrl);
    await page.getByTestId('remove-bg-notice').waitFor({ state: 'detached' });
    const cleared = (await items()).find((item) => item.id === photo.id)!;
    expect(cleared.type === 'image' && cleared.url).toMatch(/\.png$/);
    // The corners are gone (transparent), the middle kept.
    const [corner, centre] = await pixelsOf(cleared.type === 'image' ? cleared.url : '', [
      [0, 0],
      [0.5, 0.5],
    ]);
    const alpha = { corner: corner![3], middle: centre![3] };
    expect(alpha).toEqual({ corner: 0, middle: 255 });
    clearedUrl = cleared.type === 'image' ? cleared.url : '';
  });

  it('greys and flips the photo in the image editor, one undo step', async () => {
    await page.getByTestId('image-edit-open').click();
    const editor = page.getByTestId('image-editor');
    await editor.waitFor();
    await expect.poll(() => page.getByTestId('image-editor-save').isEnabled(), WAIT).toBe(true);
    const grey = page.getByTestId('image-filter-grayscale').getByRole('slider');
    await grey.focus();
    await page.keyboard.press('End');
    await page.getByTestId('image-flip-h').click();
    await page.waitForTimeout(300);
    await screenshot(page, 'builder-image-editor');
    await page.getByTestId('image-editor-save').click();
    await editor.waitFor({ state: 'detached', timeout: 20_000 });
    const stored = async () => {
      const photo = (await items()).find((item) => item.type === 'image' && !item.credit);
      return photo?.type === 'image' ? photo.url : '';
    };
    await expect.poll(stored, WAIT).not.toBe(clearedUrl);
    // The middle of the saved picture is grey: red, green and blue alike.
    const [middle = []] = await pixelsOf(await stored(), [[0.5, 0.5]]);
    expect(Math.max(...middle.slice(0, 3)) - Math.min(...middle.slice(0, 3))).toBeLessThanOrEqual(2);
    expect(middle[3]).toBe(255);
  });

  it('generates speech for the text box with the slide’s voice, as an audio item on the timeline', async () => {
    const text = (await items()).find(
      (item) => item.type === 'text' && item.paragraphs[0]?.runs[0]?.text === 'Your text here',
    )!;
    await page.locator(`[data-testid="track"][data-item-id="${text.id}"]`).click();
    const inspector = page.getByTestId('inspector');
    await inspector.getByRole('button', { name: 'Audio', exact: true }).click();
    await page.getByTestId('voice-picker').waitFor();
    await expect.poll(() => page.getByTestId('voice-picker').inputValue(), { timeout: 10_000 }).not.toBe('');
    await page.getByTestId('generate-speech-button').click();
    const speech = await added(7);
    expect(speech.type).toBe('audio');
    if (speech.type !== 'audio') return;
    expect(speech.source).toBe('tts');
    expect(speech.ttsText).toBe('Your text here');
    expect(speech.url).toMatch(/^\/media\/tts\/.+\.mp3$/);
    expect(speech.duration).toBeGreaterThan(0.3);
    expect(speech.timing.start).toBe(text.timing.start);
    expect(speech.timing.stop).toBeCloseTo(text.timing.start + speech.duration!, 1);
    await page.waitForTimeout(300);
    await screenshot(page, 'builder-speech');

    // The speech opens in the standalone audio editor, which draws its waveform; back to the builder.
    await page.getByRole('link', { name: `Open ${speech.id} in the audio editor` }).click();
    await page.getByTestId('audio-editor-page').waitFor();
    expect(page.url()).toContain(`#/audio-editor/`);
    await expect.poll(() => page.getByTestId('audio-editor-save').isEnabled(), WAIT).toBe(true);
    expect(await page.getByTestId('audio-load-error').count()).toBe(0);
    await page.getByRole('button', { name: 'Play selected' }).waitFor();
    await screenshot(page, 'audio-editor-page');
    await page.getByRole('link', { name: 'Back to the builder' }).click();
    await page.getByTestId('stage-canvas').waitFor();
  });

  it('uploads a clip in the Videos tab and trims it in the Trim video popup', { timeout: 60_000 }, async () => {
    const clip = path.join(mkdtempSync(path.join(tmpdir(), 'rw-e2e-add-')), 'clip.mp4');
    const made = spawnSync('ffmpeg', [
      ...['-v', 'error', '-f', 'lavfi', '-i', 'testsrc2=size=640x360:rate=25', '-t', '12'],
      ...['-c:v', 'libx264', '-pix_fmt', 'yuv420p', clip],
    ]);
    expect(made.status).toBe(0);
    await openTab('video');
    await page.getByTestId('add-upload').click();
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Choose a file' }).click();
    await (await chooser).setFiles(clip);
    const video = await added(8);
    expect(video.type).toBe('video');

    const section = page.getByTestId('inspector').getByRole('button', { name: 'Video', exact: true });
    if ((await section.getAttribute('aria-expanded')) !== 'true') await section.click();
    await page.getByTestId('video-trim-open').click();
    const dialog = page.getByTestId('trim-video-dialog');
    await dialog.waitFor();
    // The clip's own length, measured in the browser, bounds the range: 0–10 s to start (a fresh upload).
    await expect.poll(() => dialog.getByText('The clip is 0:12.0 long.').count(), { timeout: 10_000 }).toBe(1);
    expect(await page.getByTestId('trim-duration').textContent()).toBe('Duration: 10.0 s');
    await page.getByTestId('trim-start').fill('2');
    await page.getByTestId('trim-stop').fill('5.5');
    await page.getByTestId('trim-stop').blur();
    expect(await page.getByTestId('trim-duration').textContent()).toBe('Duration: 3.5 s');
    await screenshot(page, 'builder-trim-video');
    await page.getByTestId('trim-save').click();
    await dialog.waitFor({ state: 'detached' });
    await expect
      .poll(async () => {
        const stored = (await items()).find((item) => item.id === video.id);
        return stored?.type === 'video' ? [stored.startTime, stored.stopTime] : null;
      }, WAIT)
      .toEqual([2, 5.5]);
  });

  it('adds a pasted YouTube link as a silent, paused layer that renders as its poster', async () => {
    const poster = generatePhoto({ width: 480, height: 360, index: 4 }).toBuffer('image/png');
    await page.route('https://i.ytimg.com/**', (route) =>
      route.fulfill({ contentType: 'image/png', body: poster, headers: { 'Access-Control-Allow-Origin': '*' } }),
    );
    await page.route('https://www.youtube-nocookie.com/embed/**', (route) =>
      route.fulfill({ contentType: 'text/html', body: fakeYoutubeEmbedPage() }),
    );
    // The Videos tab is still open from the upload before.
    await page.getByTestId('add-upload').click();
    await page.getByTestId('add-upload-link').fill('https://youtu.be/dQw4w9WgXcQ');
    await page.getByRole('button', { name: 'Add from link' }).click();
    const clip = await added(9);
    expect(clip).toMatchObject({
      type: 'video',
      url: 'https://youtu.be/dQw4w9WgXcQ',
      poster: 'https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg',
      label: 'YouTube video',
    });

    // The site's player, muted and without controls, over the item; paused 250 ms after it plays.
    const embed = page.getByTestId('video-site-embed');
    await embed.waitFor();
    const src = new URL((await embed.getAttribute('src'))!);
    expect(src.pathname).toBe('/embed/dQw4w9WgXcQ');
    expect(Object.fromEntries(src.searchParams)).toMatchObject({ mute: '1', controls: '0', autoplay: '1' });
    const player = page.frames().find((frame) => frame.url().startsWith('https://www.youtube-nocookie.com/'))!;
    const timing = () =>
      player.evaluate(() => (window as unknown as { fakePlayer: Record<string, number> }).fakePlayer);
    await expect.poll(async () => (await timing()).pausedAt ?? null, WAIT).not.toBeNull();
    const { playingAt, pausedAt } = await timing();
    expect(pausedAt! - playingAt!).toBeGreaterThanOrEqual(240);
    expect(pausedAt! - playingAt!).toBeLessThan(1500);
    expect(await page.getByTestId('video-site-note').textContent()).toContain('The finished video shows its poster');
    await screenshot(page, 'builder-video-site');
  });

  it('takes back the trim and then each addition, one undo each', async () => {
    // Focus leaves the panel's fields: a click on the blank stage (which also clears the selection).
    await page.getByTestId('stage').click({ position: { x: 5, y: 5 } });
    // The video-site clip, the trim, then each addition.
    await page.keyboard.press('Control+z');
    await savedItems(8);
    await page.keyboard.press('Control+z');
    await expect
      .poll(async () => (await items()).some((item) => item.type === 'video' && item.startTime === 0), WAIT)
      .toBe(true);
    for (const count of [7, 6]) {
      await page.keyboard.press('Control+z');
      await savedItems(count);
    }
    // The photo loses its edit, then gets its background back.
    await page.keyboard.press('Control+z');
    await expect
      .poll(async () => (await items()).some((item) => item.type === 'image' && item.url === clearedUrl), WAIT)
      .toBe(true);
    await page.keyboard.press('Control+z');
    await expect
      .poll(async () => (await items()).some((item) => item.type === 'image' && item.url === photoUrl), WAIT)
      .toBe(true);
    for (const count of [5, 4, 3, 2, 1, 0]) {
      await page.keyboard.press('Control+z');
      await savedItems(count);
    }
  });
});
