import { abilitiesFor } from '@reelwright/core';
import { describe, expect, it } from 'vitest';
import { previewSlides } from './preview-slides';

const FREE = abilitiesFor('free');
const PAID = abilitiesFor('paid');
const slides = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

describe('previewSlides', () => {
  it('shows the first 5 slides until all are loaded', () => {
    const preview = previewSlides(slides(8), { abilities: PAID, showAll: false });
    expect(preview.shown).toEqual([1, 2, 3, 4, 5]);
    expect(preview.hidden).toBe(3);
    expect(preview.leftOut).toBe(0);
  });

  it('shows every slide once loaded', () => {
    const preview = previewSlides(slides(8), { abilities: PAID, showAll: true });
    expect(preview.shown).toHaveLength(8);
    expect(preview.hidden).toBe(0);
  });

  it('hides nothing when there are 5 slides or fewer', () => {
    expect(previewSlides(slides(3), { abilities: PAID, showAll: false })).toEqual({
      shown: [1, 2, 3],
      inVideo: 3,
      hidden: 0,
      leftOut: 0,
    });
  });

  it('limits free accounts to 15 slides, even when all are loaded', () => {
    const preview = previewSlides(slides(20), { abilities: FREE, showAll: true });
    expect(preview.shown).toHaveLength(15);
    expect(preview.inVideo).toBe(15);
    expect(preview.leftOut).toBe(5);
    expect(previewSlides(slides(20), { abilities: FREE, showAll: false }).hidden).toBe(10);
  });

  it('gives paid members every slide', () => {
    expect(previewSlides(slides(20), { abilities: PAID, showAll: true }).shown).toHaveLength(20);
  });
});
