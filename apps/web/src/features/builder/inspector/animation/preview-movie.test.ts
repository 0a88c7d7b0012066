import { MovieSchema } from '@reelwright/core';
import { describe, expect, it } from 'vitest';
import { imageAt, textAt } from '../../../../builder/test/test-editor';
import { choicesFor, slotsFor } from './fx-rules';
import { PREVIEW_SIZE, previewMovie } from './preview-movie';

const box = { left: 0, top: 0, width: 200, height: 100 };

describe('previewMovie', () => {
  it('builds a complete movie for every choice of every picker: parsing it again changes nothing', () => {
    for (const item of [textAt('t', box), imageAt('i', box)]) {
      for (const slot of slotsFor(item)) {
        for (const name of [null, ...choicesFor(slot).map((choice) => choice.name)]) {
          const movie = previewMovie(item, slot, name);
          expect(MovieSchema.parse(movie)).toEqual(movie);
        }
      }
    }
  });

  it('plays one item of the kind on a backdrop its text reads on', () => {
    const light = { ...textAt('t', box), color: '#ffffff' };
    const dark = { ...textAt('t', box), color: '#111111' };
    const onDark = previewMovie(light, 'show', 'fade-up');
    expect(onDark.size).toEqual(PREVIEW_SIZE);
    expect(onDark.frames).toHaveLength(1);
    expect(onDark.frames[0]!.items.map((item) => item.type)).toEqual(['text']);
    expect(onDark.frames[0]!.items[0]!.fx.show?.name).toBe('fade-up');
    const backdrop = (movie: ReturnType<typeof previewMovie>) => {
      const background = movie.frames[0]!.background;
      return background.type === 'color' ? background.color : null;
    };
    expect(backdrop(onDark)).toBe('#25262b');
    expect(backdrop(previewMovie(dark, 'show', 'fade-up'))).toBe('#e9ecef');
  });
});
