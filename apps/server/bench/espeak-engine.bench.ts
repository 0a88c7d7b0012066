/**
 * The eSpeak engine benchmark (issue 15, item 13): the engine alone (WAV out, no MP3 encode) on 20
 * English sentences — the first call of a new engine (start-up included), the latency and CPU time
 * (of the server process and the engine's processes, from Linux's /proc) of calls one at a time,
 * and the wall time of all 20 at once on 2 processes.
 *
 * `BENCH_ESPEAK_BASELINE=<commit>` also measures that commit's engine, extracted with `git show`
 * under node_modules/.cache (where `espeak-ng` still resolves), in alternating rounds of one run:
 * e.g. the worker-thread engine this one replaced. Its option was `threads`; both are passed.
 * Run: `node --import tsx bench/espeak-engine.bench.ts` (BENCH_ESPEAK_ROUNDS, default 2).
 */
import { execFile } from 'node:child_process';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { EspeakEngine } from '../src/providers/tts/espeak/engine';

/** `pids` when the engine runs child processes (the worker-thread baseline has none). */
type Engine = Pick<EspeakEngine, 'run' | 'close'> & { pids?: number[] };
type MakeEngine = (processes: number) => Engine;

const SENTENCES = [
  'Coffee is one of the most traded goods in the world.',
  'The beans grow inside bright red cherries on shrubs in tropical countries.',
  'Farmers pick them by hand when they are ripe.',
  'After drying, the seeds are roasted, which brings out hundreds of aromas.',
  'A good cup depends on fresh beans, the right grind and clean water.',
  'Espresso is made by forcing hot water through finely ground coffee.',
  'Many people drink their first cup before breakfast.',
  'Light roasts keep more of the fruit, dark roasts taste of chocolate.',
  'The word coffee came into English from the Dutch, in the sixteenth century.',
  'Ethiopia is said to be the birthplace of the coffee plant.',
  'Brazil has been the largest producer for over a century.',
  'Cold brew steeps for twelve hours or more in cool water.',
  'Decaffeinated beans are washed before they are roasted.',
  'Baristas weigh their coffee to the tenth of a gram.',
  'A French press leaves the oils in the cup, and a paper filter takes them out.',
  'Milk foams best when it is cold and fresh.',
  'Instant coffee is brewed, then dried to a powder or to granules.',
  'Arabica grows high in the mountains, robusta lower down and in more heat.',
  'Stored in an airtight jar, roasted beans keep their taste for weeks.',
  'And then, of course, there is tea.',
];
const ROUNDS = Number(process.env.BENCH_ESPEAK_ROUNDS ?? 2);
const job = (text: string) => ({
  args: ['-v', 'gmw/en-US+f3', '-s', '175', '-p', '50', '-b', '1', '-w', '/out.wav', '-f', '/input.txt'],
  input: text,
  output: '/out.wav',
});
/** Seconds of 16-bit mono 22.05 kHz audio in a WAV (its 44-byte header aside). */
const secondsOf = (wav: Buffer | undefined) => ((wav?.length ?? 44) - 44) / 2 / 22_050;
const ms = (from: number) => performance.now() - from;
/** Linux's USER_HZ: /proc reports CPU time in hundredths of a second. */
const CLOCK_TICKS = 100;

/** CPU time so far of this process (all its threads) plus the engine's processes, in ms. */
async function cpuMs(engine: Engine): Promise<number> {
  const own = process.cpuUsage();
  let children = 0;
  for (const pid of engine.pids ?? []) {
    // utime and stime are fields 14 and 15 of /proc/<pid>/stat: 11 and 12 after the command.
    const fields = (await readFile(`/proc/${pid}/stat`, 'utf8')).split(') ')[1]?.split(' ') ?? [];
    children += ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
  }
  return (own.user + own.system) / 1000 + children;
}
const percentile = (values: number[], p: number) =>
  values.slice().sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))] as number;

async function measure(make: MakeEngine) {
  const single = make(1);
  let started = performance.now();
  await single.run(job('Warming up.'));
  const firstCall = ms(started);
  const latencies: number[] = [];
  let audio = 0;
  const cpuBefore = await cpuMs(single);
  started = performance.now();
  for (const sentence of SENTENCES) {
    const call = performance.now();
    audio += secondsOf((await single.run(job(sentence))).file);
    latencies.push(ms(call));
  }
  const sequential = ms(started);
  const cpu = (await cpuMs(single)) - cpuBefore;
  await single.close();

  const pair = make(2);
  await Promise.all([pair.run(job('Warming up.')), pair.run(job('Warming up, too.'))]);
  started = performance.now();
  await Promise.all(SENTENCES.map((sentence) => pair.run(job(sentence))));
  const parallel = ms(started);
  await pair.close();
  const [p50, p95] = [percentile(latencies, 0.5), percentile(latencies, 0.95)];
  return { firstCall, sequential, cpu, audio, p50, p95, parallel };
}

/** The engine of another commit, written beside this repository's node_modules. */
async function baselineOf(commit: string): Promise<MakeEngine> {
  const dir = fileURLToPath(new URL(`../node_modules/.cache/reelwright/espeak-baseline-${commit}/`, import.meta.url));
  await mkdir(dir, { recursive: true });
  const source = 'apps/server/src/providers/tts/espeak';
  const { stdout: files } = await promisify(execFile)('git', [
    'ls-tree',
    '--full-tree',
    '--name-only',
    commit,
    `${source}/`,
  ]);
  // The engine and the script it starts (the rest of the folder imports from the server).
  for (const file of files.split('\n').filter((f) => f.endsWith('/engine.ts') || f.endsWith('.mjs'))) {
    const { stdout } = await promisify(execFile)('git', ['show', `${commit}:${file}`], { maxBuffer: 1 << 24 });
    await writeFile(path.join(dir, path.basename(file)), stdout);
  }
  const { EspeakEngine: Baseline } = await import(pathToFileURL(path.join(dir, 'engine.ts')).href);
  return (processes) => new Baseline({ threads: processes, processes }) as Engine;
}

const engines: [string, MakeEngine][] = [['child processes', (processes) => new EspeakEngine({ processes })]];
const baseline = process.env.BENCH_ESPEAK_BASELINE;
if (baseline) engines.push([`baseline ${baseline}`, await baselineOf(baseline)]);

console.log(`eSpeak engine (WAV only), ${SENTENCES.length} English sentences, voice en-us+f3, ${ROUNDS} rounds`);
for (let round = 1; round <= ROUNDS; round++) {
  for (const [label, make] of engines) {
    const r = await measure(make);
    console.log(
      `  round ${round}, ${label}: first call ${r.firstCall.toFixed(0)} ms;` +
        ` one at a time ${r.sequential.toFixed(0)} ms (p50 ${r.p50.toFixed(0)}, p95 ${r.p95.toFixed(0)} ms a call,` +
        ` ${(r.audio / (r.sequential / 1000)).toFixed(1)} s of audio per second,` +
        ` CPU ${(r.cpu / SENTENCES.length).toFixed(0)} ms a call);` +
        ` all at once on 2 ${r.parallel.toFixed(0)} ms`,
    );
  }
}
