import type { GalleryItem } from '@reelwright/core';
import type { Rect } from '../../motion/types';
import { drawMedia } from '../media';
import type { ItemUtil } from './types';

/** A cell as fractions of the gallery box: [left, top, width, height]. */
type Cell = [number, number, number, number];

/**
 * Preset collages for 2–4 images (spec 002 §5): 2 side by side; 3 one large on the left and
 * two stacked on the right; 4 a 2×2 grid.
 */
export const COLLAGES: Record<number, Cell[]> = {
  2: [
    [0, 0, 0.5, 1],
    [0.5, 0, 0.5, 1],
  ],
  3: [
    [0, 0, 0.5, 1],
    [0.5, 0, 0.5, 0.5],
    [0.5, 0.5, 0.5, 0.5],
  ],
  4: [
    [0, 0, 0.5, 0.5],
    [0.5, 0, 0.5, 0.5],
    [0, 0.5, 0.5, 0.5],
    [0.5, 0.5, 0.5, 0.5],
  ],
};

/** Cells for a number of images: a preset collage for 2–4, one full cell for 1, else two columns. */
export function galleryCells(count: number): Cell[] {
  if (count <= 0) return [];
  if (count === 1) return [[0, 0, 1, 1]];
  const preset = COLLAGES[count];
  if (preset) return preset;
  const rows = Math.ceil(count / 2);
  return Array.from({ length: count }, (_, i): Cell => [(i % 2) / 2, Math.floor(i / 2) / rows, 0.5, 1 / rows]);
}

/** Cells in pixels with a gap between neighbours and none at the outer edges. */
export function galleryRects(box: Rect, count: number, gap: number): Rect[] {
  return galleryCells(count).map(([l, t, w, h]) => ({
    x: box.x + l * (box.width + gap),
    y: box.y + t * (box.height + gap),
    width: Math.max(0, w * (box.width + gap) - gap),
    height: Math.max(0, h * (box.height + gap) - gap),
  }));
}

/** Gallery: the images with a url, in a collage or two-column grid; placeholders for missing ones. */
export const galleryUtil: ItemUtil<GalleryItem> = {
  type: 'gallery',
  visual: true,
  boxShadow: () => true,
  draw(dc, item, rect) {
    const images = item.images.filter((image) => image.url.trim() !== '');
    const rects = galleryRects(rect, images.length, item.gap * dc.stage.height);
    images.forEach((image, i) => {
      drawMedia(dc.ctx, dc.assets.image(image.url), rects[i]!, { fit: item.fit });
    });
  },
};
