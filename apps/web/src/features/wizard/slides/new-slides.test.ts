import { SlideSchema } from '@reelwright/core';
import { describe, expect, it } from 'vitest';
import { moveItem, newSlide } from './new-slides';

describe('inserted slides', () => {
  const before = SlideSchema.parse({ id: 'a', style: { color: '#ff0000' }, settings: { layout: 'text_on_left' } });

  it('a blank slide has one empty line and the design of the slide before', () => {
    const slide = newSlide('blank', before);
    expect(slide.texts).toHaveLength(1);
    expect(slide.texts[0]!.text).toBe('');
    expect(slide.activeTextId).toBe(slide.texts[0]!.id);
    expect(slide.style.color).toBe('#ff0000');
    expect(slide.settings.layout).toBe('text_on_left');
    expect(slide.frameKey).toBeTruthy();
  });

  it('image and video slides show no text and are not narrated', () => {
    for (const kind of ['image', 'video'] as const) {
      const slide = newSlide(kind, before);
      expect(slide.settings.layout).toBe('text_hidden');
      expect(slide.settings.audioSource).toBe('none');
      expect(slide.unique).toBe(true);
    }
    expect(newSlide('video', before).unmute).toBe(true);
  });
});

describe('moveItem', () => {
  it('moves an item to a new place, clamped to the list', () => {
    expect(moveItem(['a', 'b', 'c'], 0, 2)).toEqual(['b', 'c', 'a']);
    expect(moveItem(['a', 'b', 'c'], 2, 0)).toEqual(['c', 'a', 'b']);
    expect(moveItem(['a', 'b', 'c'], 1, 9)).toEqual(['a', 'c', 'b']);
    expect(moveItem(['a'], 3, 0)).toEqual(['a']);
  });
});
