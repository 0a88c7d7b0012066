/** The video trim rules (spec 001 §4 "Video trimming", §9 clip defaults; spec 002 §2 'Trim video'). */

/** An uploaded clip plays 0–10 s unless trimmed (spec 001 §9). */
export const UPLOADED_CLIP_SECONDS = 10;
/** When the selection turns negative, the stop jumps this far past the start (spec 001 §4). */
export const NEGATIVE_TRIM_STOP_OFFSET = 5;

export type TrimRange = { start: number; stop: number };

const round2 = (n: number) => Math.round(n * 100) / 100;

/**
 * The range to keep after the author moved the handles: start within the clip; if the length
 * became negative, stop = start + 5 (spec 001 §4). A known duration caps the stop.
 */
export function trimRange(start: number, stop: number, duration?: number): TrimRange {
  const max = duration && duration > 0 ? duration : Number.POSITIVE_INFINITY;
  const s = Math.min(Math.max(0, start), max);
  let e = stop - s < 0 ? s + NEGATIVE_TRIM_STOP_OFFSET : stop;
  e = Math.min(Math.max(0, e), max);
  return { start: round2(s), stop: round2(e) };
}

/** The range the popup opens with: the media's own trim, else the uploaded-clip default 0–10 s. */
export function initialTrim(media: { startTime?: number; stopTime?: number; duration?: number }): TrimRange {
  const duration = media.duration && media.duration > 0 ? media.duration : undefined;
  const start = media.startTime ?? 0;
  const stop = media.stopTime ?? Math.min(UPLOADED_CLIP_SECONDS, duration ?? UPLOADED_CLIP_SECONDS);
  return trimRange(start, stop, duration);
}

/** '1:05.3' style: minutes and seconds with one decimal. */
export function formatClock(seconds: number): string {
  const safe = Math.max(0, seconds);
  const m = Math.floor(safe / 60);
  const s = safe - m * 60;
  return `${m}:${s < 10 ? '0' : ''}${s.toFixed(1)}`;
}

/**
 * The preview seeks to a new start only when it is further than this from it, s (spec 002: seek
 * tolerance 0.2 s): small moves of a handle do not restart the decoder at every step.
 */
export const SEEK_TOLERANCE = 0.2;

export const needsSeek = (current: number, target: number) => Math.abs(current - target) > SEEK_TOLERANCE;
