import { createFrame, createTextItem, emptyProjectData, ImageItemSchema } from '@reelwright/core';
import { describe, expect, it } from 'vitest';
import { assetKey, slideMovie, soundKey } from './slide-movie';

const video = emptyProjectData().video;
const photo = ImageItemSchema.parse({
  id: 'photo',
  type: 'image',
  url: '/a.jpg',
  timing: { start: 0, stop: 5 },
  box: { left: 0, top: 0, width: 1, height: 1 },
});
const title = createTextItem('title', 'Hello');
const frame = createFrame('frame-1', { items: [title, photo] });

describe('the stage movie', () => {
  it('is the open slide alone, without the item being edited in place', () => {
    expect(slideMovie(video, frame).frames).toEqual([frame]);
    expect(slideMovie(video, frame, 'title').frames[0]?.items.map((item) => item.id)).toEqual(['photo']);
  });

  it('keeps its asset and sound keys while an item only moves', () => {
    const moved = createFrame('frame-1', { items: [{ ...title, box: { ...title.box, left: 0.3 } }, photo] });
    expect(assetKey(slideMovie(video, moved))).toBe(assetKey(slideMovie(video, frame)));
    expect(soundKey(slideMovie(video, moved))).toBe(soundKey(slideMovie(video, frame)));
  });

  it('changes its asset key when a picture changes', () => {
    const replaced = createFrame('frame-1', { items: [title, { ...photo, url: '/b.jpg' }] });
    expect(assetKey(slideMovie(video, replaced))).not.toBe(assetKey(slideMovie(video, frame)));
  });
});
