import { buildVideo, emptyProjectData } from '@reelwright/core';
import { type ServerProcess, startServerProcess } from '@reelwright/testkit';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot } from './support/browser';
import { signUpInPage } from './support/member';

/**
 * Entering the builder the way people do: inside the app, after another page of it was loaded
 * with the project's `?pid=` (issue 32: every such entry crashed on React's "maximum update
 * depth", while a full page load of `#/builder`, what the other suites do, worked). Each entry
 * must show the project's slides on the stage, with no error panel and no page error.
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

/** Moves to another route of the app as its links do: the hash changes, the page stays. */
const followLinkTo = (route: string) =>
  page.evaluate((hash) => {
    window.location.hash = hash;
  }, route);

async function expectBuilderShowsProject() {
  await page.getByTestId('stage-canvas').waitFor();
  await expect.poll(() => page.getByTestId('slide-card').count()).toBe(2);
  expect(await page.getByText('Something went wrong on this page').count()).toBe(0);
  expect(pageErrors).toEqual([]);
}

describe('entering the builder from inside the app', () => {
  it('a member with a saved two-slide project', async () => {
    const post = await signUpInPage(page, server, `entry-${Date.now()}@example.com`);
    const data = emptyProjectData();
    data.wizard.keyword = 'lighthouses';
    data.wizard.slides = [
      { id: 'slide-1', texts: [{ id: 't1', text: 'Lighthouses guide ships home' }] },
      { id: 'slide-2', texts: [{ id: 't2', text: 'Their lamps turn all night' }] },
    ] as never;
    data.video = { ...data.video, ...buildVideo(data.wizard) };
    const saved = await post('/api/members/projects/save', {
      name: 'Lighthouses',
      title: 'Lighthouses',
      data_json: JSON.stringify(data),
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    pid = (saved.body as { id: number }).id;
  });

  for (const step of ['keyword', 'content', 'slides', 'customize']) {
    it(`from the wizard's ${step} step`, async () => {
      await page.goto(`${server.url}/app.html?pid=${pid}#/wizard/${step}`);
      await page.getByTestId('wizard-step').waitFor();
      await followLinkTo('#/builder');
      await expectBuilderShowsProject();
      if (step === 'slides') await screenshot(page, 'builder-entered-from-wizard');
    });
  }

  it("from 'My videos' → Open, then into the builder", async () => {
    await page.goto(`${server.url}/app.html#/wizard/keyword`);
    await page.getByRole('button', { name: 'My videos' }).click();
    await page.getByRole('link', { name: 'Open Lighthouses' }).click();
    await page.waitForURL(new RegExp(`pid=${pid}`));
    await page.getByTestId('wizard-step').waitFor();
    await followLinkTo('#/builder');
    await expectBuilderShowsProject();
  });

  it('back to the wizard and into the builder again', async () => {
    await page.goBack();
    await page.getByTestId('wizard-step').waitFor();
    await page.goForward();
    await expectBuilderShowsProject();
  });

  it('shows the frame and handles on the first click of an item after the builder loads', async () => {
    await page.goto(`${server.url}/app.html?pid=${pid}#/builder`);
    await page.getByTestId('stage-canvas').waitFor();
    // The title sits in the middle of the stage; react-moveable's chunk loads with this first selection.
    const stage = (await page.getByTestId('stage').boundingBox())!;
    await page.mouse.click(stage.x + stage.width / 2, stage.y + stage.height / 2);
    await page.getByTestId('selection').waitFor();
    await page.locator('.moveable-control.moveable-se').waitFor({ state: 'visible', timeout: 5_000 });
    await screenshot(page, 'builder-first-click');
  });
});
