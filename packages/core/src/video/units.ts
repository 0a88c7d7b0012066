/**
 * Units the model carries in its types (STYLE principle 5). The brands are optional, so a plain
 * number literal is accepted where a unit is expected, but a value typed in one unit cannot be
 * passed where another is wanted.
 */

/** Time in seconds. */
export type Seconds = number & { readonly __unit?: 'seconds' };
/** A fraction of the stage's width (x, width) or height (y, height): 0 is one edge, 1 the other. */
export type StageFraction = number & { readonly __unit?: 'stage-fraction' };
/** Pixels of the output movie. */
export type Px = number & { readonly __unit?: 'px' };
/** Degrees of rotation or gradient angle. */
export type Degrees = number & { readonly __unit?: 'degrees' };
/** A 0–1 amount (opacity, volume, progress). */
export type Unit = number & { readonly __unit?: 'unit' };

/** Rounds to a number of decimals (keyframe delays keep 2, spec 002 §5). */
export function roundTo(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor;
}

export function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}
