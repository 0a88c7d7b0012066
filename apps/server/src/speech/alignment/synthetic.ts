/**
 * The script spoken by the embedded eSpeak NG, fragment by fragment: each fragment's WAV is
 * trimmed to its speech and the pieces are joined with fixed silences, so the synthetic speech's
 * fragment boundaries are known to the sample (eSpeak reports no word timings).
 */
import type { SynthesisOptions } from '../../providers/tts/types';
import { type Int16Audio, type Pcm, parseWav, resampleInt16 } from './pcm';
import type { Fragment } from './script';

/** What the aligner needs of a speech engine: a WAV for a text and an eSpeak voice name. */
export type WavSpeaker = {
  speakWav(text: string, espeakVoice: string, options?: SynthesisOptions): Promise<Buffer>;
};

/** The synthetic speech, and where each fragment's speech starts and ends in it (seconds). */
export type SyntheticScript = { pcm: Pcm; spans: { start: number; end: number }[]; seconds: number };

/** Silence before the first fragment, between fragments, and after the last. */
const GAP_SECONDS = 0.2;
/** Samples below this (of 32767) count as silence when trimming a fragment. */
const SILENCE_LEVEL = 300;

/** The span of a fragment's samples that is speech: first to last sample louder than silence. */
export function speechSpan(samples: Int16Array): { from: number; to: number } {
  let from = 0;
  while (from < samples.length && Math.abs(samples[from] as number) < SILENCE_LEVEL) from++;
  let to = samples.length;
  while (to > from && Math.abs(samples[to - 1] as number) < SILENCE_LEVEL) to--;
  return { from, to };
}

/** Speaks every fragment (in parallel, as the engine's threads allow) and joins them. */
export async function synthesiseScript(
  speaker: WavSpeaker,
  fragments: readonly Fragment[],
  voice: string,
  options: SynthesisOptions = {},
): Promise<SyntheticScript> {
  const clips = await Promise.all(fragments.map((f) => speaker.speakWav(f.text, voice, options).then(parseWav)));
  const sampleRate = clips[0]?.sampleRate ?? 22_050;
  const gap = Math.round(GAP_SECONDS * sampleRate);
  const pieces: Int16Array[] = [];
  const spans: { start: number; end: number }[] = [];
  let length = gap;
  for (const clip of clips) {
    if (clip.sampleRate !== sampleRate) throw new Error('eSpeak changed its sample rate between fragments');
    const { from, to } = speechSpan(clip.samples);
    // A fragment eSpeak made no sound for (only symbols) still gets a moment of its own.
    const speech = to > from ? clip.samples.subarray(from, to) : new Int16Array(Math.round(0.05 * sampleRate));
    spans.push({ start: length / sampleRate, end: (length + speech.length) / sampleRate });
    pieces.push(speech);
    length += speech.length + gap;
  }
  const joined = new Int16Array(length);
  let at = gap;
  for (const piece of pieces) {
    joined.set(piece, at);
    at += piece.length + gap;
  }
  const audio: Int16Audio = { samples: joined, sampleRate };
  return { pcm: await resampleInt16(audio), spans, seconds: length / sampleRate };
}
