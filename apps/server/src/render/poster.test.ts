import { createFrame, createTextItem, MovieSchema } from '@reelwright/core';
import { describe, expect, it } from 'vitest';
import { posterMoment } from './poster';

const movie = (frames: ReturnType<typeof createFrame>[]) => MovieSchema.parse({ frames });

describe('posterMoment', () => {
  it('is the middle of the first slide with items', () => {
    const frames = [
      createFrame('empty', { duration: 2 }),
      createFrame('titled', { duration: 5, items: [createTextItem('t', 'Title')] }),
      createFrame('later', { duration: 3, items: [createTextItem('u', 'Later')] }),
    ];
    expect(posterMoment(movie(frames))).toEqual({ frameIndex: 1, local: 2.5 });
  });

  it('is the middle of the first slide when no slide has items', () => {
    expect(posterMoment(movie([createFrame('a', { duration: 3 }), createFrame('b')]))).toEqual({
      frameIndex: 0,
      local: 1.5,
    });
  });

  it('is null for a movie without slides', () => {
    expect(posterMoment(movie([]))).toBeNull();
  });
});
