/**
 * The builder's stage while an item is dragged (issue 17): frame times in Chromium at 1440 × 900
 * on a 1920 × 1080 slide whose photo fills the stage, under a text item dragged with 300 mouse
 * moves, against moving the mouse over the same stage without dragging (same run, same page).
 * In the page, a requestAnimationFrame loop records when each frame starts, and the stage
 * canvas's context times each redraw (drawFrame's outer save … restore). Then, with a build
 * that keeps its module comments, one more drag runs under Chrome's CPU profiler and a trace,
 * and the time is attributed to source modules and to the renderer's own work.
 *
 * Run: `npm run build && npm run bench -w apps/web` (serves apps/web/dist, as the e2e tests do).
 * BENCH_ROUNDS (default 3) sets the rounds; BENCH_PROFILE=0 skips the profile.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { BackgroundSchema, createFrame, createTextItem, emptyProjectData, ImageItemSchema } from '@reelwright/core';
import { generatePhoto, type ServerProcess, startServerProcess } from '@reelwright/testkit';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from '../../../e2e/support/browser';
import { signUpInPage } from '../../../e2e/support/member';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const PROFILE = process.env.BENCH_PROFILE !== '0';
const STEPS = 300;
const VIEWPORT = { width: 1440, height: 900 };
const MOVIE = { width: 1920, height: 1080 };
/** A 60 Hz frame. */
const BUDGET_MS = 1000 / 60;
const TEXT_BOX = { left: 0.3, top: 0.4, width: 0.4, height: 0.2, rotate: 0, opacity: 1 };
const webDir = path.resolve(import.meta.dirname, '..');

/** What the page recorded during one phase. */
type Recording = { frames: number[]; draws: number[]; moves: number; seconds: number };
type Session = { server: ServerProcess; browser: Browser; page: Page; close(): Promise<void> };

/** Opens the builder on the bench slide with the text item selected. */
async function openBuilder(webDist?: string): Promise<Session> {
  const server = await startServerProcess(webDist ? { WEB_DIST: webDist } : {});
  const browser = await launchBrowser();
  const context = await browser.newContext({ viewport: VIEWPORT });
  // tsx names functions with a `__name` helper, which functions sent to the page call.
  await context.addInitScript('globalThis.__name = (fn) => fn;');
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
    if (uploaded.status !== 200) throw new Error(`upload answered ${uploaded.status}: ${JSON.stringify(uploaded.body)}`);

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
    const canvas = page.getByTestId('stage-canvas');
    await canvas.waitFor();
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
    await page.evaluate(installProbe);
    return { server, browser, page, close };
  } catch (error) {
    await close();
    throw error;
  }
}

/**
 * Runs in the page: a requestAnimationFrame loop noting each frame's start, and a timer around
 * each redraw of the stage (drawFrame opens with save() and ends with the matching restore()).
 */
function installProbe() {
  const probe = { recording: false, frames: [] as number[], draws: [] as number[] };
  const onFrame = (time: number) => {
    if (probe.recording) probe.frames.push(time);
    requestAnimationFrame(onFrame);
  };
  requestAnimationFrame(onFrame);
  const ctx = document.querySelector<HTMLCanvasElement>('[data-testid="stage-canvas"]')!.getContext('2d')!;
  const { save, restore } = CanvasRenderingContext2D.prototype;
  let depth = 0;
  let started = 0;
  ctx.save = function (this: CanvasRenderingContext2D) {
    if (depth++ === 0) started = performance.now();
    save.call(this);
  };
  ctx.restore = function (this: CanvasRenderingContext2D) {
    restore.call(this);
    if (--depth === 0 && probe.recording) probe.draws.push(performance.now() - started);
  };
  (window as unknown as { stageProbe: typeof probe }).stageProbe = probe;
}

async function textCentre(page: Page) {
  const stage = (await page.getByTestId('stage').boundingBox())!;
  const x = stage.x + (TEXT_BOX.left + TEXT_BOX.width / 2) * stage.width;
  const y = stage.y + (TEXT_BOX.top + TEXT_BOX.height / 2) * stage.height;
  return { x, y, stage };
}

/**
 * One phase: 300 mouse moves over a quarter of the stage's width and a tenth of its height,
 * pressed on the text item (a drag) or not (the baseline), `direction` 1 rightwards, -1 back.
 */
async function movePhase(page: Page, drag: boolean, direction: 1 | -1): Promise<Recording> {
  const { x, y, stage } = await textCentre(page);
  const from = { x: direction === 1 ? x : x + 0.25 * stage.width, y: direction === 1 ? y : y + 0.1 * stage.height };
  await page.mouse.move(from.x, from.y);
  await page.evaluate(() => {
    const probe = (window as unknown as { stageProbe: { recording: boolean; frames: number[]; draws: number[] } })
      .stageProbe;
    Object.assign(probe, { recording: true, frames: [], draws: [] });
  });
  if (drag) await page.mouse.down();
  const started = performance.now();
  for (let step = 1; step <= STEPS; step++) {
    const f = step / STEPS;
    await page.mouse.move(from.x + direction * f * 0.25 * stage.width, from.y + direction * f * 0.1 * stage.height);
  }
  const seconds = (performance.now() - started) / 1000;
  // The frame that shows the last move.
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  const recorded = await page.evaluate(() => {
    const probe = (window as unknown as { stageProbe: { recording: boolean; frames: number[]; draws: number[] } })
      .stageProbe;
    probe.recording = false;
    return { frames: probe.frames, draws: probe.draws };
  });
  if (drag) await page.mouse.up();
  // The save after the drag, away from the next measurement.
  await page.waitForTimeout(1500);
  return { ...recorded, moves: STEPS, seconds };
}

const quantile = (sorted: number[], q: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]! : Number.NaN;

type Stats = {
  fps: number;
  median: number;
  p95: number;
  over: number;
  frames: number;
  movesPerSecond: number;
  draws: number;
  drawMedian: number;
  drawP95: number;
};

function statsOf(recordings: Recording[]): Stats {
  const intervals = recordings.flatMap((r) => r.frames.slice(1).map((t, i) => t - r.frames[i]!)).sort((a, b) => a - b);
  const span = intervals.reduce((sum, v) => sum + v, 0);
  const draws = recordings.flatMap((r) => r.draws).sort((a, b) => a - b);
  const moves = recordings.reduce((sum, r) => sum + r.moves, 0);
  const seconds = recordings.reduce((sum, r) => sum + r.seconds, 0);
  return {
    fps: (intervals.length / span) * 1000,
    median: quantile(intervals, 0.5),
    p95: quantile(intervals, 0.95),
    over: intervals.filter((v) => v > BUDGET_MS).length / intervals.length,
    frames: intervals.length,
    movesPerSecond: moves / seconds,
    draws: draws.length,
    drawMedian: quantile(draws, 0.5),
    drawP95: quantile(draws, 0.95),
  };
}

function row(label: string, phase: string, s: Stats): string {
  const cells = [
    label.padEnd(6),
    phase.padEnd(6),
    s.movesPerSecond.toFixed(0).padStart(7),
    String(s.frames).padStart(6),
    s.fps.toFixed(1).padStart(6),
    s.median.toFixed(1).padStart(9),
    s.p95.toFixed(1).padStart(7),
    `${(s.over * 100).toFixed(0)} %`.padStart(9),
    String(s.draws).padStart(7),
    (s.draws ? s.drawMedian.toFixed(2) : '–').padStart(12),
    (s.draws ? s.drawP95.toFixed(2) : '–').padStart(9),
  ];
  return `| ${cells.join(' | ')} |`;
}

/** Builds the app unminified into a temporary folder: Rolldown then keeps a `// path` comment per module. */
async function buildWithModuleComments(): Promise<string> {
  const out = mkdtempSync(path.join(tmpdir(), 'rw-web-bench-'));
  const vite = path.join(webDir, 'node_modules/.bin/vite');
  const bin = existsSync(vite) ? vite : path.resolve(webDir, '../../node_modules/.bin/vite');
  await promisify(execFile)(bin, ['build', '--minify', 'false', '--outDir', out, '--emptyOutDir', '--logLevel', 'error'], {
    cwd: webDir,
  });
  return out;
}

/** The source module of each line of a built chunk, from its `// path` comments. */
async function moduleLines(dist: string, url: string): Promise<string[]> {
  const file = path.join(dist, new URL(url).pathname);
  if (!existsSync(file)) return [];
  const lines = (await readFile(file, 'utf8')).split('\n');
  let current = path.basename(file);
  return lines.map((line) => {
    const marker = /^\/\/ ((?:\.\.\/)*(?:node_modules|src|packages)\/\S+)$/.exec(line);
    if (marker) current = marker[1]!.replace(/^(\.\.\/)+/, '');
    return current;
  });
}

/** Where a module's time goes in the report: a package, or a folder of ours. */
function areaOf(module: string): string {
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(module);
  if (pkg) return pkg[1]!;
  const ours = /^(packages\/[^/]+\/src\/[^/]+|src\/(?:features\/[^/]+|[^/]+))/.exec(module);
  return ours ? ours[1]! : module;
}

type CpuProfile = {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number } }[];
  samples: number[];
  timeDeltas: number[];
};

/** Self time (ms) of a CPU profile by area and by function, with the profiler's own buckets. */
async function attribute(profile: CpuProfile, dist: string) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const lines = new Map<string, string[]>();
  const areas = new Map<string, number>();
  const functions = new Map<string, number>();
  const add = (map: Map<string, number>, key: string, ms: number) => map.set(key, (map.get(key) ?? 0) + ms);
  for (const [i, id] of profile.samples.entries()) {
    const ms = (profile.timeDeltas[i + 1] ?? 0) / 1000;
    const { functionName, url, lineNumber } = byId.get(id)!.callFrame;
    let area = functionName || '(anonymous)';
    if (url.startsWith('http')) {
      if (!lines.has(url)) lines.set(url, await moduleLines(dist, url));
      const module = lines.get(url)![lineNumber] ?? path.basename(url);
      area = areaOf(module);
      add(functions, `${functionName || '(anonymous)'} (${module})`, ms);
    } else if (url) {
      area = '(browser built-ins)';
    }
    add(areas, area, ms);
  }
  return { areas, functions };
}

type TraceEvent = { name: string; ph: string; ts: number; dur?: number; pid: number; tid: number; args?: { name?: string } };

/** Self time (ms) per trace event name on the page's main thread, and time on its other threads. */
function traceTotals(trace: { traceEvents: TraceEvent[] }) {
  const threads = new Map<string, string>();
  for (const e of trace.traceEvents) {
    if (e.ph === 'M' && e.name === 'thread_name') threads.set(`${e.pid}:${e.tid}`, e.args?.name ?? '');
  }
  const complete = trace.traceEvents.filter((e) => e.ph === 'X' && e.dur !== undefined);
  const count = new Map<string, number>();
  for (const e of complete) {
    if (threads.get(`${e.pid}:${e.tid}`) === 'CrRendererMain') count.set(`${e.pid}:${e.tid}`, (count.get(`${e.pid}:${e.tid}`) ?? 0) + 1);
  }
  const main = [...count].sort((a, b) => b[1] - a[1])[0]?.[0];
  const self = new Map<string, number>();
  const others = new Map<string, number>();
  const events = complete.filter((e) => `${e.pid}:${e.tid}` === main).sort((a, b) => a.ts - b.ts || b.dur! - a.dur!);
  const stack: { end: number; name: string }[] = [];
  for (const e of events) {
    while (stack.length && stack[stack.length - 1]!.end <= e.ts) stack.pop();
    const parent = stack[stack.length - 1];
    if (parent) self.set(parent.name, (self.get(parent.name) ?? 0) - e.dur! / 1000);
    self.set(e.name, (self.get(e.name) ?? 0) + e.dur! / 1000);
    stack.push({ end: e.ts + e.dur!, name: e.name });
  }
  const mainPid = main?.split(':')[0];
  for (const e of complete) {
    const key = `${e.pid}:${e.tid}`;
    if (key === main || (mainPid && String(e.pid) !== mainPid && !/Viz|Compositor/.test(threads.get(key) ?? ''))) continue;
    const thread = (threads.get(key) ?? 'thread').replace(/\d+$/, '');
    // Top-level slices only: a thread's task runner wraps its work in RunTask / ThreadControllerImpl.
    if (e.name === 'ThreadControllerImpl::RunTask' || e.name === 'RunTask') add(others, thread, e.dur! / 1000);
  }
  return { self, others };
}

function add(map: Map<string, number>, key: string, ms: number) {
  map.set(key, (map.get(key) ?? 0) + ms);
}

const top = (map: Map<string, number>, n: number) => [...map].sort((a, b) => b[1] - a[1]).slice(0, n);

async function profileDrag(): Promise<void> {
  const dist = await buildWithModuleComments();
  const session = await openBuilder(dist);
  try {
    const { page, browser } = session;
    // A drag first, unprofiled: the code paths are compiled as in the measured rounds.
    await movePhase(page, true, 1);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 250 });
    await browser.startTracing(page, {
      categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'toplevel'],
    });
    await cdp.send('Profiler.start');
    const recording = await movePhase(page, true, -1);
    const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: CpuProfile };
    const trace = JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] };
    const frames = recording.frames.length - 1;
    const perFrame = (ms: number) => `${(ms / frames).toFixed(2)} ms/frame`;
    const profiled = statsOf([recording]);
    console.log(
      `\nProfiled drag (profiler and trace on): ${frames} frames, ${profiled.fps.toFixed(1)} fps, median ${profiled.median.toFixed(1)} ms`,
    );
    const { areas, functions } = await attribute(profile, dist);
    console.log('\nMain thread by area (CPU profile, self time):');
    for (const [area, ms] of top(areas, 14)) console.log(`  ${area.padEnd(44)} ${ms.toFixed(0).padStart(6)} ms  ${perFrame(ms)}`);
    console.log('\nTop functions (self time):');
    for (const [name, ms] of top(functions, 16)) console.log(`  ${name.slice(0, 90).padEnd(90)} ${ms.toFixed(0).padStart(6)} ms`);
    const { self, others } = traceTotals(trace);
    console.log('\nMain thread by trace event (self time):');
    for (const [name, ms] of top(self, 14)) console.log(`  ${name.padEnd(44)} ${ms.toFixed(0).padStart(6)} ms  ${perFrame(ms)}`);
    console.log('\nOther threads of the page and the compositor (busy time):');
    for (const [name, ms] of top(others, 8)) console.log(`  ${name.padEnd(44)} ${ms.toFixed(0).padStart(6)} ms  ${perFrame(ms)}`);
  } finally {
    await session.close();
    rmSync(dist, { recursive: true, force: true });
  }
}

if (!existsSync(path.join(webDir, 'dist/app.html'))) {
  throw new Error('apps/web/dist is not built: run `npm run build` first.');
}
const session = await openBuilder();
let stageSize = '';
const hover: Recording[] = [];
const drag: Recording[] = [];
const lines: string[] = [];
try {
  stageSize = await session.page
    .getByTestId('stage-canvas')
    .evaluate((c: HTMLCanvasElement) => `${c.width} × ${c.height}`);
  for (let round = 1; round <= ROUNDS; round++) {
    const direction = round % 2 === 1 ? 1 : -1;
    const h = await movePhase(session.page, false, direction);
    const d = await movePhase(session.page, true, direction);
    hover.push(h);
    drag.push(d);
    lines.push(row(String(round), 'hover', statsOf([h])), row(String(round), 'drag', statsOf([d])));
  }
} finally {
  await session.close();
}
const all = { hover: statsOf(hover), drag: statsOf(drag) };
console.log(
  `\nBuilder stage while dragging: ${MOVIE.width} × ${MOVIE.height} slide (full-stage JPEG + text), ` +
    `stage canvas ${stageSize} px, Chromium ${VIEWPORT.width} × ${VIEWPORT.height}, ${STEPS} moves a phase\n`,
);
console.log(
  '| round  | phase  | moves/s | frames |    fps | median ms | p95 ms | > 16.7 ms | redraws | redraw p50 ms | redraw p95 |',
);
console.log('| ------ | ------ | ------: | -----: | -----: | --------: | -----: | --------: | ------: | -----------: | --------: |');
for (const line of lines) console.log(line);
console.log(row('all', 'hover', all.hover));
console.log(row('all', 'drag', all.drag));
console.log(
  `\nDrag vs hover: ${(all.drag.fps / all.hover.fps).toFixed(2)}× the frame rate, ` +
    `${(all.drag.median / all.hover.median).toFixed(2)}× the median frame time.`,
);
if (PROFILE) await profileDrag();
