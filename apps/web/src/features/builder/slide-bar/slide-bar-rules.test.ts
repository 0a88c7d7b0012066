import { describe, expect, it } from 'vitest';
import {
  dragAnnouncements,
  dropIndex,
  formatSlideDuration,
  posterTime,
  THUMBNAIL_BOX,
  thumbnailSize,
} from './slide-bar-rules';

describe('poster time', () => {
  it('is past the entrances of a usual slide', () => {
    expect(posterTime(5)).toBe(1.5);
    expect(posterTime(30)).toBe(1.5);
  });

  it('stays early in a short slide, before its exits', () => {
    expect(posterTime(1)).toBeCloseTo(0.4);
    expect(posterTime(0.1)).toBeCloseTo(0.04);
  });
});

describe('slide duration label', () => {
  it('shows seconds with one decimal', () => {
    expect(formatSlideDuration(5)).toBe('5.0 s');
    expect(formatSlideDuration(12.345)).toBe('12.3 s');
  });
});

describe('thumbnail size', () => {
  it('fills the column width for a wide movie', () => {
    const { css, pixels } = thumbnailSize({ width: 1024, height: 576 }, 2);
    expect(css).toEqual({ width: THUMBNAIL_BOX.width, height: 82 });
    expect(pixels).toEqual({ width: 292, height: 164 });
  });

  it('keeps a vertical movie within the box height', () => {
    const { css } = thumbnailSize({ width: 1080, height: 1920 }, 1);
    expect(css.height).toBe(THUMBNAIL_BOX.height);
    expect(css.width).toBe(62);
  });

  it('caps the pixel ratio at 2 and the pixels at the movie size', () => {
    expect(thumbnailSize({ width: 1920, height: 1080 }, 3).pixels.width).toBe(292);
    expect(thumbnailSize({ width: 100, height: 100 }, 2).pixels).toEqual({ width: 100, height: 100 });
    expect(thumbnailSize({ width: 1920, height: 1080 }, 0).pixels.width).toBe(146);
  });
});

describe('drop index', () => {
  const ids = ['a', 'b', 'c', 'd'];

  it('is the index of the slide dropped over, up or down', () => {
    expect(dropIndex(ids, 'a', 'c')).toBe(2);
    expect(dropIndex(ids, 'd', 'b')).toBe(1);
  });

  it('is null when nothing moves', () => {
    expect(dropIndex(ids, 'b', 'b')).toBeNull();
    expect(dropIndex(ids, 'b', null)).toBeNull();
    expect(dropIndex(ids, 'x', 'b')).toBeNull();
  });
});

describe('drag announcements', () => {
  const say = dragAnnouncements(() => ['a', 'b', 'c']);

  it('names slides by their number', () => {
    expect(say.onDragStart({ active: { id: 'b' } })).toBe('Picked up slide 2 of 3.');
    expect(say.onDragOver({ active: { id: 'b' }, over: { id: 'c' } })).toBe('Slide 2 is over position 3.');
    expect(say.onDragEnd({ active: { id: 'c' }, over: { id: 'a' } })).toBe('Slide 3 was moved to position 1.');
    expect(say.onDragCancel({ active: { id: 'a' } })).toBe('Moving canceled. Slide 1 stays where it was.');
  });
});
