/**
 * Occlusion: the topmost item that paints every pixel of the stage with opaque colour at an
 * instant, so that nothing under it — the clear colour, the frame's background, lower items —
 * needs drawing (two full-frame fills are about 0.5 ms of a 1080p export frame, docs/benchmarks.md).
 * Only the provable counts, so skipping never changes a pixel: an image the assets know to have
 * no transparency (`AssetSource.isOpaque`), drawn as it is — no opacity, rotation or scale, no
 * show/hide/stay motion, no filter, square corners — with both its box and its fitted (Ken Burns)
 * picture covering the stage.
 */
import { type Frame, type Item, localPlayhead, stackAt } from '@reelwright/core';
import type { Rect } from '../motion/types';
import { boxToPx, type DrawContext } from './context';
import { itemMotion } from './effects';
import { boxUntransformed } from './item';
import { imagePlacement } from './items/image';
import { boxAt } from './keyframes';
import { mediaRect, sourceSize } from './media';
import { isIdentity } from './motion';
import { cornerRadius, filterString } from './style';

const contains = (outer: Rect, inner: Rect) =>
  outer.x <= inner.x &&
  outer.y <= inner.y &&
  outer.x + outer.width >= inner.x + inner.width &&
  outer.y + outer.height >= inner.y + inner.height;

/** True when `item`, `local` seconds into it, paints the whole stage opaquely. */
export function coversStage(dc: DrawContext, item: Item, local: number): boolean {
  if (item.type !== 'image' || !dc.assets.isOpaque?.(item.url)) return false;
  const source = dc.assets.image(item.url);
  const size = source ? sourceSize(source) : null;
  if (!size || size.width <= 0 || size.height <= 0) return false;
  const box = boxAt(item.box, item.keyframes, local);
  if (box.opacity !== 1 || !boxUntransformed(box)) return false;
  const motion = itemMotion(item, local);
  if (!isIdentity(motion) || motion.blur !== 0) return false;
  if (dc.filters && filterString(item.style.filters, dc.unit, 0) !== '') return false;
  const rect = boxToPx(box, dc.stage);
  if (cornerRadius(item.style, rect) > 0 || !contains(rect, dc.stage)) return false;
  return contains(mediaRect(size, rect, imagePlacement(dc, item, local)), dc.stage);
}

/**
 * The index in stacking order (`stackAt`, top first) of the topmost visible item of `frame` that
 * covers the stage at `local` seconds, or -1 when none does.
 */
export function topCover(dc: DrawContext, frame: Frame, local: number): number {
  return stackAt(frame.items, local).findIndex((item) => {
    const itemLocal = localPlayhead(item.timing, local);
    return itemLocal >= 0 && coversStage(dc, item, itemLocal);
  });
}
