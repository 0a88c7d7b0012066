/**
 * The builder's first minute (issue 32): how long an author waits, in Chromium at 1440 × 900, for
 *
 * 1. the builder to open on a slide (a 1920 × 1080 photo under a text item): from the navigation to
 *    `app.html?pid=…#/builder` (a fresh browser context each round: nothing cached, as a first
 *    visit) until the stage canvas shows the photo; and from inside the app, as authors arrive
 *    (the wizard's slides step loaded first, then the hash changed to `#/builder`);
 * 2. the add panel's icon search: opening the Icons tab (its opening search), picking a new colour
 *    (the icons are drawn again in it) and searching a word, each from the click to the results'
 *    pictures loaded; the next round asks the same server again, which has drawn them before;
 * 3. 'Generate speech' (the server's eSpeak NG, no network): from the click to the audio item's row
 *    in the timeline.
 *
 * Times are taken in the page (performance.now(), from the navigation's start for a page load), so
 * Playwright's own round trips are not in them. The server's answer times (Chrome's request timing)
 * are noted beside.
 *
 * Run: `npm run build && npm run bench:first-use -w apps/web`. BENCH_ROUNDS (default 3) sets the
 * rounds; BENCH_WEB_DIR measures the built `apps/web` of another checkout.
 */
import { existsSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import type { Page, Request } from 'playwright-core';
import { benchContext, type Member, saveBenchProject, startMember } from './builder-session';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const webDir = path.resolve(process.env.BENCH_WEB_DIR ?? path.join(import.meta.dirname, '..'));
/** The colour picked for the icons: a swatch of the picker. */
const NEW_COLOR = '#f03e3e';
const WAIT = { timeout: 60_000 };

type OpenProbe = { canvasAt: number | null; contextAt: number | null; drawnAt: number | null };
type ProbeWindow = { openProbe: OpenProbe; watchStage(): OpenProbe };

/**
 * Runs in the page before the app: `watchStage()` notes, each frame, when the stage canvas is in
 * the page and when it shows the photo (its corner no longer the black it is cleared to). The
 * pixel is read only once the app has asked for the canvas's context, so the probe never creates
 * it with attributes of its own.
 */
function installOpenProbe() {
  const w = window as unknown as ProbeWindow;
  const { getContext } = HTMLCanvasElement.prototype;
  HTMLCanvasElement.prototype.getContext = function (this: HTMLCanvasElement, ...args: unknown[]) {
    const probe = w.openProbe;
    if (probe && probe.contextAt === null && this.dataset.testid === 'stage-canvas')
      probe.contextAt = performance.now();
    return (getContext as (...a: unknown[]) => RenderingContext | null).apply(this, args);
  } as typeof getContext;
  w.watchStage = () => {
    const probe: OpenProbe = { canvasAt: null, contextAt: null, drawnAt: null };
    w.openProbe = probe;
    const check = () => {
      if (w.openProbe !== probe) return;
      const stage = document.querySelector<HTMLCanvasElement>('[data-testid="stage-canvas"]');
      if (stage && probe.canvasAt === null) probe.canvasAt = performance.now();
      if (stage && probe.contextAt !== null) {
        const pixel = stage.getContext('2d')?.getImageData(2, 2, 1, 1).data;
        if (pixel && pixel[0]! + pixel[1]! + pixel[2]! > 30) probe.drawnAt = performance.now();
      }
      if (probe.drawnAt === null) requestAnimationFrame(check);
    };
    requestAnimationFrame(check);
    return probe;
  };
  w.watchStage();
}

type Opened = { canvas: number; drawn: number; dcl?: number };

/** A page load of `app.html?pid=…#/builder`: ms from the navigation's start. */
async function openByUrl(page: Page, url: string): Promise<Opened> {
  await page.goto(url, { waitUntil: 'commit' });
  await page.waitForFunction(() => (window as unknown as ProbeWindow).openProbe?.drawnAt != null, null, WAIT);
  return page.evaluate(() => {
    const probe = (window as unknown as ProbeWindow).openProbe;
    const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
    return { canvas: probe.canvasAt!, drawn: probe.drawnAt!, dcl: nav?.domContentLoadedEventEnd };
  });
}

/** From the wizard's slides step to the builder, as its links go (the hash changes, the page stays). */
async function openFromWizard(page: Page, origin: string, pid: number): Promise<Opened> {
  await page.goto(`${origin}/app.html?pid=${pid}#/wizard/slides`);
  await page.getByTestId('wizard-step').waitFor(WAIT);
  // The wizard settled (its project loaded, its pictures asked for), as an author would see it.
  await page.waitForLoadState('networkidle');
  const started = await page.evaluate(() => {
    const started = performance.now();
    (window as unknown as ProbeWindow).watchStage();
    window.location.hash = '#/builder';
    return started;
  });
  await page.waitForFunction(() => (window as unknown as ProbeWindow).openProbe.drawnAt !== null, null, WAIT);
  return page.evaluate((t0) => {
    const probe = (window as unknown as ProbeWindow).openProbe;
    return { canvas: probe.canvasAt! - t0, drawn: probe.drawnAt! - t0 };
  }, started);
}

/** Requests the page finished while `during` ran: the server's answer times, by kind. */
async function watchRequests<T>(page: Page, during: () => Promise<T>) {
  const finished: Request[] = [];
  const note = (request: Request) => finished.push(request);
  page.on('requestfinished', note);
  try {
    const result = await during();
    return { result, requests: finished };
  } finally {
    page.off('requestfinished', note);
  }
}

const answerMs = (request: Request) => request.timing().responseEnd;

/**
 * Runs in the page: clicks `selector` and answers the ms until the search results' first eight
 * pictures are loaded, their first title matching `title` and their first picture not `oldSrc`.
 */
function clickUntilResults({ selector, title, oldSrc }: { selector: string; title: string; oldSrc: string | null }) {
  return new Promise<number>((resolve, reject) => {
    const started = performance.now();
    document.querySelector<HTMLElement>(selector)!.click();
    const pattern = new RegExp(title, 'i');
    const giveUp = setTimeout(() => reject(new Error(`No results for ${title} within 60 s`)), 60_000);
    const check = () => {
      const tiles = Array.from(document.querySelectorAll<HTMLElement>('[data-testid="add-result"]')).slice(0, 8);
      const images = tiles.map((tile) => tile.querySelector('img'));
      const shown =
        tiles.length > 0 &&
        pattern.test(tiles[0]!.title) &&
        images[0]?.getAttribute('src') !== oldSrc &&
        images.every((img) => img?.complete === true && img.naturalWidth > 0);
      if (shown) {
        clearTimeout(giveUp);
        resolve(performance.now() - started);
      } else requestAnimationFrame(check);
    };
    requestAnimationFrame(check);
  });
}

const firstSrc = (page: Page) =>
  page
    .getByTestId('add-result')
    .first()
    .locator('img')
    .getAttribute('src')
    .catch(() => null);

type Search = { ms: number; apiMs: number[]; pictures: number; slowestPictureMs: number };

async function timedSearch(page: Page, options: Parameters<typeof clickUntilResults>[0]): Promise<Search> {
  const { result: ms, requests } = await watchRequests(page, () => page.evaluate(clickUntilResults, options));
  const api = requests.filter((r) => r.url().includes('/api/queries/search/'));
  const pictures = requests.filter((r) => r.resourceType() === 'image');
  return {
    ms,
    apiMs: api.map(answerMs),
    pictures: pictures.length,
    slowestPictureMs: Math.max(0, ...pictures.map(answerMs)),
  };
}

/** The Icons tab: its opening search, the icons again in a new colour, then the word 'star'. */
async function iconSearches(page: Page) {
  await page.getByTestId('add-rail-icons').waitFor(WAIT);
  // The opening search starts as the tab opens: the click is the request.
  const opening = await timedSearch(page, { selector: '[data-testid="add-rail-icons"]', title: '.', oldSrc: null });
  await page.getByTestId('add-color').click();
  const swatch = page.locator(`.mantine-ColorInput-dropdown [aria-label="${NEW_COLOR}"]`).first();
  await swatch.waitFor(WAIT);
  await swatch.evaluate((el) => el.setAttribute('data-bench', 'swatch'));
  const colored = await timedSearch(page, {
    selector: '[data-bench="swatch"]',
    title: '.',
    oldSrc: await firstSrc(page),
  });
  await page.getByTestId('add-drawer').getByText('Icons', { exact: true }).click();
  await page.locator('.mantine-ColorInput-dropdown').waitFor({ state: 'detached' });
  await page.getByTestId('add-keyword').fill('star');
  const star = await timedSearch(page, { selector: '[data-testid="add-search"]', title: 'star', oldSrc: null });
  return { opening, colored, star };
}

/** Selects the text item by its timeline row and times 'Generate speech' to the audio item's row. */
async function generateSpeech(page: Page) {
  await page.locator('[data-testid="track"][data-item-id="title"]').click();
  const section = page.getByTestId('inspector').getByRole('button', { name: 'Audio', exact: true });
  if ((await section.getAttribute('aria-expanded')) !== 'true') await section.click();
  await page.waitForFunction(
    () => document.querySelector<HTMLInputElement>('[data-testid="voice-picker"]')?.value,
    null,
    WAIT,
  );
  const { result: ms, requests } = await watchRequests(page, () =>
    page.evaluate(
      () =>
        new Promise<number>((resolve, reject) => {
          const rows = () => document.querySelectorAll('[data-testid="track"]').length;
          const before = rows();
          const started = performance.now();
          document.querySelector<HTMLElement>('[data-testid="generate-speech-button"]')!.click();
          const giveUp = setTimeout(() => reject(new Error('No audio row within 60 s')), 60_000);
          const check = () => {
            if (rows() > before) {
              clearTimeout(giveUp);
              resolve(performance.now() - started);
            } else requestAnimationFrame(check);
          };
          requestAnimationFrame(check);
        }),
    ),
  );
  const tts = requests.find((r) => r.url().includes('/api/queries/tts'));
  const error = await page
    .getByTestId('generate-speech-error')
    .textContent({ timeout: 100 })
    .catch(() => null);
  if (error) throw new Error(`Generate speech failed: ${error}`);
  return { ms, ttsMs: tts ? answerMs(tts) : Number.NaN };
}

type Round = {
  load: number;
  direct: Opened;
  icons: Awaited<ReturnType<typeof iconSearches>>;
  speech: Awaited<ReturnType<typeof generateSpeech>>;
  inside: Opened;
};

/**
 * One round, in a fresh context holding only the member's cookies (nothing in its cache): the
 * builder opened by its address, the icon searches, the speech; then the builder again from the
 * wizard.
 */
async function round(member: Member, storageState: Awaited<ReturnType<Member['context']['storageState']>>) {
  const pid = await saveBenchProject(member);
  const context = await benchContext(member.browser, { storageState, initScripts: [installOpenProbe] });
  try {
    const page = await context.newPage();
    const load = loadavg()[0]!;
    const direct = await openByUrl(page, `${member.server.url}/app.html?pid=${pid}#/builder`);
    // Past the builder's 2 s warm-up, edits are the author's.
    await page.waitForTimeout(2100);
    const icons = await iconSearches(page);
    const speech = await generateSpeech(page);
    // The speech's save goes out before the page is left.
    await page.waitForTimeout(1500);
    const inside = await openFromWizard(page, member.server.url, pid);
    return { load, direct, icons, speech, inside } satisfies Round;
  } finally {
    await context.close();
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};
const ms = (v: number | undefined) => (v === undefined || Number.isNaN(v) ? '–' : v.toFixed(0));
const summary = (values: number[]) => `${ms(median(values))} (${ms(Math.min(...values))}–${ms(Math.max(...values))})`;

function print(rounds: Round[], load: number[]) {
  console.log(
    `\nBuilder, first use: ${rounds.length} rounds, Chromium 1440 × 900, 1920 × 1080 slide (photo + text); ` +
      `load average ${load.map((l) => l.toFixed(1)).join(' → ')}\n`,
  );
  console.log('| round | load | open by URL: canvas / drawn ms (DOMContentLoaded) | from wizard: canvas / drawn ms |');
  console.log('| ----: | ---: | ------------------------------------------------: | -----------------------------: |');
  for (const [i, r] of rounds.entries()) {
    console.log(
      `| ${i + 1} | ${r.load.toFixed(1)} | ${ms(r.direct.canvas)} / ${ms(r.direct.drawn)} (${ms(r.direct.dcl)}) | ` +
        `${ms(r.inside.canvas)} / ${ms(r.inside.drawn)} |`,
    );
  }
  console.log(
    `| median (min–max) | | drawn ${summary(rounds.map((r) => r.direct.drawn))} | ` +
      `drawn ${summary(rounds.map((r) => r.inside.drawn))} |`,
  );

  const search = (s: Search) =>
    `${ms(s.ms)} (API ${s.apiMs.map(ms).join(', ') || '–'}; ${s.pictures} pictures, slowest ${ms(s.slowestPictureMs)})`;
  console.log(
    '\n| round | Icons tab opens (white) ms | new colour ms | search “star” ms | Generate speech → row ms (TTS answer) |',
  );
  console.log(
    '| ----: | -------------------------: | ------------: | ---------------: | ------------------------------------: |',
  );
  for (const [i, r] of rounds.entries()) {
    console.log(
      `| ${i + 1} | ${search(r.icons.opening)} | ${search(r.icons.colored)} | ${search(r.icons.star)} | ` +
        `${ms(r.speech.ms)} (${ms(r.speech.ttsMs)}) |`,
    );
  }
  console.log(
    `| median (min–max) | ${summary(rounds.map((r) => r.icons.opening.ms))} | ` +
      `${summary(rounds.map((r) => r.icons.colored.ms))} | ${summary(rounds.map((r) => r.icons.star.ms))} | ` +
      `${summary(rounds.map((r) => r.speech.ms))} |`,
  );
}

const webDist = path.join(webDir, 'dist');
if (!existsSync(path.join(webDist, 'app.html')))
  throw new Error(`${webDist} is not built: run \`npm run build\` first.`);
const load = [loadavg()[0]!];
const member = await startMember({ webDist });
const rounds: Round[] = [];
try {
  const storageState = await member.context.storageState();
  for (let i = 0; i < ROUNDS; i++) rounds.push(await round(member, storageState));
} finally {
  await member.close();
}
load.push(loadavg()[0]!);
print(rounds, load);
