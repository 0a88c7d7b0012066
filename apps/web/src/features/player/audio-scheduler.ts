import type { AudioClip } from '@reelwright/core';

/** One clip as it is to be started from a playhead: when, from where in the source, for how long. */
export type ScheduledClip = {
  clip: AudioClip;
  /** Seconds from the moment playback (re)starts until the clip sounds. */
  delay: number;
  /** Seconds into the source where playback begins (a looped source wraps it, see {@link loopedOffset}). */
  offset: number;
  /** Seconds of movie time the clip sounds for. */
  duration: number;
};

/** Clips shorter than this after a seek are not worth starting (a click, not a sound). */
const MIN_AUDIBLE = 0.005;

/**
 * The clips of an audio plan still to be heard when playback starts at `playhead` (movie seconds):
 * clips that already ended are dropped, clips under way start at once part-way through (their
 * source offset advanced by the elapsed time times their rate), later clips start after a delay.
 * Pure, so the player reschedules a seek with exactly this math.
 */
export function clipsFrom(clips: readonly AudioClip[], playhead: number): ScheduledClip[] {
  const at = Math.max(0, playhead);
  const scheduled: ScheduledClip[] = [];
  for (const clip of clips) {
    const end = clip.start + clip.duration;
    if (end - at < MIN_AUDIBLE) continue;
    const into = Math.max(0, at - clip.start);
    scheduled.push({
      clip,
      delay: Math.max(0, clip.start - at),
      offset: clip.offset + into * clip.rate,
      duration: clip.duration - into,
    });
  }
  return scheduled;
}

/**
 * Where to start in a source of `bufferDuration` seconds: a looped source wraps the offset; a
 * plain one past its end has nothing left to play (null).
 */
export function loopedOffset(offset: number, bufferDuration: number, loop: boolean): number | null {
  if (!(bufferDuration > 0)) return null;
  if (loop) return offset % bufferDuration;
  return offset < bufferDuration ? offset : null;
}
