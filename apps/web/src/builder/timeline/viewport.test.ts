import { describe, expect, it } from 'vitest';
import { retimeBar } from './retime';
import {
  clampScroll,
  fittedViewport,
  formatTick,
  GUIDELINES_PX,
  MAX_TICK_LABELS,
  pxToTime,
  snapTime,
  ticks,
  timeToPx,
  zoomViewport,
} from './viewport';

const NO_TARGETS = { times: [], px: [] };

describe('the timeline viewport (spec 002 §2)', () => {
  it('maps time to px and back, with zoom and scroll', () => {
    const viewport = { pxPerSecond: 100, scroll: 50, width: 800 };
    expect(timeToPx(viewport, 2)).toBe(150);
    expect(pxToTime(viewport, 150)).toBe(2);
  });

  it('starts with the slide fitted to the lane', () => {
    expect(fittedViewport(8, 800)).toEqual({ pxPerSecond: 100, scroll: 0, width: 800 });
  });

  it('zooms about the pointer, keeping the time under it, within the slide', () => {
    const viewport = fittedViewport(8, 800);
    const zoomed = zoomViewport(viewport, 4, 400, 8);
    expect(zoomed.pxPerSecond).toBe(400);
    expect(pxToTime(zoomed, 400)).toBeCloseTo(4, 6);
    // Never further out than the whole slide, nor scrolled before 0.
    expect(zoomViewport(viewport, 0.1, 0, 8)).toEqual(viewport);
    expect(clampScroll({ ...zoomed, scroll: -30 }, 8).scroll).toBe(0);
    expect(clampScroll({ ...zoomed, scroll: 99_999 }, 8).scroll).toBe(8 * 400 - 800);
  });

  it('labels about 25 ticks at most, on round steps', () => {
    for (const duration of [0.5, 3, 7.3, 42, 600]) {
      const { step, times } = ticks(fittedViewport(duration, 900), duration);
      expect(times.length).toBeLessThanOrEqual(MAX_TICK_LABELS + 1);
      expect(times.length).toBeGreaterThan(1);
      expect(times[0]).toBe(0);
      expect(times.every((time) => Math.abs(time / step - Math.round(time / step)) < 1e-6)).toBe(true);
    }
    const zoomed = { pxPerSecond: 400, scroll: 1000, width: 800 };
    expect(ticks(zoomed, 10).times[0]).toBe(2.5);
  });

  it('labels ticks with the decimals their step needs', () => {
    expect(formatTick(1.2, 0.2)).toBe('1.2s');
    expect(formatTick(0.75, 0.25)).toBe('0.75s');
    expect(formatTick(2, 1)).toBe('2s');
    expect(formatTick(90, 30)).toBe('1:30');
  });

  it('snaps within 5 px to the playhead, other bars and the guidelines', () => {
    const viewport = fittedViewport(10, 1000);
    expect(snapTime(viewport, 2.04, { times: [2] })).toEqual({ time: 2, snapped: true });
    expect(snapTime(viewport, 2.06, { times: [2] })).toEqual({ time: 2.06, snapped: false });
    expect(snapTime(viewport, 1.97, { times: [], px: GUIDELINES_PX })).toEqual({ time: 2, snapped: true });
  });
});

describe('retiming a bar (spec 002 §2, §5)', () => {
  const viewport = fittedViewport(10, 1000); // 100 px a second

  it('moves the whole bar, its left edge never below 0', () => {
    expect(retimeBar({ start: 1, stop: 3 }, 'body', 150, viewport, NO_TARGETS)).toEqual({ start: 2.5, stop: 4.5 });
    expect(retimeBar({ start: 1, stop: 3 }, 'body', -400, viewport, NO_TARGETS)).toEqual({ start: 0, stop: 2 });
  });

  it('resizes by either edge, keeping 0.1 s and 30 px at least', () => {
    expect(retimeBar({ start: 1, stop: 3 }, 'end', 77, viewport, NO_TARGETS)).toEqual({ start: 1, stop: 3.77 });
    expect(retimeBar({ start: 1, stop: 3 }, 'end', -500, viewport, NO_TARGETS)).toEqual({ start: 1, stop: 1.3 });
    expect(retimeBar({ start: 1, stop: 3 }, 'start', 500, viewport, NO_TARGETS)).toEqual({ start: 2.7, stop: 3 });
    expect(retimeBar({ start: 1, stop: 3 }, 'start', -500, viewport, NO_TARGETS)).toEqual({ start: 0, stop: 3 });
    const zoomedIn = { pxPerSecond: 1000, scroll: 0, width: 1000 };
    expect(retimeBar({ start: 1, stop: 3 }, 'end', -5000, zoomedIn, NO_TARGETS)).toEqual({ start: 1, stop: 1.1 });
  });

  it('snaps the dragged edge to the playhead, another bar or a guideline', () => {
    const targets = { times: [4], px: GUIDELINES_PX };
    expect(retimeBar({ start: 1, stop: 3 }, 'end', 104, viewport, targets)).toEqual({ start: 1, stop: 4 });
    // Moving the whole bar, its end finds the playhead.
    expect(retimeBar({ start: 1, stop: 3 }, 'body', 97, viewport, targets)).toEqual({ start: 2, stop: 4 });
    expect(retimeBar({ start: 1, stop: 3 }, 'start', 98, viewport, targets)).toEqual({ start: 2, stop: 3 });
  });
});
