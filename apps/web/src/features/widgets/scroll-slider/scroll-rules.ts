/**
 * The rules of a scroll slider (spec 002 §2: "Horizontal and vertical scroll sliders move 5 px
 * every 10 ms. A hint arrow shows for 3500 ms by default."), kept free of the DOM.
 */

/** How far one tick of a held or hovered arrow scrolls the list. */
export const SCROLL_STEP_PX = 5;

/** How often a held or hovered arrow scrolls the list by {@link SCROLL_STEP_PX}. */
export const SCROLL_TICK_MS = 10;

/** How long the hint arrow shows when a list overflows on mount, unless the slider is told otherwise. */
export const HINT_ARROW_MS = 3500;

/** Sub-pixel slack: at some zoom levels browsers report an end that is never reached exactly. */
const END_SLACK_PX = 1;

/** Toward the list's start (left or top) or its end (right or bottom). */
export type ScrollDirection = 'start' | 'end';

/** The farthest a list can scroll: how much of its content does not fit. */
export function maxScroll(contentSize: number, viewportSize: number): number {
  return Math.max(0, contentSize - viewportSize);
}

/** Where one tick moves the list from `position`, one step toward `direction`, kept within 0…`max`. */
export function nextScroll(position: number, direction: ScrollDirection, max: number): number {
  const step = direction === 'end' ? SCROLL_STEP_PX : -SCROLL_STEP_PX;
  return Math.min(max, Math.max(0, position + step));
}

/** Which arrows show: one for each end that still has content out of sight. */
export function visibleArrows(position: number, max: number): Record<ScrollDirection, boolean> {
  return { start: position > END_SLACK_PX, end: position < max - END_SLACK_PX };
}

/** Where the hint arrow points: toward hidden content, the end first; null when everything fits. */
export function hintDirection(position: number, max: number): ScrollDirection | null {
  const arrows = visibleArrows(position, max);
  if (arrows.end) return 'end';
  return arrows.start ? 'start' : null;
}
