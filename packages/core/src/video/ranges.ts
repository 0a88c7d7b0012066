import { clamp } from './units';

/**
 * Every numeric range of spec 002 §5, §9 and 001 §5 in one table, so the inspector's sliders,
 * the schemas and the renderer clamp to the same limits.
 */
export const RANGES = {
  /** Item and clip volume. */
  volume: { min: 0, max: 1 },
  /** Video playback speed. */
  videoSpeed: { min: 0.5, max: 2.5 },
  watermarkOpacity: { min: 0, max: 1 },
  /** Text padding, px of a 576-high stage. */
  padding: { min: 0, max: 200 },
  shadowThickness: { min: 0, max: 20 },
  shadowDistance: { min: 0, max: 20 },
  borderThickness: { min: 0, max: 10 },
  borderRadius: { min: 0, max: 10 },
  outlineThickness: { min: 0, max: 3 },
  /** Filter sliders (blur, brightness, …) and percent inputs. */
  filter: { min: 0, max: 100 },
  percent: { min: 0, max: 100 },
  gradientAngle: { min: 0, max: 360 },
  backdropValue: { min: 1, max: 100 },
  /** Container background and text overlay alpha (001 §5). */
  containerAlpha: { min: 0, max: 1 },
  /** Custom movie width and height, px. */
  movieSide: { min: 100, max: 2000 },
  /** Minimum slide duration prompt, seconds (0 = automatic). */
  minSlideDuration: { min: 0, max: 300 },
} as const;

export type RangeName = keyof typeof RANGES;

/** Clamps a value into a named range; NaN becomes the range's minimum. */
export function clampTo(range: RangeName, value: number): number {
  const { min, max } = RANGES[range];
  return Number.isNaN(value) ? min : clamp(value, min, max);
}
