import type { ImageItem } from '@reelwright/core';
import type { DrawContext } from '../context';
import { drawMedia, type MediaPlacement } from '../media';
import type { ItemUtil } from './types';

/** Progress 0–1 through an item's visible time (Ken Burns runs over it). */
export function itemProgress(item: { timing: { start: number; stop: number } }, local: number): number {
  const duration = item.timing.stop - item.timing.start;
  return duration > 0 ? Math.max(0, Math.min(1, local / duration)) : 0;
}

/** How an image item places its picture at its local playhead. */
export function imagePlacement(dc: DrawContext, item: ImageItem, local: number): MediaPlacement {
  return {
    fit: item.fit,
    position: item.position,
    kenBurns: item.kenBurns,
    progress: itemProgress(item, local),
    mediaScale: dc.stage.width / dc.movie.size.width,
  };
}

/** Image: object-fit with position and Ken Burns; a placeholder when the image is missing. */
export const imageUtil: ItemUtil<ImageItem> = {
  type: 'image',
  visual: true,
  boxShadow: () => true,
  draw(dc, item, rect, local) {
    drawMedia(dc.ctx, dc.assets.image(item.url), rect, imagePlacement(dc, item, local));
  },
};
