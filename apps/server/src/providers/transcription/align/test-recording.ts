/**
 * Test and bench helper: a "recording" whose sentence and word starts are known. Each sentence
 * is spoken by eSpeak with another voice and rate than the aligner's, trimmed to its speech, and
 * ffmpeg joins them with silences between (and a quiet room's noise under everything), encoded
 * to MP3 as the save-mp3 route stores recordings. On request a pause is also put inside each
 * sentence, between two words near its middle, as a speaker who stops mid-line.
 *
 * eSpeak reports no word timings, so a word's true start is found as the aligner finds those of
 * its own synthetic speech (`word-starts.ts`): from the sentence from that word on, spoken alone
 * by the speaker's voice. (Checked: past its first 150 ms, such a remainder matches the whole
 * sentence's end within a 10 ms frame.)
 */
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { runTool } from '../../../ffmpeg/ffmpeg';
import { parseWav } from './pcm';
import { speechSpan, type WavSpeaker } from './synthetic';
import { wordStartsOf } from './word-starts';

export type TestRecording = {
  /** The MP3 file (in `dir`; remove `dir` when done). */
  file: string;
  dir: string;
  /** Each sentence's true start and end in the recording (seconds; a pause inside it is part of it). */
  truth: { start: number; end: number }[];
  /** Every word's true start (seconds), in script order; empty unless `wordTruth` or `innerPauses` was asked for. */
  wordStarts: number[];
  seconds: number;
};

export type TestRecordingOptions = {
  voice: string;
  rate: number;
  /** Seconds of silence before each sentence (the first is the lead-in); cycled. */
  pauses: readonly number[];
  /** Noise under everything, 0–1 amplitude (0 for none). */
  noise?: number;
  /**
   * Seconds of pause inside each sentence (cycled; 0 for none), before the word nearest its middle
   * that no punctuation precedes (so the script gives the aligner no hint of it).
   */
  innerPauses?: readonly number[];
  /** More room noise (0–1 amplitude, brown: rumble and breath) during the pauses inside sentences. */
  innerPauseNoise?: number;
  /** Find every word's true start (one more eSpeak call a word). */
  wordTruth?: boolean;
};

/** A sentence as the speaker says it: its speech, each word's start in it (samples), and the word a pause goes before. */
type SpokenSentence = { speech: Int16Array; wordOffsets: number[]; cutBefore: number | null };

/** Tokens a word of the aligner's script comes from: those with a letter or digit. */
const isWord = (token: string) => /[\p{L}\p{N}]/u.test(token);

/** Speaks a sentence (trimmed to its speech) and, when asked, each of its remainders (word index → speech). */
async function speakSentence(
  speaker: WavSpeaker,
  sentence: string,
  options: TestRecordingOptions & { findWords: boolean },
): Promise<{ speech: Int16Array; sampleRate: number; remainders: Map<number, Int16Array> }> {
  const speak = async (text: string) => {
    const clip = parseWav(await speaker.speakWav(text, options.voice, { rate: options.rate }));
    const { from, to } = speechSpan(clip.samples);
    return { speech: clip.samples.subarray(from, to), sampleRate: clip.sampleRate };
  };
  const tokens = sentence.split(/\s+/).filter(Boolean);
  const starts = tokens.flatMap((token, index) => (isWord(token) ? [index] : []));
  const [whole, ...rest] = await Promise.all([
    speak(sentence),
    ...(options.findWords ? starts.slice(1).map((index) => speak(tokens.slice(index).join(' '))) : []),
  ]);
  if (!whole) throw new Error('eSpeak gave no audio');
  return { ...whole, remainders: new Map(rest.map((remainder, k) => [k + 1, remainder.speech])) };
}

/**
 * Where to pause inside a sentence: before the word whose start is nearest the middle, of those
 * not right after punctuation (the aligner cuts there anyway). Null when there is no such word.
 */
function innerPauseWord(sentence: string, wordOffsets: readonly number[], length: number): number | null {
  const tokens = sentence.split(/\s+/).filter(Boolean);
  const words = tokens.flatMap((token, index) => (isWord(token) ? [index] : []));
  let best: number | null = null;
  for (let w = 1; w < words.length; w++) {
    const previous = tokens[(words[w] as number) - 1] as string;
    if (/[\p{P}\p{S}]$/u.test(previous)) continue;
    const distance = Math.abs((wordOffsets[w] as number) - length / 2);
    if (best === null || distance < Math.abs((wordOffsets[best] as number) - length / 2)) best = w;
  }
  return best;
}

function wordStart(located: ReadonlyMap<number, number>, word: number): number {
  const at = located.get(word);
  if (at === undefined) throw new Error(`no true start for word ${word}: its remainder is as long as the sentence`);
  return at;
}

/** The quietest sample within 2 ms of `at`, so a cut does not click. */
function quietCut(speech: Int16Array, at: number, sampleRate: number): number {
  const reach = Math.round(0.002 * sampleRate);
  let best = at;
  for (let s = Math.max(1, at - reach); s <= Math.min(speech.length - 1, at + reach); s++) {
    if (Math.abs(speech[s] as number) < Math.abs(speech[best] as number)) best = s;
  }
  return best;
}

export async function buildTestRecording(
  speaker: WavSpeaker,
  sentences: readonly string[],
  options: TestRecordingOptions,
): Promise<TestRecording> {
  const dir = await mkdtemp(path.join(tmpdir(), 'rw-align-test-'));
  const innerPauses = options.innerPauses ?? [];
  const findWords = options.wordTruth === true || innerPauses.some((pause) => pause > 0);
  const spoken = await Promise.all(sentences.map((s) => speakSentence(speaker, s, { ...options, findWords })));
  const sampleRate = spoken[0]?.sampleRate ?? 22_050;
  const located = findWords ? await wordStartsOf(spoken, sampleRate) : [];
  const sentencesSpoken: SpokenSentence[] = spoken.map(({ speech, remainders }, index) => {
    const wordOffsets = findWords
      ? [0, ...[...remainders.keys()].map((word) => wordStart(located[index] as Map<number, number>, word))]
      : [];
    const inner = innerPauses.length > 0 ? (innerPauses[index % innerPauses.length] as number) : 0;
    const word = inner > 0 ? innerPauseWord(sentences[index] as string, wordOffsets, speech.length) : null;
    if (word === null) return { speech, wordOffsets, cutBefore: null };
    const cut = quietCut(speech, wordOffsets[word] as number, sampleRate);
    return { speech, wordOffsets: wordOffsets.map((o, w) => (w === word ? cut : o)), cutBefore: word };
  });

  const inputs: string[] = [];
  const pauseInput = (seconds: number, noise = 0) =>
    inputs.push(
      ...['-f', 'lavfi', '-t', seconds.toFixed(3), '-i'],
      noise > 0 ? `anoisesrc=r=${sampleRate}:a=${noise}:c=brown:seed=11` : `anullsrc=r=${sampleRate}:cl=mono`,
    );
  let pieces = 0;
  const speechInput = async (samples: Int16Array) => {
    const file = path.join(dir, `p${pieces++}.raw`);
    await writeFile(file, Buffer.from(samples.buffer, samples.byteOffset, samples.byteLength));
    inputs.push('-f', 's16le', '-ar', String(sampleRate), '-ac', '1', '-i', file);
  };

  const truth: { start: number; end: number }[] = [];
  const wordStarts: number[] = [];
  let at = 0;
  for (const [index, { speech, wordOffsets, cutBefore }] of sentencesSpoken.entries()) {
    const pause = options.pauses[index % options.pauses.length] as number;
    pauseInput(pause);
    at += pause;
    const start = at;
    let inner = 0;
    if (cutBefore === null) await speechInput(speech);
    else {
      inner = innerPauses[index % innerPauses.length] as number;
      const cut = wordOffsets[cutBefore] as number;
      await speechInput(speech.subarray(0, cut));
      pauseInput(inner, options.innerPauseNoise);
      await speechInput(speech.subarray(cut));
    }
    wordOffsets.forEach((offset, w) => {
      wordStarts.push(start + offset / sampleRate + (cutBefore !== null && w >= cutBefore ? inner : 0));
    });
    at += speech.length / sampleRate + inner;
    truth.push({ start, end: at });
  }
  const tail = options.pauses[0] as number;
  pauseInput(tail);
  const seconds = at + tail;
  const parts = inputs.filter((arg) => arg === '-i').length;
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
  return { file, dir, truth, wordStarts, seconds };
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

/** Errors of aligned word starts against the truth (seconds): mean and worst. */
export function wordStartErrors(
  truth: readonly number[],
  items: readonly { start_time: string }[],
): { mean: number; worst: number; errors: number[] } {
  if (items.length !== truth.length) throw new Error(`${items.length} words aligned, ${truth.length} expected`);
  const errors = truth.map((start, i) => Math.abs(Number(items[i]?.start_time) - start));
  const mean = errors.reduce((sum, e) => sum + e, 0) / Math.max(1, errors.length);
  return { mean, worst: Math.max(0, ...errors), errors };
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
