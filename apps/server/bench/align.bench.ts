/**
 * The voice-over alignment benchmark (issues 5 and 16): how far the embedded aligner (eSpeak NG
 * synthesis of the script, ffmpeg decoding, MFCC, multi-resolution DTW with pauses) puts each
 * word's start from the truth, and how fast, on ~60 s recordings of another eSpeak voice: pauses
 * between sentences only, and pauses inside sentences too (silence, a noisier room, a louder
 * noise in the pause), with the script given as its sentences and as one line.
 *
 * `BENCH_ALIGN_BASELINE=<commit>` also runs that commit's aligner (its `providers/transcription/align` files,
 * extracted with `git show` under node_modules/.cache, importing the rest from this tree) on the
 * same recordings, alternating with this one run by run: before and after in one session.
 * Run: `npm run bench -w apps/server` (after the others) or `node --import tsx bench/align.bench.ts`
 * (BENCH_ALIGN_RUNS, default 3).
 */
import { execFile } from 'node:child_process';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { alignScript } from '../src/providers/transcription/align/align';
import {
  boundaryErrors,
  buildTestRecording,
  COFFEE_SCRIPT,
  type TestRecordingOptions,
  wordStartErrors,
} from '../src/providers/transcription/align/test-recording';
import { createEspeakProvider, type EspeakProvider } from '../src/providers/tts/espeak/provider';

/** The test's script plus one sentence, for about 60 s of speech. */
const SENTENCES = [...COFFEE_SCRIPT, 'Many people drink their first cup before breakfast, and a second one at work.'];
const RUNS = Number(process.env.BENCH_ALIGN_RUNS ?? 3);
const SPEAKER = { voice: 'en-gb-x-rp+m3', rate: 0.85, pauses: [1.0, 0.5, 1.5, 0.8, 1.2, 0.6], wordTruth: true };
const INSIDE = [1.1, 0.5, 1.5, 0.8];
/** Linux's USER_HZ: /proc reports CPU time in hundredths of a second. */
const CLOCK_TICKS = 100;

const CASES: { name: string; options: TestRecordingOptions; oneLine?: boolean }[] = [
  { name: 'pauses between sentences only', options: SPEAKER },
  { name: 'and 0.5–1.5 s of silence inside each', options: { ...SPEAKER, innerPauses: INSIDE } },
  { name: 'the same, script as one line', options: { ...SPEAKER, innerPauses: INSIDE }, oneLine: true },
  { name: 'the same in a noisier room (pink 0.01)', options: { ...SPEAKER, innerPauses: INSIDE, noise: 0.01 } },
  {
    name: 'a louder noise inside the pauses (brown 0.02)',
    options: { ...SPEAKER, innerPauses: INSIDE, innerPauseNoise: 0.02 },
  },
];

type Align = typeof alignScript;

/** The aligner of another commit, written beside this repository's node_modules. */
async function baselineOf(commit: string): Promise<Align> {
  const dir = fileURLToPath(new URL(`../node_modules/.cache/reelwright/align-baseline-${commit}/`, import.meta.url));
  await mkdir(dir, { recursive: true });
  // Commits before issue 20 kept the aligner in speech/alignment.
  const source = 'apps/server/src/providers/transcription/align';
  const run = promisify(execFile);
  const { stdout: files } = await run('git', ['ls-tree', '--full-tree', '--name-only', commit, `${source}/`]);
  const repository = fileURLToPath(new URL('../../../', import.meta.url));
  for (const file of files.split('\n').filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))) {
    const { stdout } = await run('git', ['show', `${commit}:${file}`], { maxBuffer: 1 << 24 });
    // Imports out of the folder (ffmpeg, the speech text) are this tree's files.
    const text = stdout.replace(/from '(\.\.\/[^']+)'/g, (_, relative: string) => {
      const target = path.join(repository, source, relative);
      return `from '${pathToFileURL(target).href}.ts'`;
    });
    await writeFile(path.join(dir, path.basename(file)), text);
  }
  const module = await import(pathToFileURL(path.join(dir, 'align.ts')).href);
  return module.alignScript as Align;
}

/** CPU time so far of this process (all its threads) plus eSpeak's processes, in seconds. */
async function cpuSeconds(espeak: EspeakProvider): Promise<number> {
  const own = process.cpuUsage();
  let children = 0;
  for (const pid of espeak.processIds) {
    // utime and stime are fields 14 and 15 of /proc/<pid>/stat: 11 and 12 after the command.
    const fields = (await readFile(`/proc/${pid}/stat`, 'utf8')).split(') ')[1]?.split(' ') ?? [];
    children += (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
  }
  return (own.user + own.system) / 1e6 + children;
}

/** Each sentence's start and end as aligned: its first word's start, its last word's end. */
function sentenceSpans(items: readonly { start_time: string; end_time: string }[]) {
  let at = 0;
  return SENTENCES.map((sentence) => {
    const count = sentence.split(/\s+/).filter((token) => /[\p{L}\p{N}]/u.test(token)).length;
    const own = items.slice(at, at + count);
    at += count;
    return { start: Number(own[0]?.start_time), end: Number(own.at(-1)?.end_time) };
  });
}

const aligners: [string, Align][] = [['this tree', alignScript]];
const baseline = process.env.BENCH_ALIGN_BASELINE;
if (baseline) aligners.push([`baseline ${baseline}`, await baselineOf(baseline)]);

const espeak = createEspeakProvider({ processes: 2 });
try {
  console.log(
    `Alignment, ${SENTENCES.length} sentences spoken by ${SPEAKER.voice} at ${SPEAKER.rate}×, 2 eSpeak processes, ` +
      `${RUNS} runs of each aligner in turn (errors: mean of the runs' means, worst of all; wall: median; ` +
      'CPU: this process and eSpeak’s, mean)',
  );
  console.log(
    '| recording | aligner | length | word start: mean | worst | sentence edges: median | worst | wall | CPU |',
  );
  for (const { name, options, oneLine } of CASES) {
    const recording = await buildTestRecording(espeak, SENTENCES, options);
    try {
      const texts = oneLine ? [SENTENCES.join(' ')] : SENTENCES;
      // eSpeak's voice variants vary a little from run to run, hence errors over several runs.
      const figures = aligners.map(() => ({ walls: [] as number[], cpu: 0, mean: 0, worst: 0, median: 0, edge: 0 }));
      // A first run of each, untimed, warms up eSpeak's processes and the JIT.
      for (const [, align] of aligners) await align({ recording: recording.file, texts, speaker: espeak });
      for (let run = 0; run < RUNS; run++) {
        for (const [index, [, align]] of aligners.entries()) {
          const f = figures[index] as (typeof figures)[number];
          const cpuBefore = await cpuSeconds(espeak);
          const started = performance.now();
          const result = await align({ recording: recording.file, texts, speaker: espeak });
          f.walls.push((performance.now() - started) / 1000);
          f.cpu += ((await cpuSeconds(espeak)) - cpuBefore) / RUNS;
          const words = wordStartErrors(recording.wordStarts, result.items);
          f.mean += words.mean / RUNS;
          f.worst = Math.max(f.worst, words.worst);
          const edges = boundaryErrors(recording.truth, sentenceSpans(result.items));
          f.median += edges.median / RUNS;
          f.edge = Math.max(f.edge, edges.worst);
        }
      }
      for (const [index, [label]] of aligners.entries()) {
        const f = figures[index] as (typeof figures)[number];
        const wall = f.walls.sort((a, b) => a - b)[Math.floor(f.walls.length / 2)] as number;
        console.log(
          `| ${name} | ${label} | ${recording.seconds.toFixed(1)} s | ${f.mean.toFixed(3)} s | ${f.worst.toFixed(3)} s | ` +
            `${f.median.toFixed(3)} s | ${f.edge.toFixed(3)} s | ${wall.toFixed(2)} s | ${f.cpu.toFixed(2)} s |`,
        );
      }
    } finally {
      await rm(recording.dir, { recursive: true, force: true });
    }
  }
} finally {
  await espeak.close();
}
