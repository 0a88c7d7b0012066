/**
 * Telling speech from silence by frame energy, so that pauses (a breath between sentences, the
 * seconds before the speaker starts) are taken out of both signals before they are warped
 * (aeneas's "mask non-speech"): a long pause in the recording then has nothing to be matched
 * with, and each fragment's first spoken frame lands on the recording's first spoken frame after
 * the pause.
 */

/** A pause shorter than this stays (stops inside words, short breaths). */
const MIN_PAUSE_FRAMES = 15;
/** Where the threshold sits between the quiet floor and the speech level (log energy). */
const THRESHOLD_POSITION = 0.3;

/**
 * 1 for frames kept (speech, and pauses too short to matter), 0 for frames in a long pause.
 * The threshold adapts to the signal: between its 10th percentile (the room) and its 95th
 * (speech) in log energy, so a noisy room and a silent studio both work.
 */
export function speechMask(energy: Float32Array): Uint8Array {
  const frames = energy.length;
  const mask = new Uint8Array(frames).fill(1);
  if (frames === 0) return mask;
  const sorted = Float32Array.from(energy).sort();
  const floor = sorted[Math.floor(frames * 0.1)] as number;
  const loud = sorted[Math.min(frames - 1, Math.floor(frames * 0.95))] as number;
  // A signal without a quiet part (all speech, or all noise) has no pauses to take out.
  if (loud - floor < 3) return mask;
  const threshold = floor + THRESHOLD_POSITION * (loud - floor);
  let runStart = -1;
  for (let f = 0; f <= frames; f++) {
    const quiet = f < frames && (energy[f] as number) < threshold;
    if (quiet && runStart === -1) runStart = f;
    if (!quiet && runStart !== -1) {
      if (f - runStart >= MIN_PAUSE_FRAMES) mask.fill(0, runStart, f);
      runStart = -1;
    }
  }
  // Never all out: a recording that is only quiet is aligned as it is.
  return mask.includes(1) ? mask : mask.fill(1);
}

/** The indices of the kept frames, in order. */
export function keptFrames(mask: Uint8Array): Int32Array {
  const kept: number[] = [];
  for (let f = 0; f < mask.length; f++) if (mask[f]) kept.push(f);
  return Int32Array.from(kept);
}
