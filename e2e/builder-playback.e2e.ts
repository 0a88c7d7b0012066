import { buildVideo, emptyProjectData } from '@reelwright/core';
import { type ServerProcess, startServerProcess } from '@reelwright/testkit';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot } from './support/browser';
import { signUpInPage } from './support/member';

/**
 * Playback you can follow (issue 32, D90): a member opens a saved three-slide project from 'My
 * videos', goes into the builder, plays the whole video and watches the timeline's playhead move
 * and the slide bar follow from slide to slide; Space pauses, period and comma step one frame,
 * L plays and K stops, and a zoomed timeline keeps the playhead in view.
 */

/** The slides' lengths: playback crosses into slide 2 after 4 s; the last is long, to pause in. */
const DURATIONS = [4, 4, 40];

let server: ServerProcess;
let browser: Browser;
let page: Page;
let pid = 0;
const pageErrors: string[] = [];

beforeAll(async () => {
  server = await startServerProcess();
  browser = await launchBrowser(['--autoplay-policy=no-user-gesture-required']);
  page = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
  page.on('pageerror', (error) => pageErrors.push(error.message));
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** The timeline playhead's x in its lane, px. */
const playheadX = async () =>
  page.getByTestId('timeline-playhead').evaluate((line) => Number.parseFloat((line as HTMLElement).style.left));

/** What the Play/Pause button offers now. */
const playButton = () => page.getByTestId('play-pause').getAttribute('aria-label');

/** The id of the slide the slide bar shows open. */
const openSlide = () => page.locator('[data-testid="slide-card"][data-current]').getAttribute('data-slide-id');

describe('playback in the builder', () => {
  it('a member with a saved three-slide project opens it from My videos', async () => {
    const post = await signUpInPage(page, server, `playback-${Date.now()}@example.com`);
    const data = emptyProjectData();
    data.wizard.keyword = 'lighthouses';
    data.wizard.slides = [
      { id: 'slide-1', texts: [{ id: 't1', text: 'Lighthouses guide ships home' }] },
      { id: 'slide-2', texts: [{ id: 't2', text: 'Their lamps turn all night' }] },
      { id: 'slide-3', texts: [{ id: 't3', text: 'Keepers once lived inside' }] },
    ] as never;
    data.video = { ...data.video, ...buildVideo(data.wizard) };
    data.video.frames.forEach((frame, index) => {
      frame.duration = DURATIONS[index]!;
      for (const item of frame.items) item.timing = { start: 0, stop: frame.duration };
    });
    const saved = await post('/api/members/projects/save', {
      name: 'Lighthouses',
      title: 'Lighthouses',
      data_json: JSON.stringify(data),
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    pid = (saved.body as { id: number }).id;

    // A fresh load, as the member's next visit: the page then knows they are signed in.
    await page.goto(`${server.url}/app.html#/wizard/keyword`);
    await page.reload();
    await page.getByRole('button', { name: 'My videos' }).click();
    await page.getByRole('link', { name: 'Open Lighthouses' }).click();
    await page.waitForURL(new RegExp(`pid=${pid}`));
    await page.getByTestId('wizard-step').waitFor();
    // Into the builder as the app's links go: the hash changes, the page stays.
    await page.evaluate(() => {
      window.location.hash = '#/builder';
    });
    await page.getByTestId('stage-canvas').waitFor();
    await expect.poll(() => page.getByTestId('slide-card').count()).toBe(3);
    expect(await page.getByRole('button', { name: 'Play', exact: true }).isEnabled()).toBe(true);
  });

  it('plays the whole video: the playhead moves and the slide bar follows into the next slide', async () => {
    const firstSlide = await openSlide();
    await page.getByRole('button', { name: 'Whole video' }).click();
    expect(await page.getByRole('button', { name: 'Whole video' }).getAttribute('aria-pressed')).toBe('true');
    // 'Play from start' of the Play menu (spec 002's words): the whole video from its first slide.
    await page.getByRole('button', { name: 'Play menu' }).click();
    await page.getByRole('menuitem', { name: 'Play from start' }).click();
    await expect.poll(playButton).toBe('Pause');

    // Sampled in the page every 100 ms (a round trip from the test takes longer on a busy machine).
    const samples = await page.evaluate(async () => {
      const taken: { x: number; slide: string | null }[] = [];
      for (let i = 0; i < 60; i++) {
        const line = document.querySelector<HTMLElement>('[data-testid="timeline-playhead"]');
        const open = document.querySelector('[data-testid="slide-card"][data-current]');
        taken.push({
          x: Number.parseFloat(line?.style.left ?? 'NaN'),
          slide: open?.getAttribute('data-slide-id') ?? null,
        });
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      return taken;
    });
    await screenshot(page, 'builder-playback-playing');
    const described = samples.map((sample) => `${sample.slide}@${sample.x.toFixed(0)}`).join(', ');
    expect(samples[0]!.slide, described).toBe(firstSlide);
    // On the first slide the playhead moves forward, sample after sample.
    const onFirst = samples.filter((sample) => sample.slide === firstSlide);
    expect(onFirst.length, described).toBeGreaterThan(5);
    for (let i = 1; i < onFirst.length; i++) expect(onFirst[i]!.x, described).toBeGreaterThan(onFirst[i - 1]!.x);
    // Playback crosses into slide 2: the slide bar opens it, and its playhead starts again near 0 and moves.
    const secondSlide = await page.locator('[data-testid="slide-card"]').nth(1).getAttribute('data-slide-id');
    const onSecond = samples.filter((sample) => sample.slide === secondSlide);
    expect(onSecond.length, described).toBeGreaterThan(2);
    expect(onSecond[0]!.x, described).toBeLessThan(onFirst[onFirst.length - 1]!.x);
    expect(onSecond[onSecond.length - 1]!.x, described).toBeGreaterThan(onSecond[0]!.x);
    await screenshot(page, 'builder-playback-next-slide');
  });

  it('Space pauses (the Play button just clicked is not pressed again), period and comma step a frame', async () => {
    expect(await playButton()).toBe('Pause');
    await page.keyboard.press('Space');
    await expect.poll(playButton).toBe('Play');
    const paused = await playheadX();
    await page.waitForTimeout(400);
    expect(await playheadX()).toBe(paused);

    await page.keyboard.press('Period');
    const forward = await playheadX();
    expect(forward).toBeGreaterThan(paused);
    await page.keyboard.press('Period');
    const twice = await playheadX();
    // One whole frame: a 30th of a second of the lane, which fits the open slide.
    const ruler = (await page.getByTestId('timeline-ruler').boundingBox())!;
    const open = await openSlide();
    const index = await page
      .getByTestId('slide-card')
      .evaluateAll((cards, id) => cards.findIndex((card) => card.getAttribute('data-slide-id') === id), open);
    const frame = (ruler.width - 12) / DURATIONS[index]! / 30;
    expect(twice - forward).toBeGreaterThan(frame * 0.7);
    expect(twice - forward).toBeLessThan(frame * 1.3);
    await page.keyboard.press('Comma');
    expect(await playheadX()).toBeCloseTo(forward, 0);
    await page.keyboard.press('Comma');
    expect(await playheadX()).toBeLessThanOrEqual(paused + 0.5);
    await screenshot(page, 'builder-playback-paused');
  });

  it('L plays forward, K stops, and Space plays from a slide card just clicked', async () => {
    const before = await playheadX();
    await page.keyboard.press('l');
    await page.waitForTimeout(300);
    await page.keyboard.press('k');
    const stopped = await playheadX();
    expect(stopped).toBeGreaterThan(before);
    await page.waitForTimeout(300);
    expect(await playheadX()).toBe(stopped);

    // A click on slide 3 opens it; Space then plays (it does not pick the slide up to move it).
    await page
      .locator('[data-testid="slide-card"]')
      .nth(2)
      .getByRole('button', { name: 'Slide 3', exact: true })
      .click();
    const third = await page.locator('[data-testid="slide-card"]').nth(2).getAttribute('data-slide-id');
    await expect.poll(openSlide).toBe(third);
    await page.keyboard.press('Space');
    await expect.poll(playButton).toBe('Pause');
    await page.waitForTimeout(300);
    await page.keyboard.press('Space');
    await expect.poll(playButton).toBe('Play');
    expect(await playheadX()).toBeGreaterThan(0);
    // The slides kept their order.
    expect(await page.locator('[data-testid="slide-card"]').nth(2).getAttribute('data-slide-id')).toBe(third);
  });

  it('a zoomed timeline turns its page to keep the playing playhead in view', async () => {
    await page.getByRole('button', { name: 'This slide' }).click();
    await page.getByRole('button', { name: 'Play menu' }).click();
    await page.getByRole('menuitem', { name: 'Play from start' }).click();
    await expect.poll(playButton).toBe('Pause');
    await page.keyboard.press('Space');
    await expect.poll(playButton).toBe('Play');
    await page.getByTestId('timeline').getByRole('slider').focus();
    await page.keyboard.press('End');
    const lane = (await page.getByTestId('timeline-ruler').boundingBox())!;
    // Space in the zoom slider plays too: a slider has no use for it.
    await page.keyboard.press('Space');
    await expect.poll(playButton).toBe('Pause');
    const samples = await page.evaluate(async () => {
      const taken: { x: number; firstTick: string }[] = [];
      for (let i = 0; i < 50; i++) {
        const line = document.querySelector<HTMLElement>('[data-testid="timeline-playhead"]');
        const tick = document.querySelector('[data-testid="timeline-ruler"] span');
        taken.push({ x: Number.parseFloat(line?.style.left ?? 'NaN'), firstTick: tick?.textContent ?? '' });
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      return taken;
    });
    await screenshot(page, 'builder-playback-zoomed');
    const described = samples.map((sample) => `${sample.firstTick}@${sample.x.toFixed(0)}`).join(', ');
    for (const { x } of samples) {
      expect(x, described).toBeGreaterThanOrEqual(-1);
      expect(x, described).toBeLessThanOrEqual(lane.width + 1);
    }
    const firstTicks = samples.map((sample) => sample.firstTick);
    // The page turned at least once: the ruler's first label changed.
    expect(new Set(firstTicks).size, firstTicks.join(', ')).toBeGreaterThan(1);
    await page.keyboard.press('Space');
    expect(pageErrors).toEqual([]);
  });
});
