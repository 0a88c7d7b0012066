/**
 * Telling speech from silence by frame energy. The synthetic speech's pauses (the silences
 * between fragments, a comma's) are taken out before it is warped (aeneas's "mask non-speech"),
 * so it is speech only; the recording keeps its pauses, which the warp matches as pauses
 * (`pause-model.ts`).
 */

/** A pause shorter than this stays (stops inside words, short breaths). */
const MIN_PAUSE_FRAMES = 15;
/** Where the quiet level sits between the quiet floor and the speech level (log energy). */
const QUIET_POSITION = 0.3;

/**
 * A log energy between the signal's 10th percentile (the room) and its 95th (speech), at
 * `position` (0 the room, 1 speech), so a noisy room and a silent studio both work; by default
 * the level below which a frame is quiet. Null for a signal without a quiet part (all speech, or
 * all noise).
 */
export function quietLevel(energy: Float32Array, position = QUIET_POSITION): number | null {
  const frames = energy.length;
  if (frames === 0) return null;
  const sorted = Float32Array.from(energy).sort();
  const floor = sorted[Math.floor(frames * 0.1)] as number;
  const loud = sorted[Math.min(frames - 1, Math.floor(frames * 0.95))] as number;
  return loud - floor < 3 ? null : floor + position * (loud - floor);
}

/** 1 for frames kept (speech, and pauses too short to matter), 0 for frames in a long pause. */
export function speechMask(energy: Float32Array): Uint8Array {
  const frames = energy.length;
  const mask = new Uint8Array(frames).fill(1);
  const threshold = quietLevel(energy);
  // A signal without a quiet part has no pauses to take out.
  if (threshold === null) return mask;
  let runStart = -1;
  for (let f = 0; f <= frames; f++) {
    const quiet = f < frames && (energy[f] as number) < threshold;
    if (quiet && runStart === -1) runStart = f;
    if (!quiet && runStart !== -1) {
      if (f - runStart >= MIN_PAUSE_FRAMES) mask.fill(0, runStart, f);
      runStart = -1;
    }
  }
  // Never all out: a signal that is only quiet is aligned as it is.
  return mask.includes(1) ? mask : mask.fill(1);
}

/** The indices of the kept frames, in order. */
export function keptFrames(mask: Uint8Array): Int32Array {
  const kept: number[] = [];
  for (let f = 0; f < mask.length; f++) if (mask[f]) kept.push(f);
  return Int32Array.from(kept);
}
