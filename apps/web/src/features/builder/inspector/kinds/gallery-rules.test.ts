import { galleryCells } from '@reelwright/scene';
import { describe, expect, it } from 'vitest';
import { galleryLayout, usedImages } from './gallery-rules';

describe('gallery (spec 002 §5)', () => {
  it('uses only images with a valid url', () => {
    const images = [{ url: '/media/a.jpg' }, { url: '' }, { url: 'not a link' }, { url: 'https://example.com/b.png' }];
    expect(usedImages(images).map((image) => image.url)).toEqual(['/media/a.jpg', 'https://example.com/b.png']);
  });

  it.each([
    [0, 'empty'],
    [1, 'single'],
    [2, 'collage'],
    [3, 'collage'],
    [4, 'collage'],
    [5, 'grid'],
    [9, 'grid'],
  ])('%i images: %s', (count, kind) => {
    expect(galleryLayout(count).kind).toBe(kind);
  });

  it('says what the renderer draws: a grid is two columns', () => {
    const cells = galleryCells(5);
    expect(new Set(cells.map(([left]) => left))).toEqual(new Set([0, 0.5]));
    expect(galleryLayout(5).label).toBe('Two-column grid, 3 rows');
  });
});
