import { createFrame, createTextItem, MovieSchema } from '@reelwright/core';
import { describe, expect, it } from 'vitest';
import { previewMovie } from './preview-movie';

const items = (frame: number, count: number) =>
  Array.from({ length: count }, (_, i) => createTextItem(`f${frame}-t${i}`, `Item ${i}`));

const movie = MovieSchema.parse({
  frames: Array.from({ length: 6 }, (_, f) => createFrame(`frame-${f}`, { items: items(f, 6) })),
  watermark: { type: 'text', text: 'Reelwright' },
});

describe('previewMovie', () => {
  it('keeps the first 4 frames, and the first 4 items of the first frame only', () => {
    const preview = previewMovie(movie);
    expect(preview.frames.map((frame) => frame.id)).toEqual(['frame-0', 'frame-1', 'frame-2', 'frame-3']);
    expect(preview.frames[0]?.items.map((item) => item.id)).toEqual(['f0-t0', 'f0-t1', 'f0-t2', 'f0-t3']);
    expect(preview.frames[1]?.items).toHaveLength(6);
    expect(preview.watermark).toEqual(movie.watermark);
  });

  it('leaves a short movie as it is, and the input untouched', () => {
    const short = {
      ...movie,
      frames: movie.frames.slice(0, 2).map((frame) => ({ ...frame, items: frame.items.slice(0, 3) })),
    };
    expect(previewMovie(short)).toEqual(short);
    expect(movie.frames).toHaveLength(6);
    expect(movie.frames[0]?.items).toHaveLength(6);
  });

  it('plays nothing for a movie without frames', () => {
    expect(previewMovie({ ...movie, frames: [] }).frames).toEqual([]);
  });
});
