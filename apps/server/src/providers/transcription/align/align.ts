/**
 * Forced alignment of a recording with its script, the aeneas way: the script is spoken by the
 * embedded eSpeak NG fragment by fragment (so each fragment's place in the synthetic speech is
 * known, and each word's: `synthetic.ts`), both signals become MFCC sequences, dynamic time
 * warping matches them frame to frame, and each word boundary of the synthetic speech is carried
 * across the warping path to the recording's time. The warp may match the recording's pauses as
 * pauses at any word boundary (`pause-model.ts`), so a speaker who stops inside a line has the
 * words before the pause end before it and the words after it start after it.
 */
import { type Boundary, boundaryRows, type DtwOptions, type FeatureMatrix, warp } from './dtw';
import { computeMfcc, FRAME_HOP_SECONDS, frameTime, MFCC_COEFFICIENTS, type Mfcc } from './mfcc';
import { type PauseWord, pauseModel } from './pause-model';
import { decodeAudioFile, type Pcm, pcmSeconds } from './pcm';
import { type Fragment, fragmentsOf } from './script';
import { keptFrames, quietLevel, speechMask } from './silence';
import { type SyntheticSpan, synthesiseScript, type WavSpeaker } from './synthetic';

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

/** The warp's cost of a step that stretches one signal against the other (see `DtwOptions`). */
const STRETCH_COST = 4;

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
  if (recordingMfcc.frames < 2) throw new AlignmentError('The recording is too short to align.');
  const rows = featuresOf(
    recordingMfcc,
    Int32Array.from({ length: recordingMfcc.frames }, (_, f) => f),
  );
  const kept = keptFrames(speechMask(syntheticMfcc.energy));
  const { words, boundaries } = scriptWords(fragments, synthetic.spans, kept, syntheticMfcc.frames);
  const quietBelow = quietLevel(syntheticMfcc.energy) ?? Number.NEGATIVE_INFINITY;
  const quiet = Uint8Array.from(kept, (f) => ((syntheticMfcc.energy[f] as number) < quietBelow ? 1 : 0));
  const pauses = pauseModel(
    rows,
    recordingMfcc.energy,
    boundaries,
    words.map((word) => word.pause),
    quiet,
  );
  const path = warp(rows, featuresOf(syntheticMfcc, kept), { stretchCost: STRETCH_COST, ...input.dtw }, pauses);
  const found = soundEdges(boundaryRows(path, boundaries, pauses.owners), recordingMfcc.energy);

  const clampTime = (time: number) => Math.min(seconds, Math.max(0, time));
  /** A recording frame's time; `side` -1 its start, +1 its end. */
  const timeOf = (row: number, side: -1 | 1) => clampTime(frameTime(row) + (side * FRAME_HOP_SECONDS) / 2);
  const timed = words.map((word, g) => {
    const start = timeOf((found[g] as Boundary).start, -1);
    return { content: word.content, start, end: Math.max(start, timeOf((found[g + 1] as Boundary).end, 1)) };
  });
  // A word ends at the latest where the next begins (they can touch within a frame).
  const items = timed.map((word, i) => {
    const nextStart = timed[i + 1]?.start ?? seconds;
    return itemOf(word.content, word.start, Math.max(word.start, Math.min(word.end, nextStart)));
  });
  let first = 0;
  const aligned = fragments.map((fragment): AlignedFragment => {
    const own = timed.slice(first, first + fragment.words.length);
    first += fragment.words.length;
    return {
      text: fragment.text,
      text_index: fragment.text_index,
      start: own[0]?.start ?? 0,
      end: own.at(-1)?.end ?? 0,
    };
  });
  return { items, fragments: aligned, seconds };
}

/** How far (frames) a word's end before a pause may move to take in sound the warp took as pause. */
const SOUND_EDGE_FRAMES = 10;

/**
 * Word ends before pauses, moved out to the sound: a word's last sound (a fading /s/, the release
 * of a final /k/ after its silent closure) can pass for the pause, so the end moves to the last
 * frame louder than the quiet level within `SOUND_EDGE_FRAMES` after it. (Starts stay: a frame
 * is loud from the first sound on, a few milliseconds before the word's start, and noise in a
 * pause would draw them early.)
 */
function soundEdges(found: (Boundary & { paused: boolean })[], energy: Float32Array): Boundary[] {
  const level = quietLevel(energy) ?? Number.POSITIVE_INFINITY;
  return found.map(({ end, start, paused }) => {
    let to = end;
    if (paused) {
      for (let row = end + 1; row < start && row - end <= SOUND_EDGE_FRAMES; row++) {
        if ((energy[row] as number) >= level) to = row;
      }
    }
    return { end: to, start };
  });
}

/**
 * Every word of the script, in order, with its start and end in the synthetic speech (a word ends
 * where the next in its fragment starts, the last at its fragment's end), and the boundaries
 * before each word and after the last as columns (kept frames) of the synthetic speech.
 */
function scriptWords(
  fragments: readonly Fragment[],
  spans: readonly SyntheticSpan[],
  kept: Int32Array,
  frames: number,
) {
  const { startColumn, endColumn } = columnsOfTimes(kept, frames);
  const words = fragments.flatMap((fragment, index) => {
    const span = spans[index] as SyntheticSpan;
    return fragment.words.map((word, w) => ({
      content: word.content,
      start: span.words[w] as number,
      end: span.words[w + 1] ?? span.end,
      pause: { weight: word.weight, punctuated: word.punctuated, fragment: index } satisfies PauseWord,
    }));
  });
  const boundaries: Boundary[] = words.map((word, g) => ({
    end: g > 0 ? endColumn((words[g - 1] as { end: number }).end) : -1,
    start: startColumn(word.start),
  }));
  boundaries.push({ end: endColumn((words.at(-1) as { end: number }).end), start: kept.length });
  return { words, boundaries };
}

/**
 * The synthetic speech's columns (its kept frames) for its times: where speech starting at `t`
 * starts (the first kept frame at or after it) and where speech ending at `t` ends (the last
 * kept frame before it).
 */
function columnsOfTimes(kept: Int32Array, frames: number) {
  const { next, previous } = neighbours(kept, frames);
  /** The frame whose centre is the first at or after `t`. */
  const frameFrom = (t: number) => Math.min(frames - 1, Math.max(0, Math.ceil((t - frameTime(0)) / FRAME_HOP_SECONDS)));
  return {
    startColumn: (t: number) => next[frameFrom(t)] as number,
    endColumn: (t: number) => previous[Math.max(0, frameFrom(t) - 1)] as number,
  };
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

const itemOf = (content: string, start: number, end: number): TranscriptItem => ({
  type: 'pronunciation',
  alternatives: [{ content }],
  start_time: start.toFixed(3),
  end_time: end.toFixed(3),
});
