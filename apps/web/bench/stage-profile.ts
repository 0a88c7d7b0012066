/**
 * Where a stage drag's time goes (`stage-drag.bench.ts`): one drag on a build of the app that
 * keeps its module comments and names (unminified; the same code otherwise), under Chrome's CPU
 * profiler and a trace, with React's commits counted through the DevTools hook. Prints self time
 * by package or folder of ours, the busiest functions, the renderer's own work (style, layout,
 * paint, the canvas flush) on the main thread and its other threads, and which components
 * rendered per commit.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Browser, Page } from 'playwright-core';

/** What the profile needs of the bench: its session, its drag, and its statistics. */
export type ProfileDriver = {
  webDir: string;
  open(options: { webDist: string; initScripts: (() => void)[] }): Promise<{
    browser: Browser;
    page: Page;
    close(): Promise<void>;
  }>;
  drag(
    page: Page,
    direction: 1 | -1,
  ): Promise<{
    frames: number[];
    draws: number[];
    commits: number;
    renders: [string, number][];
    roots: [string, number][];
  }>;
  settle(page: Page): Promise<void>;
};

type CpuProfile = {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number } }[];
  /** µs, on the trace's clock. */
  startTime: number;
  samples: number[];
  timeDeltas: number[];
};
/** One profiler sample: when (µs), how long it stands for (ms), and where. */
type Sample = { at: number; ms: number; area: string; fn: string };
type TraceEvent = {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { name?: string };
};
type Fiber = {
  type: unknown;
  flags: number;
  alternate: Fiber | null;
  child: Fiber | null;
  sibling: Fiber | null;
};

const add = (map: Map<string, number>, key: string, ms: number) => map.set(key, (map.get(key) ?? 0) + ms);
const top = (map: Map<string, number>, n: number) => [...map].sort((a, b) => b[1] - a[1]).slice(0, n);

/**
 * Runs in the page before the app: React DevTools' global hook, which React calls on every commit
 * (production builds too). A component rendered in the commit when it mounted or did work
 * (React's PerformedWork flag); a subtree whose children are the previous commit's was skipped.
 */
export function installRenderCounter() {
  const counter = { recording: false, commits: 0, counts: new Map<string, number>(), roots: new Map<string, number>() };
  const nameOf = (type: unknown): string => {
    if (typeof type === 'function') return (type as { displayName?: string }).displayName ?? type.name;
    if (type && typeof type === 'object') {
      const t = type as { displayName?: string; render?: unknown; type?: unknown };
      return t.displayName ?? nameOf(t.render ?? t.type);
    }
    return '';
  };
  const count = (map: Map<string, number>, name: string) => map.set(name, (map.get(name) ?? 0) + 1);
  /** `inside`: an ancestor rendered in this commit; a component that renders outside one is where the render began. */
  const visit = (fiber: Fiber, inside: boolean) => {
    const previous = fiber.alternate;
    const name = nameOf(fiber.type);
    const rendered = name !== '' && (previous === null || (fiber.flags & 1) === 1);
    if (rendered) count(counter.counts, name);
    if (rendered && !inside) count(counter.roots, name);
    if (previous !== null && fiber.child === previous.child) return;
    for (let child = fiber.child; child; child = child.sibling) visit(child, inside || rendered);
  };
  const w = window as unknown as Record<string, unknown>;
  w.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true,
    renderers: new Map(),
    inject: () => 1,
    checkDCE() {},
    onScheduleFiberRoot() {},
    onCommitFiberUnmount() {},
    onPostCommitFiberRoot() {},
    onCommitFiberRoot(_id: number, root: { current: Fiber }) {
      if (!counter.recording) return;
      counter.commits++;
      visit(root.current, false);
    },
  };
  w.renderCounter = counter;
}

/** Builds the app unminified into a temporary folder: Rolldown then writes a `// path` comment per module. */
async function buildWithModuleComments(webDir: string): Promise<string> {
  const out = mkdtempSync(path.join(tmpdir(), 'rw-web-bench-'));
  const local = path.join(webDir, 'node_modules/.bin/vite');
  const vite = existsSync(local) ? local : path.resolve(webDir, '../../node_modules/.bin/vite');
  const args = ['build', '--minify', 'false', '--outDir', out, '--emptyOutDir', '--logLevel', 'error'];
  await promisify(execFile)(vite, args, { cwd: webDir });
  return out;
}

/** The source module of each line of a built chunk, from its `// path` comments. */
async function moduleLines(dist: string, url: string): Promise<string[]> {
  const file = path.join(dist, new URL(url).pathname);
  if (!existsSync(file)) return [];
  let current = path.basename(file);
  return (await readFile(file, 'utf8')).split('\n').map((line) => {
    // Relative to apps/web: `src/…`, `../../packages/…`, and node_modules wherever it really is.
    const marker = /^\/\/ (?:\.\.\/)*((?:[\w.-]+\/)*?(?:node_modules|src|packages)\/\S+)$/.exec(line);
    if (marker) current = marker[1]!.replace(/^.*?node_modules\//, 'node_modules/');
    return current;
  });
}

/** Where a module's time is reported: its package, or a folder of ours. */
function areaOf(module: string): string {
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(module);
  if (pkg) return pkg[1]!;
  return /^(packages\/[^/]+\/src\/[^/]+|src\/(?:features\/[^/]+|[^/]+))/.exec(module)?.[1] ?? module;
}

/** The samples of a CPU profile, each placed in its package or folder and function. */
async function samplesOf(profile: CpuProfile, dist: string): Promise<Sample[]> {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const lines = new Map<string, string[]>();
  const samples: Sample[] = [];
  let at = profile.startTime;
  for (const [i, id] of profile.samples.entries()) {
    at += profile.timeDeltas[i] ?? 0;
    const ms = (profile.timeDeltas[i + 1] ?? 0) / 1000;
    const { functionName, url, lineNumber } = byId.get(id)!.callFrame;
    const name = functionName || '(anonymous)';
    if (url.startsWith('http')) {
      if (!lines.has(url)) lines.set(url, await moduleLines(dist, url));
      const module = lines.get(url)![lineNumber] ?? path.basename(url);
      samples.push({ at, ms, area: areaOf(module), fn: `${name} (${module.replace(/^node_modules\//, '')})` });
    } else {
      samples.push({ at, ms, area: url ? '(browser built-ins)' : name, fn: name });
    }
  }
  return samples;
}

/** Self time (ms) by key of the samples between `from` and `to` (µs). */
function selfTime(samples: Sample[], key: 'area' | 'fn', from = 0, to = Number.POSITIVE_INFINITY) {
  const totals = new Map<string, number>();
  for (const sample of samples) if (sample.at >= from && sample.at < to) add(totals, sample[key], sample.ms);
  return totals;
}

/**
 * Self time (ms) per event name on the page's main thread, and per thread and name on the page's
 * other threads and the display compositor's (Viz), from a Chrome trace.
 */
function traceTotals(events: TraceEvent[]) {
  const threads = new Map<string, string>();
  const byThread = new Map<string, TraceEvent[]>();
  for (const e of events) {
    const key = `${e.pid}:${e.tid}`;
    if (e.ph === 'M' && e.name === 'thread_name') threads.set(key, e.args?.name ?? '');
    if (e.ph === 'X' && e.dur !== undefined) byThread.set(key, [...(byThread.get(key) ?? []), e]);
  }
  const mains = [...byThread].filter(([key]) => threads.get(key) === 'CrRendererMain');
  const main = mains.sort((a, b) => b[1].length - a[1].length)[0]?.[0] ?? '';
  const pagePid = main.split(':')[0];
  const self = new Map<string, number>();
  const others = new Map<string, number>();
  /** The main thread's tasks longer than two frames, with the self time of what ran in each. */
  const long: { ts: number; dur: number; self: Map<string, number> }[] = [];
  for (const [key, list] of byThread) {
    const thread = (threads.get(key) ?? 'thread').replace(/\d+$/, '');
    if (key !== main && key.split(':')[0] !== pagePid && !thread.startsWith('Viz')) continue;
    const into = key === main ? self : others;
    const label = (name: string) => (key === main ? name : `${thread} · ${name}`);
    const stack: { end: number; name: string }[] = [];
    for (const e of list.sort((a, b) => a.ts - b.ts || b.dur! - a.dur!)) {
      while (stack.length && stack[stack.length - 1]!.end <= e.ts) stack.pop();
      const parent = stack[stack.length - 1];
      if (!parent && key === main && e.dur! > 33_000) long.push({ ts: e.ts, dur: e.dur!, self: new Map() });
      const task = key === main && long.length && long[long.length - 1]!.ts + long[long.length - 1]!.dur > e.ts;
      if (parent) add(into, label(parent.name), -e.dur! / 1000);
      if (parent && task) add(long[long.length - 1]!.self, parent.name, -e.dur! / 1000);
      add(into, label(e.name), e.dur! / 1000);
      if (task) add(long[long.length - 1]!.self, e.name, e.dur! / 1000);
      stack.push({ end: e.ts + e.dur!, name: e.name });
    }
  }
  return { self, others, long };
}

type DragRecording = Awaited<ReturnType<ProfileDriver['drag']>>;

/** One profiled drag, after an unprofiled one (so the code is compiled as in the measured rounds). */
export async function profileDrag(driver: ProfileDriver): Promise<void> {
  const dist = await buildWithModuleComments(driver.webDir);
  const session = await driver.open({ webDist: dist, initScripts: [installRenderCounter] });
  try {
    const { page, browser } = session;
    await driver.drag(page, 1);
    await driver.settle(page);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 250 });
    await browser.startTracing(page, {
      categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'toplevel', 'blink', 'cc', 'viz'],
    });
    await cdp.send('Profiler.start');
    const recording = await driver.drag(page, -1);
    const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: CpuProfile };
    const trace = JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] };
    if (recording.draws.length < 10) {
      throw new Error(`The profiled drag redrew the stage ${recording.draws.length} times.`);
    }
    await report(recording, profile, trace.traceEvents, dist);
  } finally {
    await session.close();
    rmSync(dist, { recursive: true, force: true });
  }
}

/** Prints where the profiled drag's time went, per frame of the drag. */
async function report(recording: DragRecording, profile: CpuProfile, events: TraceEvent[], dist: string) {
  const frames = recording.frames.length - 1;
  const spanMs = recording.frames[frames]! - recording.frames[0]!;
  const perFrame = (ms: number) => `${(ms / frames).toFixed(2).padStart(6)} ms/frame`;
  const print = (title: string, entries: [string, number][], width = 48) => {
    console.log(`\n${title}`);
    for (const [name, ms] of entries) {
      console.log(`  ${name.slice(0, width).padEnd(width)} ${ms.toFixed(0).padStart(6)} ms ${perFrame(ms)}`);
    }
  };
  console.log(
    `\nProfiled drag (profiler and trace on; per frame = over the ${frames} frames of the drag, ` +
      `${(spanMs / 1000).toFixed(2)} s; the profile runs a little longer): ${((frames / spanMs) * 1000).toFixed(1)} fps, ` +
      `${recording.draws.length} stage redraws, ${recording.commits} React commits`,
  );
  const samples = await samplesOf(profile, dist);
  print('Main thread, JavaScript by package or folder (CPU profile, self time):', top(selfTime(samples, 'area'), 16));
  print('Busiest functions (self time):', top(selfTime(samples, 'fn'), 16), 96);
  const { self, others, long } = traceTotals(events);
  print('Main thread by trace event (self time):', top(self, 16), 60);
  print("The page's other threads, and Viz (self time):", top(others, 12), 72);
  // The first long task is the profiler starting (a quarter of a second of IPC before the drag).
  const tasks = long.filter((task) => task.ts > profile.startTime + 20_000);
  console.log(
    `\nMain-thread tasks over 33 ms (${tasks.length}), seconds after the profiler started, with what ran in ` +
      'each (trace events, then JavaScript from the CPU profile):',
  );
  const list = (entries: [string, number][]) => entries.map(([n, ms]) => `${n} ${ms.toFixed(0)} ms`).join('; ');
  for (const task of tasks.sort((a, b) => b.dur - a.dur).slice(0, 6)) {
    const js = top(selfTime(samples, 'fn', task.ts, task.ts + task.dur), 4);
    const at = ((task.ts - profile.startTime) / 1e6).toFixed(2);
    console.log(`  ${(task.dur / 1000).toFixed(0)} ms at +${at} s: ${list(top(task.self, 4))}\n      JS: ${list(js)}`);
  }
  const perCommit = (title: string, entries: [string, number][], n: number) => {
    console.log(`\n${title}`);
    for (const [name, count] of entries.sort((a, b) => b[1] - a[1]).slice(0, n)) {
      console.log(`  ${name.padEnd(48)} ${(count / Math.max(1, recording.commits)).toFixed(2)}`);
    }
  };
  const total = recording.renders.reduce((sum, [, count]) => sum + count, 0);
  perCommit(`Where each commit's rendering began (${recording.commits} commits):`, recording.roots, 12);
  perCommit(
    `Components rendered per commit (${(total / Math.max(1, recording.commits)).toFixed(0)} in all):`,
    recording.renders,
    40,
  );
}
