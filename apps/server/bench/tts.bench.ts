/**
 * The text-to-speech benchmark (issue 5): throughput of the embedded default engine (eSpeak NG
 * in WASM, plus the WAV → MP3 encode with ffmpeg), as seconds of audio per wall second, for a
 * ~60-word English paragraph: one call at a time, then one call per eSpeak process at once.
 * Run: `npm run bench -w apps/server` (after the render bench) or `node --import tsx bench/tts.bench.ts`.
 */
import { availableParallelism } from 'node:os';
import { createEspeakProvider } from '../src/providers/tts/espeak/provider';

const PARAGRAPH =
  'Coffee is one of the most traded goods in the world. The beans grow inside bright red cherries ' +
  'on shrubs in tropical countries, where farmers pick them by hand. After drying, the seeds are ' +
  'roasted, which brings out hundreds of aromas. A good cup depends on fresh beans, the right ' +
  'grind, clean water and a little patience.';
const RUNS = Number(process.env.BENCH_TTS_RUNS ?? 5);

async function measure(processes: number, concurrent: number) {
  const provider = createEspeakProvider({ processes });
  try {
    const voice = (await provider.voices()).find((v) => v.id === 'espeak:en-us+f3');
    if (!voice) throw new Error('eSpeak has no en-us+f3 voice');
    await provider.synthesize('Warming up.', voice);
    let audio = 0;
    const started = performance.now();
    for (let run = 0; run < RUNS; run++) {
      // Each call gets different text, so nothing could be reused between them.
      const results = await Promise.all(
        Array.from({ length: concurrent }, (_, i) => provider.synthesize(`${PARAGRAPH} Take ${run}.${i}.`, voice)),
      );
      for (const result of results) audio += result.duration;
    }
    const wall = (performance.now() - started) / 1000;
    return { audio, wall, calls: RUNS * concurrent };
  } finally {
    await provider.close();
  }
}

const words = PARAGRAPH.split(/\s+/).length;
const processes = Math.max(1, Math.min(4, availableParallelism()));
console.log(`TTS (eSpeak NG WASM + ffmpeg MP3), ${words}-word English paragraph, voice en-us+f3, ${RUNS} rounds`);
for (const [label, t, c] of [
  ['one call at a time, 1 process', 1, 1],
  [`${processes} calls at once, ${processes} processes`, processes, processes],
] as const) {
  const { audio, wall, calls } = await measure(t, c);
  console.log(
    `  ${label}: ${calls} calls, ${audio.toFixed(1)} s of audio in ${wall.toFixed(2)} s` +
      ` → ${(audio / wall).toFixed(1)} s of audio per second (${((wall / calls) * 1000).toFixed(0)} ms a call)`,
  );
}
