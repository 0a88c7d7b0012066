import { z } from 'zod';

/**
 * How a keyframed item moves into a keyframe (D94): the names and curves of CSS's timing
 * functions, so an author who knows them, or an editor's "ease in", gets what they expect.
 */
export const EASINGS = ['linear', 'ease-in', 'ease-out', 'ease-in-out'] as const;
export const EasingSchema = z.enum(EASINGS);
export type Easing = z.infer<typeof EasingSchema>;

/** The control points of each curve, as CSS's `cubic-bezier(x1, y1, x2, y2)` defines them. */
const CURVES: Record<Exclude<Easing, 'linear'>, readonly [number, number, number, number]> = {
  'ease-in': [0.42, 0, 1, 1],
  'ease-out': [0, 0, 0.58, 1],
  'ease-in-out': [0.42, 0, 0.58, 1],
};

/** One coordinate of a cubic Bézier from (0,0) to (1,1) with inner control values `a` and `b`, at `s`. */
const bezier = (a: number, b: number, s: number) => 3 * a * (1 - s) ** 2 * s + 3 * b * (1 - s) * s ** 2 + s ** 3;
const bezierSlope = (a: number, b: number, s: number) =>
  3 * a * (1 - s) ** 2 + 6 * (b - a) * (1 - s) * s + 3 * (1 - b) * s ** 2;

/**
 * The curve's parameter whose x is `x`: Newton's method from x itself, then bisection when the
 * slope is too flat to trust (as browsers solve CSS curves). x of these curves rises monotonically.
 */
function solveX(x1: number, x2: number, x: number): number {
  let s = x;
  for (let i = 0; i < 8; i++) {
    const error = bezier(x1, x2, s) - x;
    if (Math.abs(error) < 1e-7) return s;
    const slope = bezierSlope(x1, x2, s);
    if (Math.abs(slope) < 1e-6) break;
    s -= error / slope;
  }
  let low = 0;
  let high = 1;
  s = x;
  for (let i = 0; i < 40; i++) {
    const value = bezier(x1, x2, s);
    if (Math.abs(value - x) < 1e-7) break;
    if (value < x) low = s;
    else high = s;
    s = (low + high) / 2;
  }
  return s;
}

/**
 * The share of the way an eased value has gone at `progress` (0–1) of the time between two
 * keyframes: 0 at the start, 1 at the end, and in between the curve's. A pure function of its
 * inputs, so the stage and the export draw the same frame at the same instant.
 */
export function ease(easing: Easing | undefined, progress: number): number {
  if (progress <= 0) return 0;
  if (progress >= 1) return 1;
  if (!easing || easing === 'linear') return progress;
  const [x1, y1, x2, y2] = CURVES[easing];
  return bezier(y1, y2, solveX(x1, x2, progress));
}
