import type { Px, Seconds } from '@reelwright/core';

/**
 * The timeline's mapping between time and pixels (spec 002 §2 Timeline), pure so it can be tested:
 * `pxPerSecond` is the zoom, `scroll` the px of time hidden at the left, `width` the lane's px.
 */
export type TimelineViewport = { pxPerSecond: number; scroll: Px; width: Px };

/** Snapping reach of bars and the cursor (spec 002 §2). */
export const TIMELINE_SNAP_PX = 5;
/** Guidelines, in px of the lane (spec 002 §2). */
export const GUIDELINES_PX: readonly Px[] = [0, 200, 400];
/** About this many tick labels at most (spec 002 §2). */
export const MAX_TICK_LABELS = 25;
/** A bar is at least 30 px wide (spec 002 §5). */
export const MIN_BAR_PX = 30;
/** The zoom's range: the whole slide fitted, down to a tenth of a second over 100 px. */
export const MAX_PX_PER_SECOND = 1000;

/** Tick steps a label may fall on, seconds. */
const STEPS: readonly Seconds[] = [0.1, 0.2, 0.25, 0.5, 1, 2, 5, 10, 15, 30, 60, 120, 300, 600];

export function timeToPx(viewport: TimelineViewport, time: Seconds): Px {
  return time * viewport.pxPerSecond - viewport.scroll;
}

export function pxToTime(viewport: TimelineViewport, px: Px): Seconds {
  return (px + viewport.scroll) / viewport.pxPerSecond;
}

/** The slide's whole length across the lane: the zoom the timeline starts at. */
export function fittedViewport(duration: Seconds, width: Px): TimelineViewport {
  return { pxPerSecond: width / Math.max(duration, 0.1), scroll: 0, width };
}

/** The scroll kept within the slide: nothing before 0, nothing past the end. */
export function clampScroll(viewport: TimelineViewport, duration: Seconds): TimelineViewport {
  const max = Math.max(0, duration * viewport.pxPerSecond - viewport.width);
  return { ...viewport, scroll: Math.min(Math.max(0, viewport.scroll), max) };
}

/**
 * Zooms by `factor` about a px of the lane (the pointer), keeping the time under it in place;
 * never further out than the whole slide, nor further in than 1000 px a second.
 */
export function zoomViewport(
  viewport: TimelineViewport,
  factor: number,
  anchor: Px,
  duration: Seconds,
): TimelineViewport {
  const fitted = viewport.width / Math.max(duration, 0.1);
  const pxPerSecond = Math.min(Math.max(viewport.pxPerSecond * factor, fitted), MAX_PX_PER_SECOND);
  const time = pxToTime(viewport, anchor);
  return clampScroll({ ...viewport, pxPerSecond, scroll: time * pxPerSecond - anchor }, duration);
}

/** Labelled ticks over the visible part of the slide: the smallest step that keeps them to about 25. */
export function ticks(viewport: TimelineViewport, duration: Seconds): { step: Seconds; times: Seconds[] } {
  const visible = Math.min(duration, viewport.width / viewport.pxPerSecond);
  const step = STEPS.find((candidate) => visible / candidate <= MAX_TICK_LABELS) ?? STEPS[STEPS.length - 1]!;
  const first = Math.max(0, Math.ceil(pxToTime(viewport, 0) / step - 1e-9) * step);
  const last = Math.min(duration, pxToTime(viewport, viewport.width));
  const times: Seconds[] = [];
  for (let time = first; time <= last + 1e-9; time += step) times.push(Math.round(time * 1000) / 1000);
  return { step, times };
}

/**
 * A time snapped to the nearest target within 5 px (the playhead, other bars' edges, the
 * guidelines, given as times and lane px); the time itself when none is that near.
 */
export function snapTime(
  viewport: TimelineViewport,
  time: Seconds,
  targets: { times: readonly Seconds[]; px?: readonly Px[] },
): { time: Seconds; snapped: boolean } {
  const at = timeToPx(viewport, time);
  let best: Px | null = null;
  const consider = (px: Px) => {
    if (Math.abs(px - at) <= TIMELINE_SNAP_PX && (best === null || Math.abs(px - at) < Math.abs(best - at))) best = px;
  };
  for (const target of targets.times) consider(timeToPx(viewport, target));
  for (const px of targets.px ?? []) consider(px);
  return best === null ? { time, snapped: false } : { time: pxToTime(viewport, best), snapped: true };
}

/** A tick's label: seconds with the decimals its step needs ("1.5s"), minutes past a minute ("1:30"). */
export function formatTick(time: Seconds, step: Seconds): string {
  if (time >= 60) {
    const minutes = Math.floor(time / 60);
    return `${minutes}:${String(Math.round(time - minutes * 60)).padStart(2, '0')}`;
  }
  const decimals = step >= 1 ? 0 : step >= 0.5 || step === 0.1 || step === 0.2 ? 1 : 2;
  return `${time.toFixed(decimals)}s`;
}

/** How far from the lane's edge a followed playhead turns the page, px. */
export const FOLLOW_MARGIN_PX = 24;

/**
 * The timeline turned to keep a playing playhead in view, as Premiere's page scroll does: when it
 * passes the lane's right edge the next page shows, with the playhead near the left edge (near the
 * right edge when playing backwards). The viewport itself while the playhead shows.
 */
export function followPlayhead(viewport: TimelineViewport, time: Seconds, duration: Seconds): TimelineViewport {
  const at = timeToPx(viewport, time);
  if (at >= 0 && at <= viewport.width) return viewport;
  const margin = Math.min(FOLLOW_MARGIN_PX, viewport.width / 4);
  const scroll =
    at > viewport.width ? time * viewport.pxPerSecond - margin : time * viewport.pxPerSecond - viewport.width + margin;
  return clampScroll({ ...viewport, scroll }, duration);
}
