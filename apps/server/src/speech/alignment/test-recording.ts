/**
 * Test and bench helper: a "recording" whose sentence boundaries are known exactly. Each sentence
 * is spoken by eSpeak with another voice and rate than the aligner's, trimmed to its speech, and
 * ffmpeg joins them with silences between (and a quiet room's noise under everything), encoded
 * to MP3 as the save-mp3 route stores recordings.
 */
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { runTool } from '../../render/ffmpeg';
import { parseWav } from './pcm';
import { speechSpan, type WavSpeaker } from './synthetic';

export type TestRecording = {
  /** The MP3 file (in `dir`; remove `dir` when done). */
  file: string;
  dir: string;
  /** Each sentence's true start and end in the recording (seconds). */
  truth: { start: number; end: number }[];
  seconds: number;
};

export type TestRecordingOptions = {
  voice: string;
  rate: number;
  /** Seconds of silence before each sentence (the first is the lead-in); cycled. */
  pauses: readonly number[];
  /** Noise under everything, 0–1 amplitude (0 for none). */
  noise?: number;
};

export async function buildTestRecording(
  speaker: WavSpeaker,
  sentences: readonly string[],
  options: TestRecordingOptions,
): Promise<TestRecording> {
  const dir = await mkdtemp(path.join(tmpdir(), 'rw-align-test-'));
  const clips = await Promise.all(
    sentences.map((s) => speaker.speakWav(s, options.voice, { rate: options.rate }).then(parseWav)),
  );
  const sampleRate = clips[0]?.sampleRate ?? 22_050;
  const inputs: string[] = [];
  const truth: { start: number; end: number }[] = [];
  let at = 0;
  for (const [index, clip] of clips.entries()) {
    const pause = options.pauses[index % options.pauses.length] as number;
    const { from, to } = speechSpan(clip.samples);
    const speech = clip.samples.subarray(from, to);
    const file = path.join(dir, `s${index}.raw`);
    await writeFile(file, Buffer.from(speech.buffer, speech.byteOffset, speech.byteLength));
    inputs.push('-f', 'lavfi', '-t', pause.toFixed(3), '-i', `anullsrc=r=${sampleRate}:cl=mono`);
    inputs.push('-f', 's16le', '-ar', String(sampleRate), '-ac', '1', '-i', file);
    at += pause;
    truth.push({ start: at, end: at + speech.length / sampleRate });
    at += speech.length / sampleRate;
  }
  const tail = options.pauses[0] as number;
  inputs.push('-f', 'lavfi', '-t', tail.toFixed(3), '-i', `anullsrc=r=${sampleRate}:cl=mono`);
  const seconds = at + tail;
  const parts = clips.length * 2 + 1;
  const joined = `${Array.from({ length: parts }, (_, i) => `[${i}:a]`).join('')}concat=n=${parts}:v=0:a=1[speech]`;
  const noise = options.noise ?? 0.002;
  const filter =
    noise > 0
      ? `${joined};anoisesrc=r=${sampleRate}:a=${noise}:c=pink:seed=7:d=${seconds.toFixed(3)}[noise];[speech][noise]amix=inputs=2:normalize=0[out]`
      : joined.replace('[speech]', '[out]');
  const file = path.join(dir, 'recording.mp3');
  await runTool('ffmpeg', [
    ...['-v', 'error', '-y', ...inputs, '-filter_complex', filter, '-map', '[out]'],
    ...['-ac', '1', '-codec:a', 'libmp3lame', '-q:a', '4', file],
  ]);
  return { file, dir, truth, seconds };
}

/** Errors of aligned boundaries (starts and ends) against the truth: median and worst, seconds. */
export function boundaryErrors(
  truth: readonly { start: number; end: number }[],
  found: readonly { start: number; end: number }[],
): { median: number; worst: number; errors: number[] } {
  const errors = truth.flatMap((t, i) => {
    const f = found[i] as { start: number; end: number };
    return [Math.abs(f.start - t.start), Math.abs(f.end - t.end)];
  });
  const sorted = [...errors].sort((a, b) => a - b);
  const mid = sorted.length / 2;
  const median =
    sorted.length % 2
      ? (sorted[Math.floor(mid)] as number)
      : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
  return { median, worst: sorted.at(-1) ?? 0, errors };
}

/** A script of ten sentences for alignment tests and the bench (issue 5 asks for at least 8). */
export const COFFEE_SCRIPT = [
  'Coffee is one of the most traded goods in the world.',
  'The beans grow inside bright red cherries on shrubs in tropical countries.',
  'Farmers often pick the ripe cherries by hand, one at a time.',
  'After the harvest, the seeds are washed, dried and sorted.',
  'Roasting brings out hundreds of aromas that were hidden in the green bean.',
  'A light roast keeps more acidity, while a dark roast tastes bitter and smoky.',
  'Grinding should happen just before brewing, so the flavour stays fresh.',
  'Water that is too hot can burn the grounds and spoil the cup.',
  'Espresso forces hot water through finely ground coffee under high pressure.',
  'Whatever your method, a good cup needs fresh beans and a little patience.',
];
