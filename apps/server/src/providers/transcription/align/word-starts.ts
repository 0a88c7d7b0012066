/**
 * Where the words of an eSpeak utterance start (eSpeak reports no word timings), from its
 * remainders: the utterance from a given word on, spoken alone by the same voice.
 *
 * eSpeak speaks the end of an utterance alike whether or not its start is spoken, so a remainder
 * ends as the whole does: its word starts about as long before the whole's end as the remainder
 * lasts. Only its first sound may differ: a word said first takes its strong form ("are" as
 * /ɑː/, not /ə/), which can be 0.1 s longer, never shorter. So the remainder's first 0.4 s,
 * whose end is placed by that count, are matched with the whole (the same voice: MFCCs match
 * closely) for each start from the count to 0.25 s later, and the start whose match costs least
 * per step is taken.
 */
import { computeMfcc, FRAME_HOP_SECONDS, frameTime, MFCC_COEFFICIENTS, type Mfcc } from './mfcc';
import { resampleInt16 } from './pcm';

/** An utterance's speech and some of its remainders' (word index → speech), trimmed to their sound. */
export type Utterance = { speech: Int16Array; remainders: ReadonlyMap<number, Int16Array> };

/** Frames of a remainder's start that are matched (0.4 s). */
const HEAD_FRAMES = 40;
/** How far (frames) the match may move a word's start after where the count puts it. */
const SHIFT_FRAMES = 25;
/** A remainder shorter than this many frames is placed by the count alone. */
const MIN_HEAD_FRAMES = 10;
/** Silence between the pieces analysed together (seconds). */
const GAP_SECONDS = 0.1;

/** Where a piece lies among the analysed frames: its first frame and how many it has. */
type Placed = { first: number; frames: number };

/**
 * Each utterance's word starts (word index → samples into its speech) for the words whose
 * remainders are given; a remainder no shorter than the whole gives none. One ffmpeg call.
 */
export async function wordStartsOf(
  utterances: readonly Utterance[],
  sampleRate: number,
): Promise<Map<number, number>[]> {
  const gap = Math.round(GAP_SECONDS * sampleRate);
  const headSamples = Math.ceil(((HEAD_FRAMES + 3) * FRAME_HOP_SECONDS + 0.025) * sampleRate);
  // The wholes and the heads of the remainders, one after another, analysed in one go.
  const pieces: Int16Array[] = [];
  for (const { speech, remainders } of utterances) {
    pieces.push(speech);
    for (const remainder of remainders.values()) pieces.push(remainder.subarray(0, headSamples));
  }
  const buffer = new Int16Array(pieces.reduce((sum, p) => sum + p.length + gap, gap));
  const placed: Placed[] = [];
  let at = gap;
  for (const piece of pieces) {
    buffer.set(piece, at);
    const first = Math.ceil((at / sampleRate - frameTime(0)) / FRAME_HOP_SECONDS);
    const last = Math.floor(((at + piece.length) / sampleRate - frameTime(0)) / FRAME_HOP_SECONDS) - 2;
    placed.push({ first, frames: Math.max(0, last - first + 1) });
    at += piece.length + gap;
  }
  const mfcc = computeMfcc(await resampleInt16({ samples: buffer, sampleRate }));

  let index = 0;
  return utterances.map(({ speech, remainders }) => {
    const whole = placed[index++] as Placed;
    const starts = new Map<number, number>();
    for (const [word, remainder] of remainders) {
      const head = placed[index++] as Placed;
      const counted = speech.length - remainder.length;
      if (counted <= 0) continue;
      const shift = bestShift(mfcc, whole, head, Math.round(counted / sampleRate / FRAME_HOP_SECONDS));
      starts.set(
        word,
        Math.min(speech.length - 1, Math.max(1, counted + Math.round(shift * FRAME_HOP_SECONDS * sampleRate))),
      );
    }
    return starts;
  });
}

/**
 * How many frames later than `counted` (frames into the whole) the remainder's head matches
 * best: its last frame stays on the whole's frame the count puts it on, its first moves.
 */
function bestShift(mfcc: Mfcc, whole: Placed, head: Placed, counted: number): number {
  const length = Math.min(HEAD_FRAMES, head.frames);
  const end = counted + length - 1;
  if (length < MIN_HEAD_FRAMES || end >= whole.frames) return 0;
  // Distances between the whole's frames counted … end and the head's frames.
  const rows = end - counted + 1;
  const distances = new Float64Array(rows * length);
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < length; c++)
      distances[r * length + c] = distance(mfcc, whole.first + counted + r, head.first + c);
  }
  let best = 0;
  let bestCost = Number.POSITIVE_INFINITY;
  for (let shift = 0; shift <= Math.min(SHIFT_FRAMES, Math.floor(length / 2)); shift++) {
    const cost = matchCost(distances, length, shift, rows);
    if (cost < bestCost) {
      bestCost = cost;
      best = shift;
    }
  }
  return best;
}

/**
 * DTW of the head with the whole's rows `from` … `rows - 1` (of the distance table), from the
 * first cells to the last, with the symmetric weights (2 for a diagonal step) and divided by
 * rows + columns, so matches of different lengths compare fairly.
 */
function matchCost(distances: Float64Array, columns: number, from: number, rows: number): number {
  let previous = new Float64Array(columns).fill(Number.POSITIVE_INFINITY);
  let current = new Float64Array(columns);
  for (let r = from; r < rows; r++) {
    for (let c = 0; c < columns; c++) {
      const d = distances[r * columns + c] as number;
      if (r === from && c === 0) {
        current[c] = d;
        continue;
      }
      const diagonal = c > 0 ? (previous[c - 1] as number) + 2 * d : Number.POSITIVE_INFINITY;
      const up = (previous[c] as number) + d;
      const left = c > 0 ? (current[c - 1] as number) + d : Number.POSITIVE_INFINITY;
      current[c] = Math.min(diagonal, up, left);
    }
    [previous, current] = [current, previous];
  }
  return (previous[columns - 1] as number) / (rows - from + columns);
}

/** Euclidean distance of c1 … c12 between two frames. */
function distance(mfcc: Mfcc, a: number, b: number): number {
  let sum = 0;
  for (let k = 1; k < MFCC_COEFFICIENTS; k++) {
    const diff = (mfcc.data[a * MFCC_COEFFICIENTS + k] as number) - (mfcc.data[b * MFCC_COEFFICIENTS + k] as number);
    sum += diff * diff;
  }
  return Math.sqrt(sum);
}
