import { frameAt } from '@reelwright/core';
import { effectsByFamily } from '@reelwright/scene';
import { describe, expect, it } from 'vitest';
import { PREVIEW_SECONDS } from '../inspector/animation/preview-movie';
import { transitionChoices, transitionLabel, transitionPosterTime, transitionPreviewMovie } from './transition-preview';

describe('a transition’s preview', () => {
  it('offers the renderer’s show and hide catalogues', () => {
    expect(transitionChoices('show')).toEqual(effectsByFamily('show'));
    expect(transitionChoices('hide')).toEqual(effectsByFamily('hide'));
    expect(transitionLabel('show', 'fade')).toBe('Fade in');
    expect(transitionLabel('hide', 'fade')).toBe('Fade out');
    expect(transitionLabel('show', null)).toBe('None');
    expect(transitionLabel('show', 'gone-effect')).toBe('gone-effect');
  });

  it('plays a show as an orange slide, then the slide entering with the effect, in one loop', () => {
    const movie = transitionPreviewMovie('show', 'fade');
    expect(movie.frames.map((frame) => frame.duration).reduce((a, b) => a + b)).toBeCloseTo(PREVIEW_SECONDS);
    const [before, slide] = movie.frames;
    expect(before!.transition).toEqual({});
    expect(slide!.transition.show?.name).toBe('fade');
    // The poster is mid-effect, on the entering slide.
    const poster = frameAt(movie, transitionPosterTime('show', 'fade'))!;
    expect(poster.frame).toBe(slide);
    expect(poster.local).toBeCloseTo(slide!.transition.show!.duration / 2);
  });

  it('plays a hide as the slide leaving, then an orange slide; none is a plain cut', () => {
    const movie = transitionPreviewMovie('hide', 'zoom-out');
    expect(movie.frames[0]!.transition.hide?.name).toBe('zoom-out');
    const poster = frameAt(movie, transitionPosterTime('hide', 'zoom-out'))!;
    expect(poster.frame).toBe(movie.frames[0]);
    expect(poster.frame.duration - poster.local).toBeCloseTo(movie.frames[0]!.transition.hide!.duration / 2);
    expect(transitionPreviewMovie('show', null).frames.map((frame) => frame.transition)).toEqual([{}, {}]);
  });
});
