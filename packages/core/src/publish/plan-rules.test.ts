import { describe, expect, it } from 'vitest';
import { abilitiesFor } from '../account/abilities';
import { FREE_VIDEO_MAX_SECONDS } from '../limits';
import { createFrame, MovieSchema, movieDuration } from '../video';
import { applyPublishRules, PRODUCT_WATERMARK, publishRulesFor, trimMovie } from './plan-rules';

const movieOf = (durations: number[]) =>
  MovieSchema.parse({
    frames: durations.map((duration, i) => createFrame(`f${i}`, { duration })),
    watermark: { type: 'text', text: 'Mine' },
  });

describe('publish rules (spec 000 §1: free videos carry a watermark and stop at 60 s)', () => {
  it('free plans force the watermark and 60 s; paid plans neither', () => {
    expect(publishRulesFor(abilitiesFor('free'))).toEqual({
      watermarkForced: true,
      maxSeconds: FREE_VIDEO_MAX_SECONDS,
    });
    expect(publishRulesFor(abilitiesFor('paid'))).toEqual({ watermarkForced: false, maxSeconds: null });
    expect(publishRulesFor(abilitiesFor('business'))).toEqual({ watermarkForced: false, maxSeconds: null });
  });

  it('a free video of 70 s stops at 60 s with the product watermark', () => {
    const published = applyPublishRules(movieOf([25, 25, 20]), publishRulesFor(abilitiesFor('free')));
    expect(movieDuration(published)).toBe(60);
    expect(published.frames.map((f) => f.duration)).toEqual([25, 25, 10]);
    expect(published.watermark).toEqual(PRODUCT_WATERMARK);
    expect(MovieSchema.safeParse(published).success).toBe(true);
  });

  it("a paid member's movie is published as it is", () => {
    const movie = movieOf([50, 50]);
    expect(applyPublishRules(movie, publishRulesFor(abilitiesFor('paid')))).toBe(movie);
  });

  it('drops frames after the cut and a sliver shorter than an item', () => {
    expect(trimMovie(movieOf([30, 30, 5]), 60).frames).toHaveLength(2);
    expect(trimMovie(movieOf([59.95, 5]), 60).frames.map((f) => f.duration)).toEqual([59.95]);
    expect(trimMovie(movieOf([10]), 60).frames.map((f) => f.duration)).toEqual([10]);
  });
});
