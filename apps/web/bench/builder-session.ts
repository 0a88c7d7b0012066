/**
 * The builder as the browser benchmarks open it: a server on loopback serving a built web app, a
 * member signed up in Chromium, and one 1920 × 1080 slide (a full-stage photo under a text item)
 * open in the builder with the text item selected.
 */
import { BackgroundSchema, createFrame, createTextItem, emptyProjectData, ImageItemSchema } from '@reelwright/core';
import { generatePhoto, type ServerProcess, startServerProcess } from '@reelwright/testkit';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from '../../../e2e/support/browser';
import { signUpInPage } from '../../../e2e/support/member';

export const VIEWPORT = { width: 1440, height: 900 };
export const MOVIE = { width: 1920, height: 1080 };
export const TEXT_BOX = { left: 0.3, top: 0.4, width: 0.4, height: 0.2, rotate: 0, opacity: 1 };

export type Session = { server: ServerProcess; browser: Browser; page: Page; close(): Promise<void> };

/**
 * Opens the builder on the bench slide (a full-stage photo under a text item) with the text item
 * selected, past the builder's warm-up. `initScripts` run in the page before the app (the stage
 * profile's render counter).
 */
export async function openBuilder(options: { webDist?: string; initScripts?: (() => void)[] } = {}): Promise<Session> {
  const server = await startServerProcess(options.webDist ? { WEB_DIST: options.webDist } : {});
  const browser = await launchBrowser();
  const context = await browser.newContext({ viewport: VIEWPORT });
  // tsx names functions with a `__name` helper, which the functions sent to the page call.
  await context.addInitScript('globalThis.__name = (fn) => fn;');
  for (const script of options.initScripts ?? []) await context.addInitScript(script);
  const page = await context.newPage();
  const close = async () => {
    await browser.close();
    await server.stop();
  };
  try {
    const post = await signUpInPage(page, server, `stage-bench-${Date.now()}@example.com`);
    const jpeg = await generatePhoto({ ...MOVIE, index: 5, grain: true }).encode('jpeg', 90);
    const uploaded = await page.evaluate(async (base64) => {
      const form = new FormData();
      const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      form.append('file', new Blob([bytes], { type: 'image/jpeg' }), 'landscape.jpg');
      const res = await fetch('/api/members/uploads', { method: 'POST', body: form });
      return { status: res.status, body: await res.json() };
    }, jpeg.toString('base64'));
    if (uploaded.status !== 200)
      throw new Error(`upload answered ${uploaded.status}: ${JSON.stringify(uploaded.body)}`);

    const data = emptyProjectData();
    data.video.size = MOVIE;
    data.video.frames = [
      createFrame('slide', {
        duration: 5,
        background: BackgroundSchema.parse({ type: 'color', color: '#000000' }),
        items: [
          createTextItem('title', 'Drag me across the photo', { timing: { start: 0, stop: 5 }, box: TEXT_BOX }),
          ImageItemSchema.parse({
            id: 'photo',
            type: 'image',
            url: (uploaded.body as { url: string }).url,
            timing: { start: 0, stop: 5 },
            box: { left: 0, top: 0, width: 1, height: 1, rotate: 0 },
          }),
        ],
      }),
    ];
    const saved = await post('/api/members/projects/save', { name: 'Bench', data_json: JSON.stringify(data) });
    if (saved.status !== 200) throw new Error(`save answered ${saved.status}: ${JSON.stringify(saved.body)}`);

    await page.goto(`${server.url}/app.html?pid=${(saved.body as { id: number }).id}#/builder`);
    await page.getByTestId('stage-canvas').waitFor();
    // Drawn with the photo: the stage's corner is no longer the black it is cleared to.
    await page.waitForFunction(() => {
      const stage = document.querySelector<HTMLCanvasElement>('[data-testid="stage-canvas"]');
      const pixel = stage?.getContext('2d')?.getImageData(2, 2, 1, 1).data;
      return pixel !== undefined && pixel[0]! + pixel[1]! + pixel[2]! > 30;
    });
    // Past the builder's 2 s warm-up, edits are the author's.
    await page.waitForTimeout(2100);
    const centre = await textCentre(page);
    await page.mouse.click(centre.x, centre.y);
    await page.getByTestId('selection').waitFor();
    return { server, browser, page, close };
  } catch (error) {
    await close();
    throw error;
  }
}

/** The text item's centre on screen, and the stage's box. */
export async function textCentre(page: Page) {
  const stage = (await page.getByTestId('stage').boundingBox())!;
  const x = stage.x + (TEXT_BOX.left + TEXT_BOX.width / 2) * stage.width;
  const y = stage.y + (TEXT_BOX.top + TEXT_BOX.height / 2) * stage.height;
  return { x, y, stage };
}
