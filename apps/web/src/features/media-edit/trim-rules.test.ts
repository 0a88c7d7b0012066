import { describe, expect, it } from 'vitest';
import { initialTrim, NEGATIVE_TRIM_STOP_OFFSET, needsSeek, SEEK_TOLERANCE, trimRange } from './trim-rules';

describe('the Trim video rules', () => {
  it('seeks the preview only past the 0.2 s tolerance', () => {
    expect(SEEK_TOLERANCE).toBe(0.2);
    expect(needsSeek(1, 1.2)).toBe(false);
    expect(needsSeek(1.2, 1)).toBe(false);
    expect(needsSeek(1, 1.25)).toBe(true);
    expect(needsSeek(3, 0)).toBe(true);
  });

  it('turns a negative selection into start + 5, and a fresh upload plays 0–10 s', () => {
    expect(trimRange(4, 2)).toEqual({ start: 4, stop: 4 + NEGATIVE_TRIM_STOP_OFFSET });
    expect(trimRange(4, 2, 6)).toEqual({ start: 4, stop: 6 });
    expect(initialTrim({})).toEqual({ start: 0, stop: 10 });
    expect(initialTrim({ duration: 4 })).toEqual({ start: 0, stop: 4 });
    expect(initialTrim({ startTime: 2, stopTime: 3.5, duration: 20 })).toEqual({ start: 2, stop: 3.5 });
  });
});
