/**
 * The builder's stage while an item is dragged (issue 17): frame times in Chromium at 1440 × 900
 * on a 1920 × 1080 slide whose photo fills the stage, under a text item dragged with 300 mouse
 * moves, against moving the mouse the same way over the stage without dragging (the baseline,
 * same run, same page). In the page, a requestAnimationFrame loop notes when each frame starts,
 * and the stage canvas's context times each redraw (drawFrame's outer save … restore). Then one
 * more drag runs under Chrome's CPU profiler and a trace (`stage-profile.ts`).
 *
 * Run: `npm run build && npm run bench -w apps/web` (serves apps/web/dist, as the e2e tests do).
 * BENCH_ROUNDS (default 3) sets the rounds; BENCH_PROFILE=0 skips the profile; BENCH_WEB_DIR measures
 * the built `apps/web` of another checkout (a commit, or a what-if change, built with `vite build`).
 * BENCH_ITEMS (default 1, the dragged text) sets the items over the photo: the rest are small texts
 * and shapes by turns, spread over the stage (issue 32 measures a slide of 20).
 */
import { existsSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { MOVIE, openBuilder, type Session, textCentre, VIEWPORT } from './builder-session';
import { profileDrag } from './stage-profile';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const PROFILE = process.env.BENCH_PROFILE !== '0';
/** Items over the photo, the dragged text among them. */
const ITEMS = Math.max(1, Number(process.env.BENCH_ITEMS ?? 1));
const STEPS = 300;
/** Between mouse moves: a 125 Hz mouse. */
const MOVE_INTERVAL_MS = 8;
/**
 * A frame counts as over 16.7 ms above this: requestAnimationFrame times come at 0.1 ms
 * resolution and jitter around the 16.67 ms vsync, so a frame on time reads 16.6–16.8 ms; a late
 * one skips a vsync and reads 33 ms or more.
 */
const LATE_MS = 1000 / 60 + 0.8;
/** The web app measured: this one, or another checkout's `apps/web` (BENCH_WEB_DIR), built. */
const webDir = path.resolve(process.env.BENCH_WEB_DIR ?? path.join(import.meta.dirname, '..'));

/** What the page recorded during one phase. */
type Recording = {
  /** requestAnimationFrame times, ms. */
  frames: number[];
  /** Stage redraws, ms each. */
  draws: number[];
  /** React commits and the components each rendered, when the render counter is installed. */
  commits: number;
  renders: [string, number][];
  roots: [string, number][];
  moves: number;
  seconds: number;
};
type Probe = { recording: boolean; frames: number[]; draws: number[] };
type Counter = { recording: boolean; commits: number; counts: Map<string, number>; roots: Map<string, number> };
type ProbeWindow = { stageProbe: Probe; renderCounter?: Counter };

/** The bench slide open with its text item selected, the probe installed. */
async function openDragBench(options: { webDist?: string; initScripts?: (() => void)[] } = {}): Promise<Session> {
  const session = await openBuilder({ ...options, extraItems: ITEMS - 1 });
  await session.page.evaluate(installProbe);
  return session;
}

/**
 * Runs in the page: a requestAnimationFrame loop noting each frame's start, and a timer around
 * each redraw of the stage (drawFrame opens with save() and ends with the matching restore()).
 */
function installProbe() {
  const probe: Probe = { recording: false, frames: [], draws: [] };
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
  (window as unknown as ProbeWindow).stageProbe = probe;
}

/**
 * One phase: 300 mouse moves over a quarter of the stage's width and a tenth of its height,
 * pressed on the text item (a drag) or not (the baseline); `direction` 1 rightwards, -1 back.
 * Recording stops with the frame that shows the last move; the caller waits for the save.
 */
async function movePhase(page: Page, drag: boolean, direction: 1 | -1): Promise<Recording> {
  const { x, y, stage } = await textCentre(page);
  const span = { x: 0.25 * stage.width, y: 0.1 * stage.height };
  const from = direction === 1 ? { x, y } : { x: x + span.x, y: y + span.y };
  await page.mouse.move(from.x, from.y);
  await page.evaluate(() => {
    const w = window as unknown as ProbeWindow;
    Object.assign(w.stageProbe, { recording: true, frames: [], draws: [] });
    if (w.renderCounter)
      Object.assign(w.renderCounter, { recording: true, commits: 0, counts: new Map(), roots: new Map() });
  });
  if (drag) await page.mouse.down();
  // Paced as a 125 Hz mouse reports, each move sent without waiting for the page to take the one
  // before (awaiting each, Playwright waits for the event's dispatch: about two frames a move).
  const started = performance.now();
  const moves: Promise<void>[] = [];
  for (let step = 1; step <= STEPS; step++) {
    const wait = started + step * MOVE_INTERVAL_MS - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const f = (direction * step) / STEPS;
    moves.push(page.mouse.move(from.x + f * span.x, from.y + f * span.y));
  }
  await Promise.all(moves);
  const seconds = (performance.now() - started) / 1000;
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  const recorded = await page.evaluate(() => {
    const w = window as unknown as ProbeWindow;
    w.stageProbe.recording = false;
    const counter = w.renderCounter;
    if (counter) counter.recording = false;
    return {
      frames: w.stageProbe.frames,
      draws: w.stageProbe.draws,
      commits: counter?.commits ?? 0,
      renders: [...(counter?.counts ?? [])],
      roots: [...(counter?.roots ?? [])],
    };
  });
  if (drag) await page.mouse.up();
  return { ...recorded, moves: STEPS, seconds };
}

/** After a drag: its save goes out, away from the next measurement. */
const settle = (page: Page) => page.waitForTimeout(1500);

const quantile = (sorted: number[], q: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]! : Number.NaN;

type Stats = ReturnType<typeof statsOf>;

function statsOf(recordings: Recording[]) {
  const intervals = recordings.flatMap((r) => r.frames.slice(1).map((t, i) => t - r.frames[i]!)).sort((a, b) => a - b);
  const span = intervals.reduce((sum, v) => sum + v, 0);
  const draws = recordings.flatMap((r) => r.draws).sort((a, b) => a - b);
  const moves = recordings.reduce((sum, r) => sum + r.moves, 0);
  const seconds = recordings.reduce((sum, r) => sum + r.seconds, 0);
  return {
    fps: (intervals.length / span) * 1000,
    median: quantile(intervals, 0.5),
    p95: quantile(intervals, 0.95),
    late: intervals.filter((v) => v > LATE_MS).length / intervals.length,
    frames: intervals.length,
    span,
    movesPerSecond: moves / seconds,
    draws: draws.length,
    drawMedian: quantile(draws, 0.5),
    drawP95: quantile(draws, 0.95),
  };
}

/** The late frames of a phase: their length and when they started, seconds after the phase began. */
function lateFrames(recording: Recording): string {
  const { frames } = recording;
  return frames
    .slice(1)
    .map((t, i) => ({ at: (frames[i]! - frames[0]!) / 1000, ms: t - frames[i]! }))
    .filter((f) => f.ms > LATE_MS)
    .map((f) => `${f.ms.toFixed(0)} ms at ${f.at.toFixed(2)} s`)
    .join(', ');
}

function row(label: string, phase: string, s: Stats): string {
  const cells = [
    label.padEnd(5),
    phase.padEnd(5),
    s.movesPerSecond.toFixed(0).padStart(7),
    String(s.frames).padStart(6),
    s.fps.toFixed(1).padStart(5),
    s.median.toFixed(1).padStart(9),
    s.p95.toFixed(1).padStart(6),
    `${(s.late * 100).toFixed(1)} %`.padStart(9),
    String(s.draws).padStart(7),
    (s.draws ? s.drawMedian.toFixed(2) : '–').padStart(13),
    (s.draws ? s.drawP95.toFixed(2) : '–').padStart(13),
  ];
  return `| ${cells.join(' | ')} |`;
}

/** The measured rounds: a hover and a drag each, one way and then back. */
async function measure(webDist: string) {
  const session = await openDragBench({ webDist });
  const rounds: { hover: Recording; drag: Recording }[] = [];
  try {
    const { page } = session;
    const stageSize = await page
      .getByTestId('stage-canvas')
      .evaluate((c: HTMLCanvasElement) => `${c.width} × ${c.height}`);
    for (let round = 1; round <= ROUNDS; round++) {
      const direction = round % 2 === 1 ? 1 : -1;
      const hover = await movePhase(page, false, direction);
      const drag = await movePhase(page, true, direction);
      if (drag.draws.length < 10)
        throw new Error(`Round ${round}: the drag redrew the stage ${drag.draws.length} times.`);
      await settle(page);
      rounds.push({ hover, drag });
    }
    return { stageSize, rounds };
  } finally {
    await session.close();
  }
}

function printTable(stageSize: string, load: number[], rounds: { hover: Recording; drag: Recording }[]) {
  const all = { hover: statsOf(rounds.map((r) => r.hover)), drag: statsOf(rounds.map((r) => r.drag)) };
  console.log(
    `\nBuilder stage while dragging: ${MOVIE.width} × ${MOVIE.height} slide (full-stage JPEG + ` +
      `${ITEMS === 1 ? 'text' : `${ITEMS} items: the text, ${ITEMS - 1} small texts and shapes`}), stage canvas ` +
      `${stageSize} px, Chromium ${VIEWPORT.width} × ${VIEWPORT.height}, ${STEPS} moves at ` +
      `${1000 / MOVE_INTERVAL_MS} Hz a phase; load average ${load.map((l) => l.toFixed(1)).join(' → ')}\n`,
  );
  console.log(
    '| round | phase | moves/s | frames |   fps | median ms | p95 ms | > 16.7 ms | redraws | redraw p50 ms | redraw p95 ms |',
  );
  console.log(
    '| ----- | ----- | ------: | -----: | ----: | --------: | -----: | --------: | ------: | ------------: | ------------: |',
  );
  for (const [i, { hover, drag }] of rounds.entries()) {
    console.log(row(String(i + 1), 'hover', statsOf([hover])));
    console.log(row(String(i + 1), 'drag', statsOf([drag])));
  }
  console.log(row('all', 'hover', all.hover));
  console.log(row('all', 'drag', all.drag));
  console.log(
    `\nDrag vs hover: ${(all.drag.fps / all.hover.fps).toFixed(2)}× the frame rate, ` +
      `${(all.drag.late * 100).toFixed(1)} % vs ${(all.hover.late * 100).toFixed(1)} % of frames late.`,
  );
  console.log('Late frames (length, at seconds after the first move):');
  for (const [i, { hover, drag }] of rounds.entries()) {
    console.log(`  round ${i + 1}: ${lateFrames(hover) || 'none'} hovering; ${lateFrames(drag) || 'none'} dragging`);
  }
}

const webDist = path.join(webDir, 'dist');
if (!existsSync(path.join(webDist, 'app.html')))
  throw new Error(`${webDist} is not built: run \`npm run build\` first.`);
const load = [loadavg()[0]!];
const { stageSize, rounds } = await measure(webDist);
load.push(loadavg()[0]!);
printTable(stageSize, load, rounds);
if (PROFILE) {
  await profileDrag({
    webDir,
    open: (options) => openDragBench(options),
    drag: (page, direction) => movePhase(page, true, direction),
    settle,
  });
}
