/**
 * The builder as the browser benchmarks open it: a server on loopback serving a built web app, a
 * member signed up in Chromium, and one 1920 × 1080 slide (a full-stage photo under a text item,
 * and `extraItems` more texts and shapes spread over the stage) open in the builder with the text
 * item selected.
 */
import {
  BackgroundSchema,
  createFrame,
  createTextItem,
  emptyProjectData,
  ImageItemSchema,
  type Item,
} from '@reelwright/core';
import { generatePhoto, type ServerProcess, startServerProcess } from '@reelwright/testkit';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser } from '../../../e2e/support/browser';
import { type PagePost, signUpInPage } from '../../../e2e/support/member';

export const VIEWPORT = { width: 1440, height: 900 };
export const MOVIE = { width: 1920, height: 1080 };
export const TEXT_BOX = { left: 0.3, top: 0.4, width: 0.4, height: 0.2, rotate: 0, opacity: 1 };

export type Session = { server: ServerProcess; browser: Browser; page: Page; pid: number; close(): Promise<void> };

/** A signed-up member in Chromium, with the bench photo uploaded to their library. */
export type Member = {
  server: ServerProcess;
  browser: Browser;
  context: BrowserContext;
  page: Page;
  post: PagePost;
  photoUrl: string;
  close(): Promise<void>;
};

/**
 * A browser context as the benchmarks use: the bench viewport, and tsx's `__name` helper defined
 * (tsx names functions with it, and the functions sent to the page call it).
 */
export async function benchContext(
  browser: Browser,
  options: { storageState?: Awaited<ReturnType<BrowserContext['storageState']>>; initScripts?: (() => void)[] } = {},
) {
  const context = await browser.newContext({ viewport: VIEWPORT, storageState: options.storageState });
  await context.addInitScript('globalThis.__name = (fn) => fn;');
  for (const script of options.initScripts ?? []) await context.addInitScript(script);
  return context;
}

/** Starts the server and Chromium, signs a member up and uploads the bench photo. */
export async function startMember(options: { webDist?: string; initScripts?: (() => void)[] } = {}): Promise<Member> {
  const server = await startServerProcess(options.webDist ? { WEB_DIST: options.webDist } : {});
  const browser = await launchBrowser();
  const close = async () => {
    await browser.close();
    await server.stop();
  };
  try {
    const context = await benchContext(browser, options);
    const page = await context.newPage();
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
    const photoUrl = (uploaded.body as { url: string }).url;
    return { server, browser, context, page, post, photoUrl, close };
  } catch (error) {
    await close();
    throw error;
  }
}

/**
 * `count` small items over the stage, texts and shapes by turns (the shapes the Shapes tab lists,
 * drawn by the server), in a 5 × 4 grid that leaves the text item's centre, where drags start, free.
 */
async function extraItems(member: Member, count: number): Promise<Item[]> {
  if (count <= 0) return [];
  const shapes = await member.page.evaluate(async () => {
    const res = await fetch('/api/queries/search/image/shapes?q=&num=50&color=%23fab005');
    return res.ok ? ((await res.json()) as { url: string }[]).map((found) => found.url) : [];
  });
  if (shapes.length === 0) throw new Error('The shapes search found no shapes for the extra items.');
  return Array.from({ length: count }, (_, i) => {
    const cell = i % 20;
    const layer = Math.floor(i / 20);
    const box = {
      left: 0.04 + (cell % 5) * 0.19 + layer * 0.02,
      top: 0.05 + Math.floor(cell / 5) * 0.24 + layer * 0.02,
      width: 0.14,
      height: 0.14,
      rotate: 0,
      opacity: 1,
    };
    const timing = { start: 0, stop: 5 };
    return i % 2 === 0
      ? createTextItem(`extra-${i + 1}`, `Item ${i + 1}`, { timing, box })
      : ImageItemSchema.parse({ id: `extra-${i + 1}`, type: 'image', url: shapes[i % shapes.length], timing, box });
  });
}

/** Saves a project of the bench slide (with `extra` more items) as the member; answers its id. */
export async function saveBenchProject(member: Member, extra = 0): Promise<number> {
  const data = emptyProjectData();
  data.video.size = MOVIE;
  data.video.frames = [
    createFrame('slide', {
      duration: 5,
      background: BackgroundSchema.parse({ type: 'color', color: '#000000' }),
      items: [
        createTextItem('title', 'Drag me across the photo', { timing: { start: 0, stop: 5 }, box: TEXT_BOX }),
        ...(await extraItems(member, extra)),
        ImageItemSchema.parse({
          id: 'photo',
          type: 'image',
          url: member.photoUrl,
          timing: { start: 0, stop: 5 },
          box: { left: 0, top: 0, width: 1, height: 1, rotate: 0 },
        }),
      ],
    }),
  ];
  const saved = await member.post('/api/members/projects/save', { name: 'Bench', data_json: JSON.stringify(data) });
  if (saved.status !== 200) throw new Error(`save answered ${saved.status}: ${JSON.stringify(saved.body)}`);
  return (saved.body as { id: number }).id;
}

/** Runs in the page: the stage has drawn the photo (its corner is no longer the black it is cleared to). */
export function stageDrawn(): boolean {
  const stage = document.querySelector<HTMLCanvasElement>('[data-testid="stage-canvas"]');
  const pixel = stage?.getContext('2d')?.getImageData(2, 2, 1, 1).data;
  return pixel !== undefined && pixel[0]! + pixel[1]! + pixel[2]! > 30;
}

/**
 * Opens the builder on the bench slide (a full-stage photo under a text item, and `extraItems`
 * more) with the text item selected, past the builder's warm-up. `initScripts` run in the page
 * before the app (the stage profile's render counter).
 */
export async function openBuilder(
  options: { webDist?: string; initScripts?: (() => void)[]; extraItems?: number } = {},
): Promise<Session> {
  const member = await startMember(options);
  const { server, browser, page, close } = member;
  try {
    const pid = await saveBenchProject(member, options.extraItems ?? 0);
    await page.goto(`${server.url}/app.html?pid=${pid}#/builder`);
    await page.getByTestId('stage-canvas').waitFor();
    await page.waitForFunction(stageDrawn);
    // Past the builder's 2 s warm-up, edits are the author's.
    await page.waitForTimeout(2100);
    const centre = await textCentre(page);
    await page.mouse.click(centre.x, centre.y);
    await page.getByTestId('selection').waitFor();
    return { server, browser, page, pid, close };
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
