/**
 * The rules of a carousel (spec 002 §2: "Carousel with indicators and previous/next controls.
 * The interval is off by default."), kept free of the DOM.
 */

/** Milliseconds between automatic moves to the next slide: off unless a carousel asks for it. */
export const CAROUSEL_INTERVAL_DEFAULT: number | null = null;

/** The slide shown for a requested `index`: within 0…count-1 (0 when there are no slides). */
export function clampIndex(index: number, count: number): number {
  return Math.min(Math.max(0, count - 1), Math.max(0, index));
}

/** The slide after `index`, wrapping from the last to the first. */
export function nextIndex(index: number, count: number): number {
  return count > 0 ? (clampIndex(index, count) + 1) % count : 0;
}

/** The slide before `index`, wrapping from the first to the last. */
export function previousIndex(index: number, count: number): number {
  return count > 0 ? (clampIndex(index, count) - 1 + count) % count : 0;
}

/** The slide an arrow key moves to from `index` (← previous, → next); null for any other key. */
export function indexAfterKey(key: string, index: number, count: number): number | null {
  if (key === 'ArrowRight') return nextIndex(index, count);
  if (key === 'ArrowLeft') return previousIndex(index, count);
  return null;
}

/** Whether a carousel of `count` slides moves on by itself: a positive interval and a slide to move to. */
export function autoplays(interval: number | null | undefined, count: number): interval is number {
  return interval != null && Number.isFinite(interval) && interval > 0 && count > 1;
}
