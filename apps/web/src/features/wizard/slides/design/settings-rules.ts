import { MIN_DURATION_RANGE } from '@reelwright/core';

/**
 * The minimum slide duration typed in the prompt, seconds: clamped 0–300, 0 = automatic
 * (spec 001 §5); anything unreadable is 0. One decimal is kept.
 */
export function clampMinDuration(input: string | number): number {
  const value = typeof input === 'number' ? input : Number.parseFloat(input.replace(',', '.'));
  if (!Number.isFinite(value)) return MIN_DURATION_RANGE.min;
  const clamped = Math.min(MIN_DURATION_RANGE.max, Math.max(MIN_DURATION_RANGE.min, value));
  return Math.round(clamped * 10) / 10;
}

/** The overlay alpha slider's value, 0–1 in steps of 0.05 (spec 001 §5). */
export function clampAlpha(value: number): number {
  if (!Number.isFinite(value)) return 0;
  return Math.round(Math.min(1, Math.max(0, value)) * 100) / 100;
}
