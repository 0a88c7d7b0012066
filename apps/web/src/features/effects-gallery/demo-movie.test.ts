import { frameAt, localPlayhead, MovieSchema, movieDuration, type TextItem } from '@reelwright/core';
import { EFFECTS, effectsByFamily } from '@reelwright/scene';
import { describe, expect, it } from 'vitest';
import { DEMO_SECONDS, demoMovie } from './demo-movie';

const textOf = (movie: ReturnType<typeof demoMovie>): TextItem => {
  const item = movie.frames[0]!.items[0]!;
  if (item.type !== 'text') throw new Error('expected a text item');
  return item;
};

describe('demoMovie', () => {
  it('makes a valid 3-second, one-text movie for every catalogue effect', () => {
    for (const effect of EFFECTS) {
      const movie = demoMovie(effect);
      expect(MovieSchema.safeParse(movie).success, effect.name).toBe(true);
      expect(movieDuration(movie)).toBe(DEMO_SECONDS);
      expect(movie.frames[0]?.background.type).toBe('gradient');
      expect(movie.frames[0]?.items).toHaveLength(1);
    }
  });

  it('shows a show effect on a boxed text after a short pause', () => {
    const effect = effectsByFamily('show')[0]!;
    const item = textOf(demoMovie(effect));
    expect(item.fx.show?.name).toBe(effect.name);
    expect(item.container).toBeDefined();
    expect(localPlayhead(item.timing, 0.1)).toBe(-1);
    expect(localPlayhead(item.timing, 1)).toBeGreaterThan(0);
  });

  it('hides a hide effect before the loop ends', () => {
    const effect = effectsByFamily('hide')[0]!;
    const item = textOf(demoMovie(effect));
    expect(item.fx.hide?.name).toBe(effect.name);
    expect(item.timing.stop).toBeLessThan(DEMO_SECONDS);
  });

  it('puts stay, highlighter, container and container background effects where drawing reads them', () => {
    expect(textOf(demoMovie(effectsByFamily('stay')[0]!)).fx.stay?.name).toBe(effectsByFamily('stay')[0]!.name);
    const marker = effectsByFamily('highlighter')[0]!;
    expect(textOf(demoMovie(marker)).fx.overlay?.name).toBe(marker.name);
    for (const effect of effectsByFamily('container')) {
      expect(textOf(demoMovie(effect)).container?.animation).toBe(effect.name);
    }
    const bg = effectsByFamily('container-background')[0]!;
    expect(textOf(demoMovie(bg)).container?.backgroundFx).toBe(bg.name);
  });

  it('is pure: the same effect gives the same movie', () => {
    const effect = EFFECTS[5]!;
    expect(demoMovie(effect)).toEqual(demoMovie(effect));
    expect(frameAt(demoMovie(effect), 1)?.index).toBe(0);
  });
});
