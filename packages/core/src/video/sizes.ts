import { RANGES } from './ranges';

/** Movie sizes of spec 002 §9. */
export const MOVIE_SIZES = {
  wide: { label: 'Wide 16:9', width: 1920, height: 1080 },
  square: { label: 'Square', width: 720, height: 720 },
  vertical: { label: 'Vertical 9:16', width: 1080, height: 1920 },
  custom: { label: 'Custom', width: 1920, height: 1080 },
} as const;

/** The default movie size (spec 000 §9, 002 §9). */
export const DEFAULT_MOVIE_SIZE = { width: 1024, height: 576 } as const;

/**
 * A custom size as the spec's Resize dialog keeps it: each side must lie in 100–2000 px,
 * otherwise the size resets to the default (width 1920; height also 1920).
 */
export function customMovieSize(width: number, height: number): { width: number; height: number } {
  const ok = (side: number) => Number.isInteger(side) && side >= RANGES.movieSide.min && side <= RANGES.movieSide.max;
  if (ok(width) && ok(height)) return { width, height };
  return { width: 1920, height: 1920 };
}
