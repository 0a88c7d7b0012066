/**
 * The script spoken by the embedded eSpeak NG, fragment by fragment: each fragment's speech is
 * trimmed and the pieces are joined with fixed silences, so the synthetic speech's fragment
 * boundaries are known to the sample. eSpeak reports no word timings, so each fragment is spoken
 * together with its remainders (the fragment from its second word on, from its third …) as
 * paragraphs of one text (one eSpeak run a fragment), which tell where its words start
 * (`word-starts.ts`).
 */
import type { SynthesisOptions } from '../../tts/types';
import { type Int16Audio, type Pcm, parseWav, resampleInt16 } from './pcm';
import type { Fragment } from './script';
import { wordStartsOf } from './word-starts';

/** What the aligner needs of a speech engine: a WAV for a text and an eSpeak voice name. */
export type WavSpeaker = {
  speakWav(text: string, espeakVoice: string, options?: SynthesisOptions): Promise<Buffer>;
};

/** Where a fragment's speech starts and ends in the synthetic speech, and each of its words starts (seconds). */
export type SyntheticSpan = { start: number; end: number; words: number[] };

/** The synthetic speech and each fragment's span in it. */
export type SyntheticScript = { pcm: Pcm; spans: SyntheticSpan[]; seconds: number };

/** Silence before the first fragment, between fragments, and after the last. */
const GAP_SECONDS = 0.2;
/** Samples below this (of 32767) count as silence when trimming a fragment. */
const SILENCE_LEVEL = 300;
/** Remainders spoken at most per fragment (the words between them are placed by their letters). */
const MAX_REMAINDERS = 15;
/** What separates the fragment and its remainders: eSpeak pauses about 0.5 s between paragraphs. */
const PARAGRAPH = '\n\n';
/** A paragraph pause is at least this much longer than any pause inside a fragment (a comma's) … */
const PARAGRAPH_PAUSE_RATIO = 1.5;
/** … and at least this long (seconds). */
const MIN_PARAGRAPH_PAUSE = 0.3;

/** The span of a fragment's samples that is speech: first to last sample louder than silence. */
export function speechSpan(samples: Int16Array): { from: number; to: number } {
  let from = 0;
  while (from < samples.length && Math.abs(samples[from] as number) < SILENCE_LEVEL) from++;
  let to = samples.length;
  while (to > from && Math.abs(samples[to - 1] as number) < SILENCE_LEVEL) to--;
  return { from, to };
}

/** Which words' remainders are spoken: every word after the first, or evenly spread ones in a long fragment. */
function remainderWords(words: number): number[] {
  const after = words - 1;
  if (after <= MAX_REMAINDERS) return Array.from({ length: after }, (_, k) => k + 1);
  return [
    ...new Set(
      Array.from({ length: MAX_REMAINDERS }, (_, k) => 1 + Math.round((k * (after - 1)) / (MAX_REMAINDERS - 1))),
    ),
  ];
}

/**
 * Cuts eSpeak's speech of `count` paragraphs at the `count - 1` longest silences; null when those
 * are not clearly paragraph pauses, longer than every other silence (then the paragraphs cannot
 * be told apart).
 */
export function splitParagraphs(audio: Int16Audio, count: number): Int16Array[] | null {
  const { samples, sampleRate } = audio;
  const { from, to } = speechSpan(samples);
  if (count === 1) return [samples.subarray(from, to)];
  type Run = { start: number; end: number };
  const runs: Run[] = [];
  let runStart = -1;
  for (let s = from; s <= to; s++) {
    const quiet = s < to && Math.abs(samples[s] as number) < SILENCE_LEVEL;
    if (quiet && runStart === -1) runStart = s;
    if (!quiet && runStart !== -1) {
      runs.push({ start: runStart, end: s });
      runStart = -1;
    }
  }
  if (runs.length < count - 1) return null;
  const length = (run: Run) => run.end - run.start;
  const byLength = [...runs].sort((a, b) => length(b) - length(a));
  const cuts = byLength.slice(0, count - 1);
  const shortestCut = cuts.at(-1) as Run;
  const longestOther = byLength[count - 1];
  if (length(shortestCut) < MIN_PARAGRAPH_PAUSE * sampleRate) return null;
  if (longestOther && length(shortestCut) < PARAGRAPH_PAUSE_RATIO * length(longestOther)) return null;
  cuts.sort((a, b) => a.start - b.start);
  const pieces: Int16Array[] = [];
  let start = from;
  for (const cut of cuts) {
    pieces.push(samples.subarray(start, cut.start));
    start = cut.end;
  }
  pieces.push(samples.subarray(start, to));
  return pieces;
}

/**
 * Each word's start (samples into the fragment's speech): where its remainder placed it
 * (`located`: word index → start), and in proportion to their letters between those. Without
 * usable remainders, every word is placed by its letters.
 */
export function wordStarts(fragment: Fragment, length: number, located: ReadonlyMap<number, number>): number[] {
  const anchors: [word: number, at: number][] = [[0, 0]];
  for (const [word, at] of [...located].sort((a, b) => a[0] - b[0])) {
    // A start not after the one before it, or past the fragment's end, is not trusted.
    if (at > (anchors.at(-1) as [number, number])[1] && at < length) anchors.push([word, at]);
  }
  anchors.push([fragment.words.length, length]);
  const starts: number[] = [];
  for (let a = 0; a < anchors.length - 1; a++) {
    const [fromWord, fromAt] = anchors[a] as [number, number];
    const [toWord, toAt] = anchors[a + 1] as [number, number];
    const letters = fragment.words.slice(fromWord, toWord).reduce((sum, w) => sum + w.weight, 0);
    let sum = 0;
    for (let w = fromWord; w < toWord; w++) {
      starts.push(fromAt + ((toAt - fromAt) * sum) / letters);
      sum += (fragment.words[w] as { weight: number }).weight;
    }
  }
  return starts;
}

/** One fragment spoken: its speech and its remainders' (word index → speech), at the clip's rate. */
async function speakFragment(
  speaker: WavSpeaker,
  fragment: Fragment,
  voice: string,
  options: SynthesisOptions,
): Promise<{ speech: Int16Array; remainders: Map<number, Int16Array>; sampleRate: number }> {
  const words = remainderWords(fragment.words.length);
  const text = [fragment.text, ...words.map((w) => (fragment.words[w] as { remainder: string }).remainder)];
  const clip = parseWav(await speaker.speakWav(text.join(PARAGRAPH), voice, options));
  const paragraphs = splitParagraphs(clip, text.length);
  // Unsplittable: the fragment is spoken again alone and its words placed by their letters.
  const speech = paragraphs?.[0] ?? (await speakAlone(speaker, fragment, voice, options));
  const remainders = new Map<number, Int16Array>();
  words.forEach((word, k) => {
    const piece = paragraphs?.[k + 1];
    if (piece) remainders.set(word, piece);
  });
  // A fragment eSpeak made no sound for (only symbols) still gets a moment of its own.
  return {
    speech: speech.length > 0 ? speech : new Int16Array(Math.round(0.05 * clip.sampleRate)),
    remainders,
    sampleRate: clip.sampleRate,
  };
}

async function speakAlone(speaker: WavSpeaker, fragment: Fragment, voice: string, options: SynthesisOptions) {
  const { samples } = parseWav(await speaker.speakWav(fragment.text, voice, options));
  const { from, to } = speechSpan(samples);
  return samples.subarray(from, to);
}

/** Speaks every fragment (in parallel, as the engine allows) and joins them. */
export async function synthesiseScript(
  speaker: WavSpeaker,
  fragments: readonly Fragment[],
  voice: string,
  options: SynthesisOptions = {},
): Promise<SyntheticScript> {
  const clips = await Promise.all(fragments.map((f) => speakFragment(speaker, f, voice, options)));
  const sampleRate = clips[0]?.sampleRate ?? 22_050;
  if (clips.some((clip) => clip.sampleRate !== sampleRate))
    throw new Error('eSpeak changed its sample rate between fragments');
  const located = await wordStartsOf(clips, sampleRate);
  const gap = Math.round(GAP_SECONDS * sampleRate);
  const spans: SyntheticSpan[] = [];
  let length = gap;
  clips.forEach((clip, index) => {
    const starts = wordStarts(fragments[index] as Fragment, clip.speech.length, located[index] as Map<number, number>);
    spans.push({
      start: length / sampleRate,
      end: (length + clip.speech.length) / sampleRate,
      words: starts.map((at) => (length + at) / sampleRate),
    });
    length += clip.speech.length + gap;
  });
  const joined = new Int16Array(length);
  let at = gap;
  for (const clip of clips) {
    joined.set(clip.speech, at);
    at += clip.speech.length + gap;
  }
  const audio: Int16Audio = { samples: joined, sampleRate };
  return { pcm: await resampleInt16(audio), spans, seconds: length / sampleRate };
}
