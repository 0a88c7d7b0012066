import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  BackgroundSchema,
  buildVideo,
  createFrame,
  createTextItem,
  emptyProjectData,
  type Item,
  ItemSchema,
  messages,
  type ProjectData,
} from '@reelwright/core';
import { generatePhoto, type ServerProcess, startServerProcess } from '@reelwright/testkit';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot } from './support/browser';
import { loadProjectInPage, signUpInPage } from './support/member';
import { probe } from './support/video';

/**
 * Rows of spec 002 that worked without a test (issue 32 "Done means"), each shown the way a user
 * meets it: a member's Download asks to publish first, then, once the wizard published the video,
 * 'Edit in the editor' opens the builder and its Download saves the MP4; the inspector header
 * names the selection; the delete prompts keep or delete, one undo each; the control bar's slider
 * moves the playhead 500 ms after the last move and an inspector slider's drag is one undo step;
 * the timeline's zoom stays in its range by keys, slider and wheel; the Play menu plays from the
 * cursor, and the readout counts the whole video while it plays (D97); the audio editor zooms 1 to
 * 200 and plays from its menu; a clip from the library plays its first 5 s; narrow windows get the
 * desktop message; visitors edit without an account.
 */

/** Spec 002 §1, word for word. */
const DESKTOP_MESSAGE =
  'The full video editor app is designed for desktop. Please use a desktop computer to view this page.';
const work = mkdtempSync(path.join(tmpdir(), 'rw-e2e-rows-'));
const WAIT = { timeout: 10_000 };
let server: ServerProcess;
let browser: Browser;
let page: Page;
let pid = 0;
const pageErrors: string[] = [];

beforeAll(async () => {
  server = await startServerProcess();
  browser = await launchBrowser(['--autoplay-policy=no-user-gesture-required']);
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, acceptDownloads: true });
  page = await context.newPage();
  page.on('pageerror', (error) => pageErrors.push(error.message));
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const load = (): Promise<ProjectData> => loadProjectInPage(page, pid);
/** The builder's second slide: the one with an item of every kind. */
const kinds = async (): Promise<Item[]> => (await load()).video.frames[1]?.items ?? [];
const itemIn = async (id: string) => (await kinds()).find((item) => item.id === id);

async function shot(name: string) {
  await page.waitForTimeout(300);
  await screenshot(page, name);
}

/** Uploads a file as the add panel does; answers its `/media/…` url. */
async function upload(file: string, type: string): Promise<string> {
  const answer = await page.evaluate(
    async ({ base64, type, name }) => {
      const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      const form = new FormData();
      form.append('file', new Blob([bytes], { type }), name);
      const res = await fetch('/api/members/uploads', { method: 'POST', body: form });
      return { status: res.status, body: await res.json() };
    },
    { base64: readFileSync(file).toString('base64'), type, name: path.basename(file) },
  );
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return (answer.body as { url: string }).url;
}

/** Makes a file with ffmpeg; answers its path. */
function ffmpeg(args: string[], out: string): string {
  const made = spawnSync('ffmpeg', ['-v', 'error', '-y', ...args, out]);
  expect(made.status, made.stderr?.toString()).toBe(0);
  return out;
}

/** The inspector's header line. */
const header = () =>
  page
    .getByTestId('slide-panel')
    .getByText(/^Movie > Slide/)
    .textContent();

/** Selects an item by its timeline row's name, as a click there does. */
const selectRow = (id: string) => page.locator(`[data-testid="track"][data-item-id="${id}"] button[title]`).click();

/** Opens an inspector section by its title, when closed. */
async function openSection(name: string) {
  const section = page.getByTestId('inspector').getByRole('button', { name, exact: true });
  if ((await section.getAttribute('aria-expanded')) !== 'true') await section.click();
}

const openSlide = (n: number) =>
  page
    .getByTestId('slide-card')
    .nth(n - 1)
    .click();
/** A press on the blank stage corner: clears the selection and takes the focus off any field. */
const pressBlankStage = () => page.getByTestId('stage').click({ position: { x: 3, y: 3 } });

describe('spec 002 rows in the builder', () => {
  it('a member has a wizard video and a builder slide holding an item of every kind', async () => {
    const post = await signUpInPage(page, server, `rows-${Date.now()}@example.com`);
    const photo = path.join(work, 'coast.jpg');
    writeFileSync(photo, await generatePhoto({ width: 960, height: 540, index: 3 }).encode('jpeg', 85));
    const photoUrl = await upload(photo, 'image/jpeg');
    const clipUrl = await upload(
      ffmpeg(
        ['-f', 'lavfi', '-i', 'testsrc2=size=640x360:rate=25', '-t', '12', '-c:v', 'libx264', '-pix_fmt', 'yuv420p'],
        path.join(work, 'waves.mp4'),
      ),
      'video/mp4',
    );
    const toneUrl = await upload(
      ffmpeg(
        ['-f', 'lavfi', '-i', 'sine=frequency=440:duration=3', '-c:a', 'libmp3lame', '-b:a', '64k'],
        path.join(work, 'tone.mp3'),
      ),
      'audio/mpeg',
    );

    const data = emptyProjectData();
    data.wizard.keyword = 'harbours';
    data.wizard.slides = [{ id: 'slide-1', texts: [{ id: 't1', text: 'Harbours shelter boats' }] }] as never;
    // The member went through the wizard's steps before: its publish step opens by its address.
    data.wizard.maxIndex = 4;
    data.video = { ...data.video, ...buildVideo(data.wizard) };
    const whole = { start: 0, stop: 4 };
    const at = (left: number, top: number, width = 0.3, height = 0.3) => ({ left, top, width, height });
    // A slide the builder added: a text whose speech says older words, and one item of each other kind.
    const items: Item[] = [
      createTextItem('words', 'Waves roll into the harbour at dawn', {
        timing: whole,
        box: { ...at(0.05, 0.05, 0.9, 0.25), rotate: 0, opacity: 1 },
      }),
      ItemSchema.parse({
        id: 'speech',
        type: 'audio',
        url: toneUrl,
        source: 'tts',
        duration: 3,
        ttsText: 'Waves roll in',
        timing: { start: 0, stop: 3 },
        box: at(0, 0, 1, 1),
      }),
      ItemSchema.parse({ id: 'photo', type: 'image', url: photoUrl, timing: whole, box: at(0.05, 0.4) }),
      ItemSchema.parse({
        id: 'clip',
        type: 'video',
        url: clipUrl,
        startTime: 0,
        stopTime: 4,
        timing: whole,
        box: at(0.37, 0.4),
      }),
      ItemSchema.parse({
        id: 'gallery',
        type: 'gallery',
        images: [{ url: photoUrl }, { url: photoUrl }],
        timing: whole,
        box: at(0.69, 0.4, 0.26, 0.26),
      }),
      ItemSchema.parse({
        id: 'panel',
        type: 'slide',
        background: BackgroundSchema.parse({ type: 'color', color: '#f1f3f5' }),
        timing: whole,
        box: at(0.3, 0.75, 0.4, 0.2),
      }),
    ];
    data.video.frames.push(createFrame('builder-slide', { duration: 4, items }));
    const saved = await post('/api/members/projects/save', {
      name: 'Harbours',
      title: 'Harbours',
      data_json: JSON.stringify(data),
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    pid = (saved.body as { id: number }).id;
  });

  it('Download on a video never published asks whether to publish it now (spec 000 §4)', async () => {
    await page.goto(`${server.url}/app.html?pid=${pid}#/builder`);
    await page.getByTestId('stage-canvas').waitFor();
    await page.getByTestId('builder-toolbar').getByRole('button', { name: 'Download' }).click();
    const ask = page.getByRole('dialog', { name: 'Download' });
    await ask.getByText(messages.notPublishedYet).waitFor();
    await shot('rows-download-not-published');
    // 'Yes, publish it' opens the Publish popup set for the download: free members see the warning first.
    await ask.getByRole('button', { name: 'Yes, publish it' }).click();
    const publish = page.getByRole('dialog', { name: messages.publishTitle });
    await publish.getByTestId('free-warning').waitFor();
    await page.keyboard.press('Escape');
    await publish.waitFor({ state: 'detached' });
    expect(await page.getByRole('dialog').count()).toBe(0);
  });

  it("the wizard publishes it, and 'Edit in the editor' opens the builder", { timeout: 480_000 }, async () => {
    await page.goto(`${server.url}/app.html?pid=${pid}#/wizard/publish`);
    // The render is slow on a busy machine.
    await page
      .getByTestId('publish-done')
      .waitFor({ timeout: 420_000 })
      .catch(async (error) => {
        await shot('rows-publish-failed');
        throw error;
      });
    await page.getByTestId('publish-edit-in-editor').click();
    await page.getByTestId('stage-canvas').waitFor();
    await expect.poll(() => page.getByTestId('slide-card').count()).toBe(2);
    expect(await page.getByText('Something went wrong on this page').count()).toBe(0);
    expect(pageErrors).toEqual([]);
  });

  it('Download saves the published MP4', { timeout: 60_000 }, async () => {
    const download = page.waitForEvent('download', { timeout: 30_000 });
    await page.getByTestId('builder-toolbar').getByRole('button', { name: 'Download' }).click();
    const done = await download.catch(async (error) => {
      await shot('rows-download-failed');
      throw error;
    });
    expect(done.suggestedFilename()).toBe('harbours.mp4');
    const file = path.join(work, 'download.mp4');
    await done.saveAs(file);
    const info = probe(file);
    expect(info.streams.find((stream) => stream.codec_type === 'video')?.codec_name).toBe('h264');
    const movie = (await load()).video.frames.reduce((sum, frame) => sum + frame.duration, 0);
    expect(Number(info.format.duration)).toBeCloseTo(movie, 0);
    // The builder stays where it was.
    await page.getByTestId('stage-canvas').waitFor();
  });

  it('the inspector header reads Movie > Slide > item type for each kind', async () => {
    await openSlide(2);
    await pressBlankStage();
    expect(await header()).toBe('Movie > Slide');
    const names: Record<string, string> = {
      words: 'Text',
      speech: 'Audio',
      photo: 'Image',
      clip: 'Video',
      gallery: 'Gallery',
      panel: 'Panel',
    };
    for (const [id, name] of Object.entries(names)) {
      await selectRow(id);
      await expect.poll(header).toBe(`Movie > Slide > ${name}`);
      if (id === 'gallery') await shot('rows-inspector-header');
    }
    // Several items: the slide, no one type.
    await pressBlankStage();
    await page.keyboard.press('Control+a');
    await expect.poll(() => page.getByTestId('slide-panel').getByText('6 items').count()).toBe(1);
    expect(await header()).toBe('Movie > Slide');
    await pressBlankStage();
  });

  it("an inspector slider's drag is one undo step", async () => {
    await selectRow('speech');
    await openSection('Audio');
    const slider = page.getByTestId('audio-volume');
    const box = (await slider.boundingBox())!;
    const y = box.y + box.height / 2;
    await page.mouse.move(box.x + box.width - 2, y);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * 0.4, y, { steps: 12 });
    await page.mouse.up();
    const volume = async () => ((await itemIn('speech')) as { volume: number }).volume;
    await expect.poll(volume, WAIT).toBeCloseTo(0.4, 3);
    await pressBlankStage();
    await page.keyboard.press('Control+z');
    await expect.poll(volume, WAIT).toBe(1);
    await page.keyboard.press('Control+y');
    await expect.poll(volume, WAIT).toBeCloseTo(0.4, 3);
  });

  it('the delete prompts: Keep keeps, Delete deletes, one undo brings it back', async () => {
    await selectRow('panel');
    await page.getByTestId('item-cog').click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    const ask = page.getByRole('dialog', { name: 'Delete this panel?' });
    await ask.getByText('The item is removed from the slide. Undo brings it back.').waitFor();
    await shot('rows-delete-item-prompt');
    await ask.getByRole('button', { name: 'Keep' }).click();
    await ask.waitFor({ state: 'detached' });
    expect((await kinds()).some((item) => item.id === 'panel')).toBe(true);
    expect(await page.locator('[data-testid="track"][data-item-id="panel"]').count()).toBe(1);

    await page.getByTestId('item-cog').click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await ask.getByRole('button', { name: 'Delete' }).click();
    await expect.poll(async () => (await kinds()).some((item) => item.id === 'panel'), WAIT).toBe(false);
    await page.keyboard.press('Control+z');
    await expect.poll(async () => (await kinds()).some((item) => item.id === 'panel'), WAIT).toBe(true);

    // A slide: its cog's Delete asks in the slide's own words.
    await page.getByRole('button', { name: 'Slide 1 settings' }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    const askSlide = page.getByRole('dialog', { name: 'Delete slide 1?' });
    await askSlide.getByText('The slide and everything on it are removed. Undo brings it back.').waitFor();
    await shot('rows-delete-slide-prompt');
    await askSlide.getByRole('button', { name: 'Keep' }).click();
    await askSlide.waitFor({ state: 'detached' });
    expect(await page.getByTestId('slide-card').count()).toBe(2);
    await page.getByRole('button', { name: 'Slide 1 settings' }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await askSlide.getByRole('button', { name: 'Delete' }).click();
    await expect.poll(async () => (await load()).video.frames.length, WAIT).toBe(1);
    await page.keyboard.press('Control+z');
    await expect.poll(async () => (await load()).video.frames.length, WAIT).toBe(2);
    await expect.poll(() => page.getByTestId('slide-card').count()).toBe(2);
  });

  it("the control bar's slider moves the playhead 500 ms after its last move (spec 002 §2)", async () => {
    await openSlide(2);
    await pressBlankStage();
    const slider = page.getByTestId('player-controls').locator('.mantine-Slider-root');
    const box = (await slider.boundingBox())!;
    const y = box.y + box.height / 2;
    // Sampled in the page: the timeline's playhead line, the readout and each move of the mouse.
    const sampled = page.evaluate(async () => {
      const moves: number[] = [];
      const ups: number[] = [];
      const onMove = () => moves.push(performance.now());
      const onUp = () => ups.push(performance.now());
      document.addEventListener('mousemove', onMove, true);
      document.addEventListener('mouseup', onUp, true);
      const samples: { t: number; line: number; readout: string }[] = [];
      const start = performance.now();
      while (performance.now() - start < 6000 && ups.length === 0) {
        const line = document.querySelector<HTMLElement>('[data-testid="timeline-playhead"]');
        samples.push({
          t: performance.now(),
          line: Number.parseFloat(line?.style.left ?? 'NaN'),
          readout: document.querySelector('[data-testid="player-readout"]')?.textContent ?? '',
        });
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      document.removeEventListener('mousemove', onMove, true);
      document.removeEventListener('mouseup', onUp, true);
      return { moves, samples };
    });
    await page.mouse.move(box.x + 2, y);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * 0.75, y, { steps: 10 });
    await page.waitForTimeout(1500);
    await page.mouse.up();
    const { moves, samples } = await sampled;
    const before = samples[0]!;
    const lastMove = moves[moves.length - 1]!;
    const moved = samples.filter((sample) => Math.abs(sample.line - before.line) > 1);
    const described = samples.map((s) => `${Math.round(s.t - before.t)}:${s.line.toFixed(0)}:${s.readout}`).join(' ');
    // The readout follows the slider at once…
    expect(
      samples.some((s) => s.t < lastMove + 200 && s.readout.startsWith('0:00:03')),
      described,
    ).toBe(true);
    // …the playhead only once the slider has rested 500 ms, while the button is still held.
    expect(moved.length, described).toBeGreaterThan(0);
    expect(moved[0]!.t - lastMove, described).toBeGreaterThanOrEqual(450);
    expect(moved[0]!.t - lastMove, described).toBeLessThan(1400);
    expect(await page.getByTestId('player-readout').textContent()).toBe('0:00:03 / 0:00:04');
  });

  it('the timeline zoom stays between the whole slide and 0.1 s over 100 px, by keys and slider', async () => {
    const zoom = page.locator('[aria-label="Timeline zoom"]').getByRole('slider');
    const value = async () => Number(await zoom.getAttribute('aria-valuenow'));
    /** The px between two neighbouring tick labels, the seconds between them, and the first and last labels. */
    const tickSpacing = () =>
      page.getByTestId('timeline-ruler').evaluate((ruler) => {
        const ticks = Array.from(ruler.querySelectorAll<HTMLElement>('span'));
        const [a, b] = ticks;
        return {
          px: Number.parseFloat(b!.style.left) - Number.parseFloat(a!.style.left),
          seconds: Number.parseFloat(b!.textContent!) - Number.parseFloat(a!.textContent!),
          first: Number.parseFloat(a!.textContent!),
          last: Number.parseFloat(ticks[ticks.length - 1]!.textContent!),
        };
      });
    await pressBlankStage();
    expect(await value()).toBeCloseTo(1, 6);
    // Out from the whole slide: nothing further.
    for (let n = 0; n < 3; n++) await page.keyboard.press('-');
    expect(await value()).toBeCloseTo(1, 6);
    expect(await tickSpacing()).toMatchObject({ first: 0, last: 4 });
    // In, as far as it goes: a tenth of a second over 100 px.
    for (let n = 0; n < 20; n++) await page.keyboard.press('=');
    const most = await value();
    expect(most).toBeGreaterThan(1);
    const spacing = await tickSpacing();
    expect(spacing.px / spacing.seconds).toBeCloseTo(1000, 0);
    await page.keyboard.press('=');
    expect(await value()).toBeCloseTo(most, 6);
    await shot('rows-timeline-zoom-most');
    // The slider's ends are the same limits.
    await zoom.focus();
    await page.keyboard.press('Home');
    await expect.poll(value).toBeCloseTo(1, 6);
    await page.keyboard.press('End');
    await expect.poll(value).toBeCloseTo(most, 6);
    await pressBlankStage();
    await page.keyboard.press('\\');
    await expect.poll(value).toBeCloseTo(1, 6);
  });

  it("the Play menu's 'Play from cursor' plays the whole video from the playhead, counted in the whole video (D97)", async () => {
    const frames = (await load()).video.frames;
    const before = frames[0]!.duration;
    const total = before + frames[1]!.duration;
    const clock = (seconds: number) => `0:00:${String(Math.floor(seconds)).padStart(2, '0')}`;
    await page.getByRole('button', { name: 'Whole video' }).click();
    // The playhead at 1.2 s of the open slide, by a click on the control bar's slider.
    const slider = (await page.getByTestId('player-controls').locator('.mantine-Slider-root').boundingBox())!;
    await page.mouse.click(slider.x + slider.width * 0.3, slider.y + slider.height / 2);
    const readout = page.getByTestId('player-readout');
    await expect.poll(() => readout.textContent()).toBe(`0:00:01 / ${clock(frames[1]!.duration)}`);
    expect(await readout.getAttribute('data-scope')).toBe('slide');

    await page.getByRole('button', { name: 'Play menu' }).click();
    await page.getByRole('menuitem', { name: 'Play from cursor' }).click();
    await expect.poll(() => readout.getAttribute('data-scope')).toBe('video');
    const [now, length] = (await readout.textContent())!.split(' / ');
    expect(length).toBe(clock(total));
    const seconds = Number(now!.split(':')[2]);
    expect(seconds).toBeGreaterThanOrEqual(Math.floor(before + 1));
    expect(seconds).toBeLessThanOrEqual(Math.ceil(total));
    expect(await readout.getAttribute('title')).toBe('Time in the whole video');
    await shot('rows-readout-whole-video');
    // Paused (here, at the end), it is the slide's time again.
    await expect.poll(() => page.getByTestId('play-pause').getAttribute('aria-label'), WAIT).toBe('Play');
    await expect.poll(() => readout.getAttribute('data-scope')).toBe('slide');
    expect(await readout.textContent()).toBe(`${clock(frames[1]!.duration)} / ${clock(frames[1]!.duration)}`);
  });

  it('a clip from the library plays its first 5 s: the static video slide default', async () => {
    await page.getByTestId('add-rail-video').click();
    await page.getByTestId('add-drawer').waitFor();
    const count = (await kinds()).length;
    const result = page.getByTestId('add-drawer').getByTestId('add-result').first();
    await result.waitFor(WAIT);
    await result.click();
    await expect.poll(async () => (await kinds()).length, WAIT).toBe(count + 1);
    const clip = (await kinds())[0]!;
    expect(clip).toMatchObject({ type: 'video', startTime: 0, stopTime: 5 });
    await page.getByTestId('add-rail-video').click();
    await openSection('Video');
    await page.getByTestId('video-trim-open').click();
    const dialog = page.getByTestId('trim-video-dialog');
    await dialog.waitFor();
    expect(await page.getByTestId('trim-duration').textContent()).toBe('Duration: 5.0 s');
    await shot('rows-static-video-trim');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await pressBlankStage();
    await page.keyboard.press('Control+z');
    await expect.poll(async () => (await kinds()).length, WAIT).toBe(count);
  });

  it("the audio editor zooms from 1 to 200 and plays from its Play menu's choices", { timeout: 60_000 }, async () => {
    await page.getByTestId('slide-panel').getByRole('button', { name: 'Edit audio speech' }).click();
    const editor = page.getByRole('dialog', { name: 'Edit audio' });
    const playSelected = editor.getByRole('button', { name: 'Play selected' });
    await expect.poll(() => playSelected.isEnabled(), { timeout: 15_000 }).toBe(true);
    const zoom = editor.locator('[aria-label="Zoom"]').getByRole('slider');
    expect(await zoom.getAttribute('aria-valuemin')).toBe('1');
    expect(await zoom.getAttribute('aria-valuemax')).toBe('200');
    /** The waveform's scrolled length, px. */
    const waveWidth = () =>
      editor.getByTestId('waveform').evaluate((element) => {
        const scroll = element.firstElementChild?.shadowRoot?.querySelector<HTMLElement>('.scroll');
        return scroll?.scrollWidth ?? 0;
      });
    const fitted = await waveWidth();
    await zoom.focus();
    await page.keyboard.press('End');
    expect(await zoom.getAttribute('aria-valuenow')).toBe('200');
    // 200 px a second over the 3 s tone: 600 px of waveform, which scrolls.
    await expect.poll(waveWidth).toBeGreaterThanOrEqual(590);
    await page.keyboard.press('ArrowRight');
    expect(await zoom.getAttribute('aria-valuenow')).toBe('200');
    await shot('rows-audio-editor-zoom');
    await page.keyboard.press('Home');
    expect(await zoom.getAttribute('aria-valuenow')).toBe('1');
    await expect.poll(waveWidth).toBeLessThanOrEqual(fitted + 1);

    /** Where the waveform's cursor stands, as a share of the tone. */
    const cursor = () =>
      editor.getByTestId('waveform').evaluate((element) => {
        const progress = element.firstElementChild?.shadowRoot?.querySelector<HTMLElement>('.progress');
        return progress ? Number.parseFloat(progress.style.width || '0') / 100 : -1;
      });
    const stop = editor.getByRole('button', { name: 'Stop' });
    await editor.getByRole('button', { name: 'Play', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Play from start' }).click();
    await expect.poll(() => stop.isEnabled()).toBe(true);
    await expect.poll(cursor).toBeGreaterThan(0.05);
    expect(await cursor()).toBeLessThan(0.8);
    await stop.click();
    await expect.poll(() => stop.isEnabled()).toBe(false);

    // A click on the waveform puts the cursor at 70 %; 'Play from cursor' goes on from there.
    const wave = (await editor.getByTestId('waveform').boundingBox())!;
    await page.mouse.click(wave.x + wave.width * 0.7, wave.y + 30);
    await expect.poll(cursor).toBeGreaterThan(0.6);
    await editor.getByRole('button', { name: 'Play', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Play from cursor' }).click();
    await expect.poll(() => stop.isEnabled()).toBe(true);
    const from = await cursor();
    expect(from).toBeGreaterThan(0.6);
    await expect.poll(cursor).toBeGreaterThan(from + 0.02);
    await shot('rows-audio-editor-playing');
    await page.keyboard.press('Escape');
    await editor.waitFor({ state: 'detached' });
  });

  it('below 1024 px wide the builder shows only the desktop message (spec 002 §1)', async () => {
    await page.setViewportSize({ width: 1023, height: 800 });
    await page.getByText(DESKTOP_MESSAGE, { exact: true }).waitFor();
    expect(await page.getByTestId('builder').count()).toBe(0);
    await shot('rows-desktop-message');
    await page.setViewportSize({ width: 1024, height: 800 });
    await page.getByTestId('stage-canvas').waitFor();
    expect(await page.getByText(DESKTOP_MESSAGE).count()).toBe(0);
    await page.setViewportSize({ width: 1440, height: 900 });
    expect(pageErrors).toEqual([]);
  });

  it('a visitor edits in the builder without an account; Download and Publish ask to log in', async () => {
    const visitor = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
    await visitor.goto(`${server.url}/app.html#/builder`);
    await visitor.getByTestId('stage-canvas').waitFor();
    await expect.poll(() => visitor.getByTestId('slide-card').count()).toBe(1);
    await visitor.getByTestId('builder-toolbar').getByRole('button', { name: 'Add text' }).click();
    await expect.poll(() => visitor.getByTestId('track').count()).toBe(1);
    expect(
      await visitor
        .getByTestId('slide-panel')
        .getByText(/^Movie > Slide/)
        .textContent(),
    ).toBe('Movie > Slide > Text');
    await visitor.getByRole('button', { name: 'Add slide' }).click();
    await expect.poll(() => visitor.getByTestId('slide-card').count()).toBe(2);
    await visitor.getByTestId('stage').click({ position: { x: 3, y: 3 } });
    await visitor.keyboard.press('Control+z');
    await expect.poll(() => visitor.getByTestId('slide-card').count()).toBe(1);
    await screenshot(visitor, 'rows-visitor-editing');

    await visitor.getByTestId('builder-toolbar').getByRole('button', { name: 'Download' }).click();
    await visitor.getByRole('dialog').getByText('Log in to download your video').waitFor();
    await screenshot(visitor, 'rows-visitor-download');
    await visitor.keyboard.press('Escape');
    await visitor.getByTestId('builder-toolbar').getByRole('button', { name: 'Publish' }).click();
    await visitor.getByRole('dialog').getByText('Log in to publish your video').waitFor();
    await visitor.close();
  });
});
