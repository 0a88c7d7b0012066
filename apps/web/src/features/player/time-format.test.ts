import { describe, expect, it } from 'vitest';
import { formatClock, formatReadout } from './time-format';

describe('formatClock', () => {
  it('shows hours, minutes and seconds, seconds rounded down', () => {
    expect(formatClock(0)).toBe('0:00:00');
    expect(formatClock(7.9)).toBe('0:00:07');
    expect(formatClock(61)).toBe('0:01:01');
    expect(formatClock(3599.99)).toBe('0:59:59');
    expect(formatClock(3600)).toBe('1:00:00');
    expect(formatClock(36_000 + 62)).toBe('10:01:02');
  });

  it('absorbs float error just below a whole second', () => {
    expect(formatClock(2.9999999)).toBe('0:00:03');
  });

  it('reads negative and non-finite times as zero', () => {
    expect(formatClock(-3)).toBe('0:00:00');
    expect(formatClock(Number.NaN)).toBe('0:00:00');
    expect(formatClock(Number.POSITIVE_INFINITY)).toBe('0:00:00');
  });

  it('pairs the playhead with the duration', () => {
    expect(formatReadout(1.5, 90)).toBe('0:00:01 / 0:01:30');
  });
});
