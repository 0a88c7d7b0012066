import { describe, expect, it } from 'vitest';
import { MovieSchema } from './movie';
import { customMovieSize, DEFAULT_MOVIE_SIZE, MOVIE_SIZES } from './sizes';

describe('movie sizes (002 §9)', () => {
  it('offers Wide 16:9 1920x1080, Square 720x720, Vertical 9:16 1080x1920 and Custom 1920x1080', () => {
    expect(MOVIE_SIZES).toEqual({
      wide: { label: 'Wide 16:9', width: 1920, height: 1080 },
      square: { label: 'Square', width: 720, height: 720 },
      vertical: { label: 'Vertical 9:16', width: 1080, height: 1920 },
      custom: { label: 'Custom', width: 1920, height: 1080 },
    });
  });

  it('the default movie size is 1024x576, and a new movie gets it', () => {
    expect(DEFAULT_MOVIE_SIZE).toEqual({ width: 1024, height: 576 });
    expect(MovieSchema.parse({}).size).toEqual({ width: 1024, height: 576 });
  });

  it('every offered size is a valid movie size', () => {
    for (const { width, height } of Object.values(MOVIE_SIZES)) {
      expect(MovieSchema.safeParse({ size: { width, height } }).success).toBe(true);
    }
  });
});

describe('custom movie size (002 §5): each side 100–2000 px, otherwise width 1920 and height 1920', () => {
  it('keeps a size whose sides both lie in 100–2000', () => {
    expect(customMovieSize(1280, 720)).toEqual({ width: 1280, height: 720 });
  });

  it('keeps the ends of the range', () => {
    expect(customMovieSize(100, 2000)).toEqual({ width: 100, height: 2000 });
    expect(customMovieSize(2000, 100)).toEqual({ width: 2000, height: 100 });
  });

  it('resets to 1920x1920 when the width is out of range', () => {
    expect(customMovieSize(99, 720)).toEqual({ width: 1920, height: 1920 });
    expect(customMovieSize(2001, 720)).toEqual({ width: 1920, height: 1920 });
  });

  it('resets to 1920x1920 when the height is out of range', () => {
    expect(customMovieSize(1280, 99)).toEqual({ width: 1920, height: 1920 });
    expect(customMovieSize(1280, 2001)).toEqual({ width: 1920, height: 1920 });
  });

  it('resets to 1920x1920 for sizes that are not whole pixels or not numbers', () => {
    expect(customMovieSize(1280.5, 720)).toEqual({ width: 1920, height: 1920 });
    expect(customMovieSize(Number.NaN, 720)).toEqual({ width: 1920, height: 1920 });
  });

  it('whatever it returns is a valid movie size', () => {
    for (const [width, height] of [
      [1280, 720],
      [5, 5],
      [3000, 100],
    ] as const) {
      expect(MovieSchema.safeParse({ size: customMovieSize(width, height) }).success).toBe(true);
    }
  });
});
