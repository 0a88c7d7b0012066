import { buildVideo, emptyProjectData, type Item } from '@reelwright/core';
import { generatePhoto, type ServerProcess, startServerProcess } from '@reelwright/testkit';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot } from './support/browser';
import { loadProjectInPage, signUpInPage } from './support/member';

/**
 * A newcomer's first minute in the builder on wizard slides (issue 32, D92): a press on a slide's
 * picture picks the picture (no hidden "overlay" item anywhere), a press on the blank stage or
 * around it clears the selection, the tint over the picture is the slide's own setting, and items
 * added one after another do not land on each other.
 */

let server: ServerProcess;
let browser: Browser;
let page: Page;
let pid = 0;
const pageErrors: string[] = [];

beforeAll(async () => {
  server = await startServerProcess();
  browser = await launchBrowser();
  page = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
  page.on('pageerror', (error) => pageErrors.push(error.message));
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const WAIT = { timeout: 10_000 };

/** Uploads a JPEG as the media panel does; returns its `/media/…` url. */
async function upload(jpeg: Buffer): Promise<string> {
  const answer = await page.evaluate(async (base64) => {
    const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
    const form = new FormData();
    form.append('file', new Blob([bytes], { type: 'image/jpeg' }), 'coast.jpg');
    const res = await fetch('/api/members/uploads', { method: 'POST', body: form });
    return { status: res.status, body: await res.json() };
  }, jpeg.toString('base64'));
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return (answer.body as { url: string }).url;
}

/** The stage's box on the page. */
const stageBox = async () => (await page.getByTestId('stage').boundingBox())!;
/** Presses the stage at a share of its width and height. */
async function pressStage(x: number, y: number) {
  const stage = await stageBox();
  await page.mouse.click(stage.x + stage.width * x, stage.y + stage.height * y);
}
const selectionShown = () => page.getByTestId('selection').count();

describe("a newcomer's first minute on wizard slides", () => {
  it('opens a wizard project of a picture slide and a slide of words', async () => {
    const post = await signUpInPage(page, server, `first-minute-${Date.now()}@example.com`);
    const photo = await upload(await generatePhoto({ width: 960, height: 540, index: 2 }).encode('jpeg', 85));
    const data = emptyProjectData();
    data.wizard.keyword = 'lighthouses';
    data.wizard.slides = [
      {
        id: 'slide-1',
        settings: { layout: 'text_overlay' },
        texts: [{ id: 't1', text: 'Lighthouses guide ships home', media: [{ id: 'm1', url: photo, type: 'image' }] }],
      },
      { id: 'slide-2', texts: [{ id: 't2', text: 'Their lamps turn all night' }] },
    ] as never;
    data.video = { ...data.video, ...buildVideo(data.wizard) };
    const saved = await post('/api/members/projects/save', { name: 'Lighthouses', data_json: JSON.stringify(data) });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    pid = (saved.body as { id: number }).id;
    await page.goto(`${server.url}/app.html?pid=${pid}#/builder`);
    await page.getByTestId('stage-canvas').waitFor();
    await expect.poll(() => page.getByTestId('slide-card').count()).toBe(2);
    // Past the 2 s warm-up, edits are the author's.
    await page.waitForTimeout(2100);
  });

  it('shows the tint as the slide\'s setting, and no "overlay" item in the timeline or inspector', async () => {
    await page.getByRole('button', { name: 'Slide background' }).click();
    await page.getByTestId('slide-tint').waitFor();
    expect(await page.getByTestId('slide-tint-strength-value').textContent()).toBe('40%');
    expect(await page.getByText(/overlay/i).count()).toBe(0);
    await page.getByTestId('slide-tint').scrollIntoViewIfNeeded();
    await screenshot(page, 'first-minute-slide-tint');
  });

  it('a press on the picture selects the picture; a press around the stage clears it', async () => {
    await pressStage(0.06, 0.08);
    await page.getByTestId('selection').waitFor();
    const saved = await loadProjectInPage(page, pid);
    const picture = saved.video.frames[0]!.items.find((item) => item.type === 'image')!;
    expect(saved.video.frames[0]!.items.some((item) => item.label === 'overlay')).toBe(false);
    expect(await page.getByText(/overlay/i).count()).toBe(0);
    expect(picture.box).toMatchObject({ left: 0, top: 0, width: 1, height: 1 });
    await screenshot(page, 'first-minute-picture-selected');
    const area = (await page.getByTestId('stage-area').boundingBox())!;
    const stage = await stageBox();
    // The empty band between the stage and the area's edge.
    await page.mouse.click(area.x + 4, stage.y + stage.height / 2);
    await expect.poll(selectionShown).toBe(0);
  });

  it('a press on the blank stage of the slide of words clears the selection', async () => {
    await page.getByTestId('slide-card').nth(1).click();
    await pressStage(0.5, 0.5);
    await page.getByTestId('selection').waitFor();
    await pressStage(0.04, 0.06);
    await expect.poll(selectionShown).toBe(0);
  });

  it('three items added in turn each show, every one a step down and right of the last', async () => {
    await page.getByTestId('add-rail-text').click();
    await page.getByTestId('add-drawer').waitFor();
    for (let n = 0; n < 3; n++) await page.getByTestId('add-text-box').click();
    const added = async (): Promise<Item[]> =>
      (await loadProjectInPage(page, pid)).video.frames[1]!.items.filter((item) => item.id.startsWith('text-'));
    await expect.poll(async () => (await added()).length, WAIT).toBe(3);
    const boxes = (await added()).map((item) => item.box);
    const lefts = boxes.map((box) => box.left).sort();
    const tops = boxes.map((box) => box.top).sort((a, b) => a - b);
    expect(new Set(lefts).size).toBe(3);
    expect(new Set(tops).size).toBe(3);
    // Each a visible step from the next: a tenth of the stage's height at least (D97), all on the stage.
    for (let n = 1; n < 3; n++) expect(tops[n]! - tops[n - 1]!).toBeGreaterThanOrEqual(0.1 - 1e-6);
    for (const box of boxes) expect(box.top + box.height).toBeLessThanOrEqual(1 + 1e-6);
    await page.getByTestId('add-rail-text').click();
    await page.waitForTimeout(300);
    await screenshot(page, 'first-minute-three-items');
    expect(pageErrors).toEqual([]);
  });

  it('marks speech whose text was edited, and regenerates it in one click', async () => {
    await page.getByTestId('slide-card').first().click();
    await pressStage(0.5, 0.48);
    await page.getByTestId('selection').waitFor();
    await page.getByTestId('inspector').getByRole('button', { name: 'Audio', exact: true }).click();
    const speech = page.waitForResponse((r) => r.url().includes('/api/queries/tts') && r.request().method() === 'POST');
    await page.getByTestId('generate-speech-button').click();
    expect((await speech).status()).toBe(200);
    await expect.poll(() => page.locator('[data-testid="track"]').count(), WAIT).toBe(3);
    expect(await page.getByTestId('stale-speech-badge').count()).toBe(0);

    const stage = await stageBox();
    await page.mouse.dblclick(stage.x + stage.width / 2, stage.y + stage.height * 0.48);
    const editor = page.getByTestId('text-editor');
    await editor.waitFor();
    await page.keyboard.press('Control+a');
    await page.keyboard.type('Lighthouses guided ships home', { delay: 10 });
    await page.keyboard.press('Escape');
    await editor.waitFor({ state: 'detached' });
    await page.getByTestId('stale-speech-badge').waitFor();
    await page.getByTestId('stale-speech').waitFor();
    await screenshot(page, 'first-minute-stale-speech');

    const again = page.waitForResponse((r) => r.url().includes('/api/queries/tts') && r.request().method() === 'POST');
    await page.getByTestId('regenerate-speech').click();
    expect((await again).status()).toBe(200);
    await page.getByTestId('stale-speech').waitFor({ state: 'detached' });
    expect(await page.getByTestId('stale-speech-badge').count()).toBe(0);
    const saved = async () =>
      (await loadProjectInPage(page, pid)).video.frames[0]!.items.find((item) => item.type === 'audio');
    await expect
      .poll(async () => {
        const audio = await saved();
        return audio?.type === 'audio' ? audio.ttsText : null;
      }, WAIT)
      .toBe('Lighthouses guided ships home');
    expect(pageErrors).toEqual([]);
  });
});
