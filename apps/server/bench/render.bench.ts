/**
 * The render benchmark (issue 4, docs/benchmarks.md "Rendering a movie"): in one run, (a) the
 * encoder ceiling — ffmpeg encoding testsrc2 at 1080p30 with x264 `veryfast` and nothing else —
 * and (b) slides-60 (`bench/projects/slides-60.json`, made by `bench/make-slides-60.ts`) through
 * `renderMovie`: video seconds per wall second, frames per second, peak memory of this process
 * plus its ffmpeg children, and the MP4's size, each beside its target.
 * Run: `npm run bench -w apps/server`. `BENCH_PROJECT=path` renders another project;
 * `BENCH_CHUNKS=1,2` renders it once per chunk count listed (default: the pipeline's default),
 * each against the mean of ceilings measured just before and just after it.
 */
import '../src/render/allocator';
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { locateFfmpeg } from '../src/ffmpeg/ffmpeg';
import { renderMovie } from '../src/render/pipeline';
import { chunkWorkerUrl } from '../src/render/worker-bundle';

const here = path.dirname(fileURLToPath(import.meta.url));
const project = path.resolve(process.env.BENCH_PROJECT ?? path.join(here, '../../../bench/projects/slides-60.json'));
const CEILING_SECONDS = 60;

/** Resident memory of a process in bytes (0 once it is gone). */
function rss(pid: number): number {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

/** The children of a process (every thread's), recursively. */
function descendants(pid: number): number[] {
  const out: number[] = [];
  try {
    for (const task of readdirSync(`/proc/${pid}/task`)) {
      const text = readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').trim();
      for (const child of text ? text.split(/\s+/).map(Number) : []) out.push(child, ...descendants(child));
    }
  } catch {}
  return out;
}

/** Polls the RSS of this process and its children; returns the peak sum when stopped. */
function watchMemory(intervalMs = 50): () => number {
  let peak = 0;
  const sample = () => {
    const total = [process.pid, ...descendants(process.pid)].reduce((sum, pid) => sum + rss(pid), 0);
    peak = Math.max(peak, total);
  };
  sample();
  const timer = setInterval(sample, intervalMs);
  return () => {
    clearInterval(timer);
    sample();
    return peak;
  };
}

/** (a) The encoder alone: seconds of 1080p30 testsrc2 video x264 veryfast encodes per wall second. */
async function encoderCeiling(): Promise<{ speed: number; cpuPerFrame: number }> {
  const args = ['-hide_banner', '-loglevel', 'error', '-nostdin', '-f', 'lavfi'];
  args.push('-i', 'testsrc2=size=1920x1080:rate=30', '-t', String(CEILING_SECONDS));
  args.push('-c:v', 'libx264', '-preset', 'veryfast', '-f', 'null', '-');
  const started = performance.now();
  const cpu = childrenCpu();
  await new Promise<void>((resolve, reject) => {
    const child = spawn(locateFfmpeg().ffmpeg, args, { stdio: 'ignore' });
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`ffmpeg exit ${code}`))));
  });
  return {
    speed: CEILING_SECONDS / ((performance.now() - started) / 1000),
    cpuPerFrame: ((childrenCpu() - cpu) / (CEILING_SECONDS * 30)) * 1000,
  };
}

/** Measures the ceiling and prints it. */
async function measureCeiling(): Promise<{ speed: number; cpuPerFrame: number }> {
  const ceiling = await encoderCeiling();
  console.log(
    `encoder ceiling (testsrc2 1080p30, x264 veryfast): ${ceiling.speed.toFixed(2)}× real time, ` +
      `${ceiling.cpuPerFrame.toFixed(1)} ms of CPU a frame`,
  );
  return ceiling;
}

/** CPU seconds of the children this process has waited for (ffmpeg), from /proc/self/stat. */
function childrenCpu(): number {
  const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1]!.split(' ');
  // After the command: state is field 3, so cutime (16) and cstime (17) are at 13 and 14.
  return (Number(fields[13]) + Number(fields[14])) / 100;
}

/** CPU seconds of this process's main thread (the pipeline; workers draw), from /proc. */
function mainThreadCpu(): number {
  const fields = readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

const mark = (ok: boolean) => (ok ? 'met' : 'NOT met');

async function main() {
  console.log(`render bench: ${path.relative(process.cwd(), project)}, ${availableParallelism()} cores`);
  const movie = JSON.parse(await readFile(project, 'utf8'));
  const counts = process.env.BENCH_CHUNKS?.split(',').map(Number) ?? [undefined];
  // Built before timing, as a server builds it when it starts (`prebuildChunkWorker`).
  await chunkWorkerUrl();
  // The ceiling is measured just before and just after each render and the two averaged: a
  // shared machine's load changes within minutes, and a ratio means something only between
  // neighbouring runs (the two readings are printed, so a drifting machine shows).
  for (const chunks of counts) {
    const before = await measureCeiling();
    const rendered = await renderOnce(movie, chunks);
    const after = await measureCeiling();
    report(rendered, {
      speed: (before.speed + after.speed) / 2,
      cpuPerFrame: (before.cpuPerFrame + after.cpuPerFrame) / 2,
    });
  }
}

type Rendered = Awaited<ReturnType<typeof renderMovie>> & {
  peak: number;
  nodeCpu: number;
  ffmpegCpu: number;
  pipelineCpu: number;
};

/** Renders the movie once, measuring CPU and peak memory. */
async function renderOnce(movie: unknown, chunks: number | undefined): Promise<Rendered> {
  const dir = await mkdtemp(path.join(tmpdir(), 'reelwright-bench-'));
  try {
    const stop = watchMemory();
    const cpu = process.cpuUsage();
    const childCpu = childrenCpu();
    const mainCpu = mainThreadCpu();
    const result = await renderMovie({
      movie,
      output: path.join(dir, 'out.mp4'),
      localFiles: path.dirname(project),
      chunks,
    });
    const peak = stop();
    const used = process.cpuUsage(cpu);
    return {
      ...result,
      peak,
      nodeCpu: (used.user + used.system) / 1e6,
      ffmpegCpu: childrenCpu() - childCpu,
      pipelineCpu: mainThreadCpu() - mainCpu,
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Prints a render's figures against the ceiling and the targets. */
function report(result: Rendered, ceiling: { speed: number; cpuPerFrame: number }) {
  const { peak, nodeCpu, ffmpegCpu, pipelineCpu } = result;
  const speed = result.duration / result.renderSeconds;
  const fps = result.frames / result.renderSeconds;
  const gb = peak / 1024 ** 3;
  console.log(
    `render: ${result.frames} frames, ${result.duration.toFixed(1)} s of video in ${result.renderSeconds.toFixed(2)} s, ` +
      `${result.chunks} chunk${result.chunks === 1 ? '' : 's'}`,
  );
  const perFrame = (seconds: number) => ((seconds / result.frames) * 1000).toFixed(1);
  console.log(
    `  cpu: node ${nodeCpu.toFixed(1)} s (${perFrame(nodeCpu)} ms a frame: draw, read back, convert, hand over; ` +
      `${perFrame(pipelineCpu)} of it on the main thread), ` +
      `ffmpeg ${ffmpegCpu.toFixed(1)} s (${perFrame(ffmpegCpu)} ms a frame: encode, audio, join), ` +
      `${((nodeCpu + ffmpegCpu) / result.renderSeconds).toFixed(2)} cores busy; ` +
      `${perFrame(nodeCpu + ffmpegCpu)} ms in all, ${(ceiling.cpuPerFrame / ((1000 * (nodeCpu + ffmpegCpu)) / result.frames)).toFixed(2)} of the ceiling's CPU efficiency`,
  );
  const rows: [string, string, string, string][] = [
    ['speed', `${speed.toFixed(2)}× real time (${fps.toFixed(1)} fps)`, '≥ 2×', mark(speed >= 2)],
    [
      'vs ceiling',
      `${(speed / ceiling.speed).toFixed(2)} of ${ceiling.speed.toFixed(2)}× (mean of before and after)`,
      '≥ 0.8',
      mark(speed / ceiling.speed >= 0.8),
    ],
    ['peak memory', `${gb.toFixed(2)} GB (process + ffmpeg, RSS)`, '< 1.5 GB', mark(gb < 1.5)],
    ['output size', `${(result.bytes / 1e6).toFixed(2)} MB`, '12–16 MB (DESIGN §7)', 'reported'],
  ];
  for (const [name, value, target, verdict] of rows)
    console.log(`  ${name.padEnd(12)} ${value.padEnd(40)} target ${target.padEnd(22)} ${verdict}`);
}

await main();
