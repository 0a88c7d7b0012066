import { createFrame, createTextItem, emptyProjectData, type ProjectData } from '@reelwright/core';
import { type ServerProcess, startServerProcess } from '@reelwright/testkit';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot } from './support/browser';
import { type PagePost, signUpInPage } from './support/member';

/**
 * Project thumbnails (issue 21, D69): My videos shows each project's poster frame, drawn by the
 * server's renderer after the save, and a neutral 'Preview being drawn' box until it is there.
 */

/** Seconds between a save and its poster: long enough to see the box that waits for it. */
const DELAY_SECONDS = 4;

let server: ServerProcess;
let browser: Browser;
let page: Page;
let post: PagePost;

beforeAll(async () => {
  server = await startServerProcess({ THUMBNAIL_DELAY_SECONDS: String(DELAY_SECONDS) });
  browser = await launchBrowser();
  page = await (await browser.newContext({ viewport: { width: 1280, height: 760 } })).newPage();
  post = await signUpInPage(page, server, `thumbs-${Date.now()}@example.com`);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** A one-slide project: a title over a two-colour gradient, at the given stage size. */
function titled(title: string, colors: [string, string], size = { width: 1024, height: 576 }): ProjectData {
  const data = emptyProjectData();
  data.video.size = size;
  data.video.frames = [
    createFrame('f1', {
      duration: 4,
      background: {
        type: 'gradient',
        gradient: {
          kind: 'linear',
          angle: 135,
          stops: [
            { color: colors[0], at: 0 },
            { color: colors[1], at: 1 },
          ],
        },
      } as ProjectData['video']['frames'][number]['background'],
      items: [createTextItem('t1', title, { timing: { start: 0, stop: 4 } })],
    }),
  ];
  return data;
}

async function saveProject(name: string, data: ProjectData): Promise<number> {
  const saved = await post('/api/members/projects/save', { name, data_json: JSON.stringify(data) });
  expect(saved.status).toBe(200);
  return (saved.body as { id: number }).id;
}

/** The poster box of the row of `name` in the open My videos list. */
const posterOf = (name: string) =>
  page.getByTestId('project-row').filter({ hasText: name }).getByTestId('project-poster');

/** Resolves once the row's poster image has loaded (its natural width is known). */
async function posterLoaded(name: string) {
  const image = posterOf(name).locator('img');
  await image.waitFor();
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
}

describe('project thumbnails', () => {
  it('shows each project’s poster frame in My videos', { timeout: 120_000 }, async () => {
    await saveProject('Espresso at home', titled('Espresso at home', ['#3b1f0e', '#b5651d']));
    await saveProject(
      'Cold brew, step by step',
      titled('Cold brew', ['#0b3d5c', '#48a9a6'], { width: 576, height: 1024 }),
    );
    await page.goto(`${server.url}/#/wizard/keyword`);
    await page.getByRole('button', { name: 'My videos' }).waitFor();

    // Saved just before the list opens: its poster is drawn a few seconds later.
    await saveProject('Matcha latte', titled('Matcha latte', ['#1d3b1a', '#8dbf5a']));
    await page.getByRole('button', { name: 'My videos' }).click();
    const pending = posterOf('Matcha latte');
    await pending.waitFor();
    expect(await pending.getAttribute('data-state')).toBe('drawing');
    await expect.poll(() => pending.textContent()).toContain('Preview being drawn');
    await screenshot(page, 'thumbnails-drawing');

    // The open list asks again while a poster is drawn; every row ends with its image.
    for (const name of ['Espresso at home', 'Cold brew, step by step', 'Matcha latte']) await posterLoaded(name);
    const matcha = posterOf('Matcha latte').locator('img');
    expect(await matcha.getAttribute('alt')).toBe('Poster frame of Matcha latte');
    expect(await matcha.getAttribute('loading')).toBe('lazy');
    expect(await matcha.evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight])).toEqual([480, 270]);
    const tall = posterOf('Cold brew, step by step').locator('img');
    expect(await tall.evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight])).toEqual([480, 853]);
    await page.waitForTimeout(300);
    await screenshot(page, 'thumbnails-my-videos');
  });
});
