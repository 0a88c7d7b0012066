/**
 * Where and how a speaker may pause, for the DTW's pause state (`dtw.ts` `PauseModel`).
 *
 * Where: at every word boundary of the synthetic speech (a frame either side of it, and the
 * synthetic speech's own quiet frames next to it, as at a comma), so a pause inside a line is
 * matched as a pause between two words, not spread over the words around it.
 *
 * How it sounds: like the recording's room tone (the mean features of its quietest tenth of
 * frames), and not loud: a frame louder than halfway between the room and speech (log energy)
 * costs more as a pause, so a hiss or a breath in a pause passes for one, a fricative does not.
 *
 * Before which word: a short word (three letters or fewer: "a", "the", "of", "are" …) belongs with
 * the word after it, and speakers pause before it rather than after it. Across a pause such a
 * word is too short for its sound to tell which side it is on, so a pause right after it costs
 * `SHORT_WORD_PAUSE_ENTRY` once: the path takes it when the sound says so, not on a tie.
 */
import type { Boundary, FeatureMatrix, PauseModel } from './dtw';
import { quietLevel } from './silence';

/** Share of a recording's frames, the quietest, that make its room tone. */
const ROOM_TONE_SHARE = 0.1;
/** Where, between the room (0) and speech (1) in log energy, a pause stops being cheap. */
const PAUSE_CEILING_POSITION = 0.45;
/** Pause cost for each unit of log energy a frame is above that. */
const LOUDNESS_COST = 2;
/** Columns either side of a word boundary the path may pause on (the boundary is known to a frame or two). */
const PAUSE_REACH = 1;
/** Words of this many letters or fewer are short (function words, mostly). */
const SHORT_WORD_LETTERS = 3;
/** What starting a pause right after a short word costs (about five frames of ill-matched speech). */
const SHORT_WORD_PAUSE_ENTRY = 50;

/** A word of the script as the pause model needs it. */
export type PauseWord = {
  /** Letters and digits in it. */
  weight: number;
  /** Punctuation follows it in the script (a comma, a dash …). */
  punctuated: boolean;
  /** Index of its fragment (a boundary between fragments is a place to pause anyway). */
  fragment: number;
};

/**
 * The pause model for a recording (its features and log energies) and the synthetic speech's
 * word boundaries (`boundaries[g]` before word g, the last after the last word) among `quiet`
 * (1 for each synthetic column quieter than speech); `owners[j]` is the boundary a pause on
 * column j is at (-1 where there may be none).
 */
export function pauseModel(
  recording: FeatureMatrix,
  energy: Float32Array,
  boundaries: readonly Boundary[],
  words: readonly PauseWord[],
  quiet: Uint8Array,
): PauseModel & { owners: Int32Array } {
  const columns = new Uint8Array(quiet.length);
  const entry = new Float32Array(quiet.length);
  const owners = new Int32Array(quiet.length).fill(-1);
  boundaries.forEach(({ end, start }, g) => {
    let from = Math.max(0, Math.min(end, start) - PAUSE_REACH);
    let to = Math.min(quiet.length - 1, Math.max(end, start) + PAUSE_REACH);
    while (from > 0 && quiet[from - 1]) from--;
    while (to < quiet.length - 1 && quiet[to + 1]) to++;
    const cost = afterShortWord(words[g - 1], words[g]) ? SHORT_WORD_PAUSE_ENTRY : 0;
    for (let j = from; j <= to; j++) {
      // Where two boundaries' columns meet (a short word between quiet stretches), the nearer owns.
      const owner = owners[j] as number;
      if (owner !== -1 && distance(boundaries[owner] as Boundary, j) <= distance({ end, start }, j)) continue;
      owners[j] = g;
      entry[j] = cost;
      columns[j] = 1;
    }
  });
  return { template: roomTone(recording, energy), loudness: loudnessCosts(energy), columns, entry, owners };
}

/** Columns from a column to a boundary (0 between its end and start). */
function distance(boundary: Boundary, column: number): number {
  if (column < boundary.end) return boundary.end - column;
  if (column > boundary.start) return column - boundary.start;
  return 0;
}

/** Whether a boundary comes right after a short word of the same fragment, with no punctuation between. */
function afterShortWord(before: PauseWord | undefined, after: PauseWord | undefined): boolean {
  return (
    before !== undefined &&
    after !== undefined &&
    before.fragment === after.fragment &&
    !before.punctuated &&
    before.weight <= SHORT_WORD_LETTERS
  );
}

/** The mean feature vector of the quietest tenth of frames. */
function roomTone(features: FeatureMatrix, energy: Float32Array): Float32Array {
  const { frames, dims } = features;
  const order = Array.from({ length: frames }, (_, f) => f).sort(
    (x, y) => (energy[x] as number) - (energy[y] as number),
  );
  const quietest = order.slice(0, Math.max(1, Math.ceil(frames * ROOM_TONE_SHARE)));
  const sums = new Float64Array(dims);
  for (const f of quietest) {
    for (let d = 0; d < dims; d++) sums[d] = (sums[d] as number) + (features.data[f * dims + d] as number);
  }
  return Float32Array.from(sums, (sum) => sum / quietest.length);
}

/** Each frame's extra cost as a pause for being loud. */
function loudnessCosts(energy: Float32Array): Float32Array {
  const ceiling = quietLevel(energy, PAUSE_CEILING_POSITION) ?? Number.POSITIVE_INFINITY;
  return Float32Array.from(energy, (e) => LOUDNESS_COST * Math.max(0, e - ceiling));
}
