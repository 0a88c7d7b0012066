import { describe, expect, it } from 'vitest';
import { constrainRegion, fullRegion, isTrimmed } from './region-rules';

describe('audio editor region rules (spec 002 §5)', () => {
  it('keeps a valid region as it is, rounded to 2 decimals', () => {
    expect(constrainRegion({ start: 1.23456, end: 4.98765 }, 10, 'start')).toEqual({ start: 1.23, end: 4.99 });
    expect(constrainRegion({ start: 2, end: 5 }, 10, 'end')).toEqual({ start: 2, end: 5 });
  });

  it('keeps start at most end − 1', () => {
    expect(constrainRegion({ start: 4.5, end: 5 }, 10, 'start')).toEqual({ start: 4, end: 5 });
  });

  it('keeps start at most duration − 1 and at least 0', () => {
    expect(constrainRegion({ start: 9.8, end: 10 }, 10, 'start')).toEqual({ start: 9, end: 10 });
    expect(constrainRegion({ start: -2, end: 3 }, 10, 'start')).toEqual({ start: 0, end: 3 });
  });

  it('keeps end at least start + 1 and at most the duration', () => {
    expect(constrainRegion({ start: 3, end: 3.4 }, 10, 'end')).toEqual({ start: 3, end: 4 });
    expect(constrainRegion({ start: 3, end: 12 }, 10, 'end')).toEqual({ start: 3, end: 10 });
  });

  it('moves an edited end below start + 1 only as far as the rule allows, even at the end of the audio', () => {
    expect(constrainRegion({ start: 9.5, end: 9.6 }, 10, 'end')).toEqual({ start: 9, end: 10 });
  });

  it('pushes a moved region back inside the audio, keeping its length', () => {
    expect(constrainRegion({ start: 8, end: 12 }, 10, 'move')).toEqual({ start: 6, end: 10 });
    expect(constrainRegion({ start: -1, end: 0.5 }, 10, 'move')).toEqual({ start: 0, end: 1.5 });
  });

  it('lasts at least 1 s in every case', () => {
    for (const edit of ['start', 'end', 'move'] as const) {
      for (let s = -1; s <= 11; s += 0.37) {
        const r = constrainRegion({ start: s, end: s + 0.2 }, 10, edit);
        expect(r.end - r.start).toBeGreaterThanOrEqual(1 - 1e-9);
        expect(r.start).toBeGreaterThanOrEqual(0);
        expect(r.end).toBeLessThanOrEqual(10);
      }
    }
  });

  it('selects audio shorter than a second whole', () => {
    expect(constrainRegion({ start: 0.2, end: 0.4 }, 0.75, 'start')).toEqual({ start: 0, end: 0.75 });
  });

  it('starts with the whole audio and tells a trimmed region apart', () => {
    expect(fullRegion(7.456)).toEqual({ start: 0, end: 7.46 });
    expect(isTrimmed(fullRegion(7.456), 7.456)).toBe(false);
    expect(isTrimmed({ start: 1, end: 7.46 }, 7.456)).toBe(true);
    expect(isTrimmed({ start: 0, end: 6 }, 7.456)).toBe(true);
  });
});
