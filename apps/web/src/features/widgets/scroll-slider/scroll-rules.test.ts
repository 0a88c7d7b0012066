import { describe, expect, it } from 'vitest';
import {
  HINT_ARROW_MS,
  hintDirection,
  maxScroll,
  nextScroll,
  SCROLL_STEP_PX,
  SCROLL_TICK_MS,
  visibleArrows,
} from './scroll-rules';

describe('scroll slider rules', () => {
  it('moves 5 px every 10 ms and hints for 3500 ms (spec 002)', () => {
    expect(SCROLL_STEP_PX).toBe(5);
    expect(SCROLL_TICK_MS).toBe(10);
    expect(HINT_ARROW_MS).toBe(3500);
  });

  it('measures how far a list can scroll, never below zero', () => {
    expect(maxScroll(500, 320)).toBe(180);
    expect(maxScroll(200, 320)).toBe(0);
  });

  it('steps one tick toward either end', () => {
    expect(nextScroll(20, 'end', 180)).toBe(25);
    expect(nextScroll(20, 'start', 180)).toBe(15);
  });

  it('stops at the ends', () => {
    expect(nextScroll(178, 'end', 180)).toBe(180);
    expect(nextScroll(180, 'end', 180)).toBe(180);
    expect(nextScroll(3, 'start', 180)).toBe(0);
    expect(nextScroll(0, 'start', 180)).toBe(0);
    expect(nextScroll(0, 'end', 0)).toBe(0);
  });

  it('shows an arrow only for an end with content out of sight', () => {
    expect(visibleArrows(0, 180)).toEqual({ start: false, end: true });
    expect(visibleArrows(90, 180)).toEqual({ start: true, end: true });
    expect(visibleArrows(180, 180)).toEqual({ start: true, end: false });
    expect(visibleArrows(0, 0)).toEqual({ start: false, end: false });
  });

  it('treats a sub-pixel remainder as the end', () => {
    expect(visibleArrows(179.5, 180).end).toBe(false);
    expect(visibleArrows(0.5, 180).start).toBe(false);
  });

  it('points the hint at hidden content, or nowhere when everything fits', () => {
    expect(hintDirection(0, 180)).toBe('end');
    expect(hintDirection(180, 180)).toBe('start');
    expect(hintDirection(0, 0)).toBeNull();
  });
});
