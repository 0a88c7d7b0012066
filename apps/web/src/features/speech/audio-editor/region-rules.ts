import { clamp, roundTo, type Seconds } from '@reelwright/core';

/** The shortest selection of the audio editor (spec 002 §5). */
export const MIN_REGION_SECONDS = 1;
/** Zoom slider range of the waveform, pixels per second (spec 002 §2, §9). */
export const ZOOM_RANGE = { min: 1, max: 200 } as const;

/** A selection of an audio file, seconds from its beginning. */
export type AudioRegion = { start: Seconds; end: Seconds };

/** Which edge the author moved: that one gives way to the rules, the other stays put when it can. */
export type RegionEdit = 'start' | 'end' | 'move';

const round = (value: number) => roundTo(value, 2);

/**
 * The audio editor's region rules (spec 002 §5): at least 1 s long; start at most end − 1 and
 * at most duration − 1 (and never below 0); end at most the duration and at least start + 1;
 * both rounded to 2 decimals. The edge that was edited is the one clamped; a moved region keeps
 * its length and is pushed back inside the audio. Audio shorter than 1 s is selected whole.
 */
export function constrainRegion(region: AudioRegion, duration: Seconds, edit: RegionEdit): AudioRegion {
  const total = Math.max(0, duration);
  if (total <= MIN_REGION_SECONDS) return { start: 0, end: round(total) };
  if (edit === 'move') {
    const length = clamp(region.end - region.start, MIN_REGION_SECONDS, total);
    const start = round(clamp(region.start, 0, total - length));
    return { start, end: round(Math.min(total, start + length)) };
  }
  if (edit === 'start') {
    const end = round(clamp(region.end, MIN_REGION_SECONDS, total));
    const start = round(clamp(region.start, 0, Math.min(end - MIN_REGION_SECONDS, total - MIN_REGION_SECONDS)));
    return { start, end };
  }
  const start = round(clamp(region.start, 0, total - MIN_REGION_SECONDS));
  const end = round(clamp(region.end, start + MIN_REGION_SECONDS, total));
  return { start, end };
}

/** The region a freshly loaded audio starts with: all of it. */
export function fullRegion(duration: Seconds): AudioRegion {
  return { start: 0, end: round(Math.max(0, duration)) };
}

/** Whether a region selects less than the whole audio (so saving it means cutting). */
export function isTrimmed(region: AudioRegion, duration: Seconds): boolean {
  return region.start > 0.005 || region.end < roundTo(duration, 2) - 0.005;
}
