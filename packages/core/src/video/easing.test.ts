import { describe, expect, it } from 'vitest';
import { EASINGS, ease } from './easing';

/**
 * The curves are CSS's `cubic-bezier` timing functions; the expected values were solved
 * independently (bisection on the curve's x, 200 halvings) and agree with browsers' CSS.
 */
const EXPECTED: Record<(typeof EASINGS)[number], [number, number, number]> = {
  linear: [0.25, 0.5, 0.75],
  'ease-in': [0.093465, 0.315357, 0.621862],
  'ease-out': [0.378138, 0.684643, 0.906535],
  'ease-in-out': [0.129162, 0.5, 0.870838],
};

describe('ease (D94): CSS timing curves between two keyframes', () => {
  it.each(EASINGS)('%s starts at 0, ends at 1, and passes the curve’s values at ¼, ½ and ¾', (easing) => {
    expect(ease(easing, 0)).toBe(0);
    expect(ease(easing, 1)).toBe(1);
    const [quarter, half, threeQuarters] = EXPECTED[easing];
    expect(ease(easing, 0.25)).toBeCloseTo(quarter, 5);
    expect(ease(easing, 0.5)).toBeCloseTo(half, 5);
    expect(ease(easing, 0.75)).toBeCloseTo(threeQuarters, 5);
  });

  it('is linear when no easing is named (documents made before easing existed)', () => {
    expect(ease(undefined, 0.3)).toBe(0.3);
  });

  it('clamps outside 0–1', () => {
    expect(ease('ease-in', -0.5)).toBe(0);
    expect(ease('ease-out', 1.5)).toBe(1);
  });

  it.each(EASINGS)('%s never goes back: each step of time moves the value on or leaves it', (easing) => {
    let previous = 0;
    for (let i = 1; i <= 200; i++) {
      const value = ease(easing, i / 200);
      expect(value).toBeGreaterThanOrEqual(previous - 1e-9);
      previous = value;
    }
  });

  it('ease in starts slow and ease out starts fast; ease in-out mirrors itself', () => {
    expect(ease('ease-in', 0.1)).toBeLessThan(0.1);
    expect(ease('ease-out', 0.1)).toBeGreaterThan(0.1);
    for (const x of [0.1, 0.3, 0.45]) expect(ease('ease-in-out', x) + ease('ease-in-out', 1 - x)).toBeCloseTo(1, 6);
  });
});
