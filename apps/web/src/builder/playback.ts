import { frameAt, frameStarts, movieDuration, type ProjectData, type Seconds } from '@reelwright/core';

/**
 * Playback in the builder (D90), as pure rules the editor applies to its session: what a run of
 * playback plays, where its playhead is at a moment of the editor's clock, where it stops, and the
 * J/K/L shuttle's speeds and the frame step. Nothing here is saved or enters history.
 */

/** What Play plays: the open slide alone, or the whole video from slide to slide. */
export type PlayScope = 'slide' | 'video';

/** The words the control bar gives the two scopes. */
export const PLAY_SCOPE_LABELS: Record<PlayScope, string> = { slide: 'This slide', video: 'Whole video' };

/**
 * One run of playback: from a time (slide seconds, or movie seconds for the whole video) at a
 * moment of the editor's clock, at a speed (negative plays backwards, as J does).
 */
export type PlaybackRun = {
  scope: PlayScope;
  /** Playback speed: 1 is real time, 2 twice as fast, -1 backwards. */
  rate: number;
  /** The editor's clock (ms) when this run started. */
  startedAt: number;
  /** Where the run started: seconds into the open slide, or into the movie for the whole video. */
  from: Seconds;
};

/** One frame of the export (30 frames a second, the render's default): the step of comma and period. */
export const FRAME_SECONDS: Seconds = 1 / 30;

/** The shuttle's speeds, as L (or J) is pressed again and again (Premiere doubles up to 8×). */
export const SHUTTLE_RATES: readonly number[] = [1, 2, 4, 8];

/** Where the playhead stands: the open slide and seconds into it. */
export type PlayPlace = { frameId: string; playhead: Seconds };

/** Seconds from the movie's start at which a slide begins (0 for a slide not found). */
export function slideStart(data: ProjectData, frameId: string): Seconds {
  const index = data.video.frames.findIndex((frame) => frame.id === frameId);
  return index < 0 ? 0 : (frameStarts(data.video)[index] ?? 0);
}

/** The length a run of `scope` plays through: the open slide's, or the whole movie's. */
export function scopeDuration(data: ProjectData, scope: PlayScope, frameId: string): Seconds {
  if (scope === 'video') return movieDuration(data.video);
  return data.video.frames.find((frame) => frame.id === frameId)?.duration ?? 0;
}

/** A place as a time of the scope: slide seconds, or movie seconds for the whole video. */
export function scopeTime(data: ProjectData, scope: PlayScope, place: PlayPlace): Seconds {
  return scope === 'video' ? slideStart(data, place.frameId) + place.playhead : place.playhead;
}

/**
 * The place of a time of the scope, kept between 0 and the scope's end. A time on a boundary
 * between slides belongs to the next slide, except the movie's very end, which is the last
 * slide's last instant.
 */
export function placeOf(data: ProjectData, scope: PlayScope, frameId: string, time: Seconds): PlayPlace {
  const end = scopeDuration(data, scope, frameId);
  const clamped = Math.min(Math.max(0, time), end);
  if (scope === 'slide') return { frameId, playhead: clamped };
  const at = frameAt(data.video, clamped);
  return at ? { frameId: at.frame.id, playhead: at.local } : { frameId, playhead: 0 };
}

/** The time a run has reached at `now` (ms of the editor's clock), not yet kept within its scope. */
export function runTime(run: PlaybackRun, now: number): Seconds {
  return run.from + (Math.max(0, now - run.startedAt) / 1000) * run.rate;
}

/**
 * Where a run stands at `now`, and whether it has reached its end (the scope's end playing
 * forward, its start playing backwards): playback stops there.
 */
export function advance(
  data: ProjectData,
  run: PlaybackRun,
  frameId: string,
  now: number,
): PlayPlace & { ended: boolean } {
  const time = runTime(run, now);
  const end = scopeDuration(data, run.scope, frameId);
  const ended = run.rate > 0 ? time >= end : time <= 0;
  return { ...placeOf(data, run.scope, frameId, time), ended };
}

/**
 * Where Play starts: from the playhead, except at the end of the scope (back to its start, as
 * editors do), or from the start when asked ('Play from start').
 */
export function startTime(
  data: ProjectData,
  scope: PlayScope,
  place: PlayPlace,
  options: { fromStart?: boolean; rate?: number } = {},
): Seconds {
  if (options.fromStart) return 0;
  const time = scopeTime(data, scope, place);
  const end = scopeDuration(data, scope, place.frameId);
  const rate = options.rate ?? 1;
  if (rate > 0 && time >= end - 1e-6) return 0;
  return time;
}

/**
 * The next speed of the shuttle: L (direction 1) or J (-1) pressed while playing that way goes
 * one speed faster (up to 8×); pressed while paused or playing the other way, it plays that way
 * at 1×.
 */
export function nextShuttleRate(current: number | null, direction: 1 | -1): number {
  if (current === null || Math.sign(current) !== direction) return direction;
  const index = SHUTTLE_RATES.indexOf(Math.abs(current));
  const next = SHUTTLE_RATES[Math.min(index + 1, SHUTTLE_RATES.length - 1)] ?? 1;
  return next * direction;
}

/**
 * One frame forward (1) or back (-1) from a time: to the next frame of the 30 fps grid the export
 * draws, so a playhead between frames lands on one. Kept between 0 and `end`.
 */
export function stepFrame(time: Seconds, direction: 1 | -1, end: Seconds): Seconds {
  const index = time / FRAME_SECONDS;
  const nearest = Math.round(index);
  const onGrid = Math.abs(index - nearest) < 1e-6;
  const target = direction > 0 ? (onGrid ? nearest : Math.floor(index)) + 1 : (onGrid ? nearest : Math.ceil(index)) - 1;
  return Math.min(Math.max(0, target * FRAME_SECONDS), end);
}
