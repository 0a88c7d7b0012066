import { describe, expect, it } from 'vitest';
import {
  autoplays,
  CAROUSEL_INTERVAL_DEFAULT,
  clampIndex,
  indexAfterKey,
  nextIndex,
  previousIndex,
} from './carousel-rules';

describe('carousel rules', () => {
  it('has the interval off by default (spec 002)', () => {
    expect(CAROUSEL_INTERVAL_DEFAULT).toBeNull();
    expect(autoplays(CAROUSEL_INTERVAL_DEFAULT, 3)).toBe(false);
  });

  it('plays by itself only with a positive interval and more than one slide', () => {
    expect(autoplays(4000, 3)).toBe(true);
    expect(autoplays(undefined, 3)).toBe(false);
    expect(autoplays(0, 3)).toBe(false);
    expect(autoplays(-100, 3)).toBe(false);
    expect(autoplays(Number.NaN, 3)).toBe(false);
    expect(autoplays(4000, 1)).toBe(false);
  });

  it('moves to the next and previous slide, wrapping at both ends', () => {
    expect(nextIndex(0, 3)).toBe(1);
    expect(nextIndex(2, 3)).toBe(0);
    expect(previousIndex(2, 3)).toBe(1);
    expect(previousIndex(0, 3)).toBe(2);
    expect(nextIndex(0, 1)).toBe(0);
    expect(previousIndex(0, 1)).toBe(0);
  });

  it('keeps an index within the slides, e.g. after a slide is removed', () => {
    expect(clampIndex(4, 3)).toBe(2);
    expect(clampIndex(-1, 3)).toBe(0);
    expect(clampIndex(1, 3)).toBe(1);
    expect(clampIndex(2, 0)).toBe(0);
    expect(nextIndex(5, 3)).toBe(0);
    expect(previousIndex(5, 3)).toBe(1);
  });

  it('has no slide to move to when there are none', () => {
    expect(nextIndex(0, 0)).toBe(0);
    expect(previousIndex(0, 0)).toBe(0);
  });

  it('maps the arrow keys to previous and next', () => {
    expect(indexAfterKey('ArrowRight', 2, 3)).toBe(0);
    expect(indexAfterKey('ArrowLeft', 0, 3)).toBe(2);
    expect(indexAfterKey('Enter', 1, 3)).toBeNull();
  });
});
