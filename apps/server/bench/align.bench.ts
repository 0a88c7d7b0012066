/**
 * The voice-over alignment benchmark (issue 5): seconds of recording aligned per wall second by
 * the embedded aligner (eSpeak NG synthesis of the script fragment by fragment, ffmpeg decoding,
 * MFCC, multi-resolution DTW), for a ~60 s recording of another eSpeak voice with pauses.
 * Run: `npm run bench -w apps/server` (after the others) or `node --import tsx bench/align.bench.ts`.
 */
import { rm } from 'node:fs/promises';
import { createEspeakProvider } from '../src/providers/tts/espeak/provider';
import { alignScript } from '../src/speech/alignment/align';
import { boundaryErrors, buildTestRecording, COFFEE_SCRIPT } from '../src/speech/alignment/test-recording';

/** The test's script plus one sentence, for about 60 s of speech. */
const SENTENCES = [...COFFEE_SCRIPT, 'Many people drink their first cup before breakfast, and a second one at work.'];
const RUNS = Number(process.env.BENCH_ALIGN_RUNS ?? 3);

const espeak = createEspeakProvider({ processes: 2 });
const recording = await buildTestRecording(espeak, SENTENCES, {
  voice: 'en-gb-x-rp+m3',
  rate: 0.85,
  pauses: [1.0, 0.5, 1.5, 0.8, 1.2, 0.6],
});
try {
  await alignScript({ recording: recording.file, texts: SENTENCES.slice(0, 1), speaker: espeak }).catch(() => {});
  const walls: number[] = [];
  let median = 0;
  let worst = 0;
  for (let run = 0; run < RUNS; run++) {
    const started = performance.now();
    const result = await alignScript({ recording: recording.file, texts: SENTENCES, speaker: espeak });
    walls.push((performance.now() - started) / 1000);
    const sentences = result.fragments.reduce<{ start: number; end: number }[]>((spans, f) => {
      const last = spans.at(-1);
      if (last && f.text_index === spans.length - 1) last.end = f.end;
      else spans.push({ start: f.start, end: f.end });
      return spans;
    }, []);
    ({ median, worst } = boundaryErrors(recording.truth, sentences));
  }
  walls.sort((a, b) => a - b);
  const wall = walls[Math.floor(walls.length / 2)] as number;
  console.log(
    `Alignment (eSpeak NG script + MFCC + multi-resolution DTW), ${recording.seconds.toFixed(1)} s recording, ` +
      `${SENTENCES.length} sentences, 2 eSpeak threads, median of ${RUNS} runs`,
  );
  console.log(
    `  ${wall.toFixed(2)} s wall → ${(recording.seconds / wall).toFixed(1)} s of audio aligned per second` +
      ` (sentence-boundary error median ${median.toFixed(3)} s, worst ${worst.toFixed(3)} s)`,
  );
} finally {
  await espeak.close();
  await rm(recording.dir, { recursive: true, force: true });
}
