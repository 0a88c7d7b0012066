import { createFrame, emptyProjectData, type Item, type ProjectData } from '@reelwright/core';
import { generatePhoto, type ServerProcess, startServerProcess } from '@reelwright/testkit';
import type { Browser, CDPSession, JSHandle, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot } from './support/browser';
import { loadProjectInPage, signUpInPage } from './support/member';

/**
 * Files dragged from the computer into the builder (issue 32, "Drop files on the stage"): a
 * photo dropped on the stage uploads with a progress bar where it fell and becomes an image item
 * there; a sound dropped on the timeline starts where it fell in time; a file that is not media
 * is refused with a message; a file dropped beside the stage never replaces the editor.
 */

let server: ServerProcess;
let browser: Browser;
let page: Page;
let cdp: CDPSession;
let pid = 0;
const pageErrors: string[] = [];

beforeAll(async () => {
  server = await startServerProcess();
  browser = await launchBrowser();
  page = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
  page.on('pageerror', (error) => pageErrors.push(error.message));
  cdp = await page.context().newCDPSession(page);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const WAIT = { timeout: 15_000 };

const savedItems = async (index = 0): Promise<Item[]> =>
  (await loadProjectInPage(page, pid)).video.frames[index]?.items ?? [];

/** A one-second 8 kHz mono WAV of a quiet tone. */
function toneWav(): Buffer {
  const rate = 8000;
  const samples = Buffer.alloc(rate * 2);
  for (let i = 0; i < rate; i++)
    samples.writeInt16LE(Math.round(3000 * Math.sin((2 * Math.PI * 440 * i) / rate)), i * 2);
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + samples.length, 4);
  header.write('WAVEfmt ', 8);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(rate, 24);
  header.writeUInt32LE(rate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36);
  header.writeUInt32LE(samples.length, 40);
  return Buffer.concat([header, samples]);
}

/** A DataTransfer in the page holding files, as the system's drag from a file manager gives. */
function filesInPage(files: { name: string; type: string; bytes: Buffer }[]): Promise<JSHandle<DataTransfer>> {
  return page.evaluateHandle(
    (list) => {
      const transfer = new DataTransfer();
      for (const file of list) {
        const bytes = Uint8Array.from(atob(file.base64), (c) => c.charCodeAt(0));
        transfer.items.add(new File([bytes], file.name, { type: file.type }));
      }
      return transfer;
    },
    files.map((file) => ({ name: file.name, type: file.type, base64: file.bytes.toString('base64') })),
  );
}

/** Drags `transfer` over a point of the page and drops it there, as the browser's events go. */
async function dropAt(selector: string, transfer: JSHandle<DataTransfer>, x: number, y: number) {
  const target = page.locator(selector).first();
  for (const type of ['dragenter', 'dragover', 'drop']) {
    await target.dispatchEvent(type, { dataTransfer: transfer, clientX: x, clientY: y, bubbles: true });
  }
}

describe('files dropped from the computer', () => {
  it('opens a two-slide project in the builder from My videos', async () => {
    const post = await signUpInPage(page, server, `file-drop-${Date.now()}@example.com`);
    const data: ProjectData = emptyProjectData();
    data.video.frames = [createFrame('one', { duration: 6 }), createFrame('two', { duration: 5 })];
    const saved = await post('/api/members/projects/save', { name: 'Dropped files', data_json: JSON.stringify(data) });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    pid = (saved.body as { id: number }).id;
    // A fresh load, as a member coming back: the page signed up on has the visitor's menu bar.
    await page.goto(`${server.url}/app.html#/wizard/keyword`);
    await page.reload();
    await page.getByTestId('wizard-step').waitFor();
    await page.getByRole('button', { name: 'My videos' }).click();
    await page.getByRole('link', { name: 'Open Dropped files' }).click();
    await page.waitForURL(new RegExp(`pid=${pid}`));
    await page.getByTestId('wizard-step').waitFor();
    await page.evaluate(() => {
      window.location.hash = '#/builder';
    });
    await page.getByTestId('stage-canvas').waitFor();
    // Past the 2 s warm-up, edits are the author's.
    await page.waitForTimeout(2100);
  });

  it('uploads a photo dropped on the stage with its progress, and adds it where it fell', async () => {
    const photo = await generatePhoto({ width: 1600, height: 900, index: 3, grain: true }).encode('png');
    // A slow line, so the progress bar is seen moving (about 3 s for the grainy photo).
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 20,
      downloadThroughput: -1,
      uploadThroughput: Math.ceil(photo.length / 3),
    });
    const stage = (await page.getByTestId('stage').boundingBox())!;
    const at = { x: stage.x + stage.width * 0.3, y: stage.y + stage.height * 0.4 };
    await dropAt(
      '[data-tool]',
      await filesInPage([{ name: 'harbour.png', type: 'image/png', bytes: photo }]),
      at.x,
      at.y,
    );

    const upload = page.getByTestId('stage-upload');
    await upload.waitFor();
    expect(await upload.getAttribute('aria-label')).toBe('Uploading harbour.png');
    const bar = upload.getByRole('progressbar');
    await expect.poll(async () => Number(await bar.getAttribute('aria-valuenow')), WAIT).toBeGreaterThan(10);
    await screenshot(page, 'builder-file-drop-uploading');
    await upload.waitFor({ state: 'detached', timeout: 30_000 });
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });

    await expect.poll(async () => (await savedItems()).length, WAIT).toBe(1);
    const [item] = await savedItems();
    expect(item).toMatchObject({ type: 'image', label: 'harbour' });
    expect((item as { url: string }).url).toMatch(/^\/media\/uploads\//);
    // Centred where it fell: 30 % across, 40 % down (kept on the stage).
    expect(item!.box.left + item!.box.width / 2).toBeCloseTo(0.3, 1);
    expect(item!.box.top + item!.box.height / 2).toBeCloseTo(0.4, 1);
    await page.getByTestId('selection').waitFor();
    await page.waitForTimeout(400);
    await screenshot(page, 'builder-file-drop-added');
  });

  it('starts a sound dropped on the timeline where it fell in time', async () => {
    const rows = (await page.getByTestId('timeline-rows').boundingBox())!;
    const lane = (await page.getByTestId('timeline-ruler').boundingBox())!;
    // 3 s into the 6 s slide, on the rows' lane.
    const x = lane.x + lane.width * 0.5;
    await dropAt(
      '[data-testid="timeline-rows"]',
      await filesInPage([{ name: 'chime.wav', type: 'audio/wav', bytes: toneWav() }]),
      x,
      rows.y + rows.height / 2,
    );
    await expect.poll(async () => (await savedItems()).length, WAIT).toBe(2);
    const sound = (await savedItems()).find((candidate) => candidate.type === 'audio');
    expect(sound).toMatchObject({ type: 'audio', label: 'chime' });
    expect(sound!.timing.start).toBeGreaterThan(2.5);
    expect(sound!.timing.start).toBeLessThan(3.5);
  });

  it('refuses a file that is not media with a message, and adds nothing', async () => {
    const stage = (await page.getByTestId('stage').boundingBox())!;
    const notes = await filesInPage([{ name: 'notes.txt', type: 'text/plain', bytes: Buffer.from('Shopping list') }]);
    await dropAt('[data-tool]', notes, stage.x + stage.width * 0.7, stage.y + stage.height * 0.7);
    await page.getByText('Only pictures, videos and sounds can be dropped here: notes.txt was not added.').waitFor();
    await screenshot(page, 'builder-file-drop-refused');
    expect(await savedItems()).toHaveLength(2);
  });

  it('keeps the editor when a file is dropped beside the stage', async () => {
    const url = page.url();
    const photo = await generatePhoto({ width: 320, height: 180, index: 5 }).encode('png');
    const transfer = await filesInPage([{ name: 'stray.png', type: 'image/png', bytes: photo }]);
    const outcome = await page.evaluate((dataTransfer) => {
      const init = { dataTransfer, bubbles: true, cancelable: true, clientX: 5, clientY: 5 };
      const over = document.body.dispatchEvent(new DragEvent('dragover', init));
      const dropped = document.body.dispatchEvent(new DragEvent('drop', init));
      // dispatchEvent answers false when a listener prevented the browser's default (opening the file).
      return { overPrevented: !over, dropPrevented: !dropped };
    }, transfer);
    expect(outcome).toEqual({ overPrevented: true, dropPrevented: true });
    expect(page.url()).toBe(url);
    expect(await savedItems()).toHaveLength(2);
    expect(pageErrors).toEqual([]);
  });
});
