import type { Keyframe, KeyframeStyle, Timing, VideoItem } from './item';
import { MIN_ITEM_DURATION } from './item';
import type { Frame, Movie } from './movie';
import type { Seconds } from './units';
import { roundTo } from './units';

/** Visible while the playhead lies between start and stop, both included (spec 002 §4). */
export function isVisible(timing: Timing, playhead: Seconds): boolean {
  return playhead >= timing.start && playhead <= timing.stop;
}

/** The playhead relative to the item's start, or -1 while the item is hidden (spec 002 §4). */
export function localPlayhead(timing: Timing, playhead: Seconds): Seconds {
  return isVisible(timing, playhead) ? playhead - timing.start : -1;
}

/**
 * The active keyframe: among keyframes with a non-negative delay, the one with the largest delay
 * not greater than the local playhead; null when none applies (spec 002 §4). It is the keyframe
 * the inspector shows and edits. What is drawn is `animatedBox`, which has exactly the active
 * keyframe's values at its delay and then moves on towards the next keyframe (D36).
 */
export function activeKeyframe(keyframes: readonly Keyframe[], local: Seconds): Keyframe | null {
  let active: Keyframe | null = null;
  for (const keyframe of keyframes) {
    if (keyframe.delay < 0 || keyframe.delay > local) continue;
    if (!active || keyframe.delay >= active.delay) active = keyframe;
  }
  return active;
}

/**
 * Delays rounded to 2 decimals and kept sorted (spec 002 §5); the later of two equal delays wins.
 * Negative delays are dropped: they are never active (spec 002 §4), and clamping them to 0 would
 * make them override the item from its start.
 */
export function normalizeKeyframes(keyframes: readonly Keyframe[]): Keyframe[] {
  const byDelay = new Map<number, Keyframe>();
  for (const keyframe of keyframes) {
    if (!(keyframe.delay >= 0)) continue;
    const delay = roundTo(keyframe.delay, 2);
    byDelay.set(delay, { ...keyframe, delay });
  }
  return [...byDelay.values()].sort((a, b) => a.delay - b.delay);
}

/** Keyframes can be added only while the playhead lies within the item's time range (spec 002 §5). */
export function canAddKeyframe(timing: Timing, playhead: Seconds): boolean {
  return isVisible(timing, playhead);
}

/** Adds or replaces the keyframe at the local playhead; null when the playhead is outside the item. */
export function addKeyframe(
  item: { timing: Timing; keyframes: readonly Keyframe[] },
  playhead: Seconds,
  style: KeyframeStyle,
): Keyframe[] | null {
  if (!canAddKeyframe(item.timing, playhead)) return null;
  return normalizeKeyframes([...item.keyframes, { delay: playhead - item.timing.start, style }]);
}

/**
 * The time inside a video clip to show at a local playhead: playback starts at startTime and runs
 * at `speed`; when stopTime > startTime the clip is clamped between them (looping instead when
 * `loop` is on), and a time before startTime seeks back to it (spec 002 §4).
 */
export function videoTime(item: Pick<VideoItem, 'startTime' | 'stopTime' | 'speed' | 'loop'>, local: Seconds): Seconds {
  const raw = item.startTime + Math.max(0, local) * item.speed;
  if (item.stopTime <= item.startTime) return raw;
  const span = item.stopTime - item.startTime;
  if (item.loop) return item.startTime + ((raw - item.startTime) % span);
  return Math.min(Math.max(raw, item.startTime), item.stopTime);
}

/** A timing that lasts at least the minimum item duration (0.1 s), moving stop, never start. */
export function withMinDuration(timing: Timing): Timing {
  const start = Math.max(0, timing.start);
  return { start, stop: Math.max(timing.stop, start + MIN_ITEM_DURATION) };
}

/** A new item's timing: from the playhead for 3 seconds (spec 001 §9, 002 §9). */
export function newItemTiming(playhead: Seconds): Timing {
  return { start: Math.max(0, playhead), stop: Math.max(0, playhead) + 3 };
}

/** The trim rule: when the selection becomes negative, stop becomes start plus 5 (spec 001 §4). */
export function trimSelection(start: Seconds, stop: Seconds): { start: Seconds; stop: Seconds } {
  return stop - start < 0 ? { start, stop: start + 5 } : { start, stop };
}

/** The movie's length: its frames one after another. */
export function movieDuration(movie: Pick<Movie, 'frames'>): Seconds {
  return movie.frames.reduce((sum, frame) => sum + frame.duration, 0);
}

/** Seconds from the movie's start at which each frame begins. */
export function frameStarts(movie: Pick<Movie, 'frames'>): Seconds[] {
  const starts: Seconds[] = [];
  let at = 0;
  for (const frame of movie.frames) {
    starts.push(at);
    at += frame.duration;
  }
  return starts;
}

/**
 * The frame showing at a movie time and the time inside it. A time on a boundary belongs to the
 * next frame; times past the end show the last frame's last instant. Null for a movie without frames.
 */
export function frameAt(
  movie: Pick<Movie, 'frames'>,
  time: Seconds,
): { index: number; frame: Frame; local: Seconds } | null {
  const { frames } = movie;
  if (frames.length === 0) return null;
  let start = 0;
  for (let index = 0; index < frames.length; index++) {
    const frame = frames[index]!;
    if (time < start + frame.duration || index === frames.length - 1) {
      return { index, frame, local: Math.min(Math.max(0, time - start), frame.duration) };
    }
    start += frame.duration;
  }
  return null;
}

/** The shortest duration that shows every item of a frame to its end. */
export function contentDuration(frame: Pick<Frame, 'items'>): Seconds {
  return frame.items.reduce((longest, item) => Math.max(longest, item.timing.stop), MIN_ITEM_DURATION);
}
