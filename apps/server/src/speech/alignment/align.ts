/**
 * Forced alignment of a recording with its script, the aeneas way: the script is spoken by the
 * embedded eSpeak NG fragment by fragment (so each fragment's place in the synthetic speech is
 * known), both signals become MFCC sequences, dynamic time warping matches them frame to frame,
 * and each known boundary of the synthetic speech is carried across the warping path to the
 * recording's time. Words inside a fragment are placed in proportion to their letters within
 * the synthetic fragment, then carried across the same path, so a speaker's local pace moves
 * them too.
 */
import { type DtwOptions, type FeatureMatrix, rowsOfColumns, warp } from './dtw';
import { computeMfcc, FRAME_HOP_SECONDS, frameTime, MFCC_COEFFICIENTS, type Mfcc } from './mfcc';
import { decodeAudioFile, type Pcm, pcmSeconds } from './pcm';
import { type Fragment, fragmentsOf } from './script';
import { keptFrames, speechMask } from './silence';
import { synthesiseScript, type WavSpeaker } from './synthetic';

/** A word with its time in the recording, in AWS Transcribe's JSON shape (times in seconds, as strings). */
export type TranscriptItem = {
  type: 'pronunciation';
  alternatives: [{ content: string }];
  start_time: string;
  end_time: string;
};

/** A fragment of the script and where it was found in the recording (seconds). */
export type AlignedFragment = { text: string; text_index: number; start: number; end: number };

export type AlignmentResult = {
  items: TranscriptItem[];
  fragments: AlignedFragment[];
  /** Seconds of recording aligned. */
  seconds: number;
};

export type AlignInput = {
  /** The recording: a file ffmpeg reads, or PCM already decoded (mono 16 kHz float). */
  recording: string | Pcm;
  /** The script, one entry per slide text. */
  texts: readonly string[];
  /** The speech engine (the embedded eSpeak provider). */
  speaker: WavSpeaker;
  /** eSpeak voice to synthesise with; default `en-us+f3`, the default voice's. */
  voice?: string;
  /** Cut long sentences into phrases (more anchors); default true. */
  phrases?: boolean;
  dtw?: DtwOptions;
};

/** The eSpeak voice the default free voice (`espeak:en-us+f3`) speaks with. */
export const ALIGN_DEFAULT_VOICE = 'en-us+f3';

/** The script has no words, or the recording no sound: nothing to align. */
export class AlignmentError extends Error {
  override name = 'AlignmentError';
}

/** Aligns a recording with its script; see the file comment. */
export async function alignScript(input: AlignInput): Promise<AlignmentResult> {
  const fragments = fragmentsOf(input.texts, { phrases: input.phrases });
  if (fragments.length === 0) throw new AlignmentError('The script has no words to align.');
  const [recording, synthetic] = await Promise.all([
    typeof input.recording === 'string' ? decodeAudioFile(input.recording) : input.recording,
    synthesiseScript(input.speaker, fragments, input.voice ?? ALIGN_DEFAULT_VOICE),
  ]);
  const seconds = pcmSeconds(recording);
  const recordingMfcc = computeMfcc(recording);
  const syntheticMfcc = computeMfcc(synthetic.pcm);
  const recordingKept = keptFrames(speechMask(recordingMfcc.energy));
  const syntheticKept = keptFrames(speechMask(syntheticMfcc.energy));
  if (recordingKept.length < 2) throw new AlignmentError('The recording is too short to align.');
  const path = warp(featuresOf(recordingMfcc, recordingKept), featuresOf(syntheticMfcc, syntheticKept), input.dtw);
  const { first, last } = rowsOfColumns(path, syntheticKept.length);
  const { next, previous } = neighbours(syntheticKept, syntheticMfcc.frames);
  const clampTime = (time: number) => Math.min(seconds, Math.max(0, time));
  const frames = syntheticMfcc.frames;
  /** Frames whose centre is at or after `t`, before `t`. */
  const frameFrom = (t: number) => Math.min(frames - 1, Math.max(0, Math.ceil((t - frameTime(0)) / FRAME_HOP_SECONDS)));

  const edges = speechEdges(recordingKept);
  /** A kept recording frame's time; `side` -1 its start, +1 its end. */
  const timeOf = (keptIndex: number, side: -1 | 1) =>
    clampTime(frameTime(recordingKept[keptIndex] as number) + (side * FRAME_HOP_SECONDS) / 2);

  /**
   * Where speech that starts at `t` in the synthetic speech starts in the recording. A fragment
   * starts after a pause in the synthetic speech; where the recording pauses within
   * `SNAP_FRAMES` of the warped place, the fragment starts when that pause ends (the two
   * pauses are the same one; DTW alone is unsure by a few frames which side of it a frame is).
   */
  const startOf = (t: number, snap: boolean) => {
    const row = first[next[frameFrom(t)] as number] as number;
    return timeOf(snap ? nearest(edges.onsets, row) : row, -1);
  };
  /** Where speech that ends at `t` in the synthetic speech ends in the recording (snapped alike). */
  const endOf = (t: number, snap: boolean) => {
    const row = last[previous[Math.max(0, frameFrom(t) - 1)] as number] as number;
    return timeOf(snap ? nearest(edges.offsets, row) : row, 1);
  };

  const timed: { content: string; start: number; end: number }[] = [];
  const aligned: AlignedFragment[] = [];
  fragments.forEach((fragment, index) => {
    const bounds = wordBounds(fragment, synthetic.spans[index] as { start: number; end: number });
    const lastWord = fragment.words.length - 1;
    fragment.words.forEach((word, w) => {
      const start = startOf(bounds[w] as number, w === 0);
      timed.push({
        content: word.content,
        start,
        end: Math.max(start, endOf(bounds[w + 1] as number, w === lastWord)),
      });
    });
    const words = timed.slice(-fragment.words.length);
    aligned.push({
      text: fragment.text,
      text_index: fragment.text_index,
      start: words[0]?.start ?? 0,
      end: words.at(-1)?.end ?? 0,
    });
  });
  // A word ends at the latest where the next begins (they can touch within a frame).
  const items = timed.map((word, i) => {
    const nextStart = timed[i + 1]?.start ?? seconds;
    return itemOf(word.content, word.start, Math.max(word.start, Math.min(word.end, nextStart)));
  });
  return { items, fragments: aligned, seconds };
}

/** How far (kept frames, 10 ms each) a fragment's edge moves to meet a pause in the recording. */
const SNAP_FRAMES = 30;

/**
 * The edges of the recording's pauses among its kept frames: `onsets[k]`, a kept frame right
 * after a pause (or the first), `offsets[k]` one right before a pause (or the last).
 */
function speechEdges(kept: Int32Array): { onsets: number[]; offsets: number[] } {
  const onsets = [0];
  const offsets: number[] = [];
  for (let k = 1; k < kept.length; k++) {
    if ((kept[k] as number) - (kept[k - 1] as number) > 1) {
      offsets.push(k - 1);
      onsets.push(k);
    }
  }
  offsets.push(kept.length - 1);
  return { onsets, offsets };
}

/** The edge nearest `row` if it is within `SNAP_FRAMES`, else `row` (edges ascending). */
function nearest(edges: readonly number[], row: number): number {
  let lo = 0;
  let hi = edges.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((edges[mid] as number) < row) lo = mid + 1;
    else hi = mid;
  }
  let best = row;
  let distance = SNAP_FRAMES + 1;
  for (const candidate of [edges[lo - 1], edges[lo]]) {
    if (candidate === undefined) continue;
    const d = Math.abs(candidate - row);
    if (d < distance) {
      best = candidate;
      distance = d;
    }
  }
  return best;
}

/**
 * For each original frame, the index among the kept frames of the first kept frame at or after
 * it (`next`) and of the last kept frame at or before it (`previous`).
 */
function neighbours(kept: Int32Array, frames: number): { next: Int32Array; previous: Int32Array } {
  const next = new Int32Array(frames);
  const previous = new Int32Array(frames);
  let k = 0;
  for (let f = 0; f < frames; f++) {
    while (k < kept.length - 1 && (kept[k] as number) < f) k++;
    next[f] = k;
  }
  k = kept.length - 1;
  for (let f = frames - 1; f >= 0; f--) {
    while (k > 0 && (kept[k] as number) > f) k--;
    previous[f] = k;
  }
  return { next, previous };
}

/** The features DTW compares: c1 … c12 (c0, the loudness, differs too much between voices and rooms). */
function featuresOf(mfcc: Mfcc, kept: Int32Array): FeatureMatrix {
  const dims = MFCC_COEFFICIENTS - 1;
  const data = new Float32Array(kept.length * dims);
  for (let k = 0; k < kept.length; k++) {
    const row = (kept[k] as number) * MFCC_COEFFICIENTS;
    for (let d = 0; d < dims; d++) data[k * dims + d] = mfcc.data[row + d + 1] as number;
  }
  return { frames: kept.length, dims, data };
}

/** The fragment's word boundaries in the synthetic speech: its span cut in proportion to the words' letters. */
function wordBounds(fragment: Fragment, span: { start: number; end: number }): number[] {
  const total = fragment.words.reduce((sum, w) => sum + w.weight, 0);
  const bounds = [span.start];
  let sum = 0;
  for (const word of fragment.words) {
    sum += word.weight;
    bounds.push(span.start + ((span.end - span.start) * sum) / total);
  }
  return bounds;
}

const itemOf = (content: string, start: number, end: number): TranscriptItem => ({
  type: 'pronunciation',
  alternatives: [{ content }],
  start_time: start.toFixed(3),
  end_time: end.toFixed(3),
});
