import type { Watermark } from '@reelwright/core';
import type { Rect } from '../motion/types';
import { type DrawContext, REFERENCE_HEIGHT } from './context';
import { sourceSize } from './media';

/** Watermark text size and image height, px of a stage whose shorter side is 576. */
const TEXT_SIZE = 28;
const IMAGE_HEIGHT = 48;
/** A text mark takes at most this share of the stage's width; a longer one is drawn smaller (D92). An image, a third. */
const MAX_WIDTH_SHARE = 0.4;

const ALONG = { left: 0, top: 0, center: 0.5, right: 1, bottom: 1 } as const;

/** Places a w×h mark inside the stage at the watermark's position, keeping the margin. */
export function watermarkRect(mark: Watermark, stage: Rect, width: number, height: number, margin: number): Rect {
  const ax = ALONG[mark.positionX];
  const ay = ALONG[mark.positionY];
  return {
    x: stage.x + margin + (stage.width - 2 * margin - width) * ax,
    y: stage.y + margin + (stage.height - 2 * margin - height) * ay,
    width,
    height,
  };
}

/**
 * Output px per px of the watermark's sizes: the stage's shorter side over 576, so a vertical
 * video's mark takes the share of its width a landscape one's takes of its height, instead of
 * spanning it (D92). The same as the stage's unit on landscape and square stages.
 */
const markUnit = (stage: Rect) => Math.min(stage.width, stage.height) / REFERENCE_HEIGHT;

/** Where the watermark is drawn and, for a text mark, its font size; null for none (or an image not loaded). */
export function watermarkPlacement(dc: DrawContext, mark: Watermark): { rect: Rect; fontSize: number } | null {
  if (mark.type === 'none') return null;
  const { ctx, stage } = dc;
  const unit = markUnit(stage);
  const margin = mark.margin * unit;
  if (mark.type === 'text' && mark.text?.trim()) {
    let size = TEXT_SIZE * unit;
    ctx.font = `600 ${size}px "${mark.fontFamily}", sans-serif`;
    let width = ctx.measureText(mark.text).width;
    const room = stage.width * MAX_WIDTH_SHARE;
    if (width > room) {
      size *= room / width;
      width = room;
    }
    return { rect: watermarkRect(mark, stage, width, size, margin), fontSize: size };
  }
  if (mark.type === 'image' && mark.image) {
    const image = dc.assets.image(mark.image);
    const size = image ? sourceSize(image) : { width: 0, height: 0 };
    if (!image || size.width <= 0 || size.height <= 0) return null;
    const width = Math.min((size.width / size.height) * IMAGE_HEIGHT * unit, stage.width / 3);
    return { rect: watermarkRect(mark, stage, width, (width / size.width) * size.height, margin), fontSize: 0 };
  }
  return null;
}

/** Draws the movie's watermark (text or image) over everything, at its opacity and margin. */
export function drawWatermark(dc: DrawContext, mark: Watermark): void {
  const { ctx } = dc;
  ctx.save();
  const placed = watermarkPlacement(dc, mark);
  if (placed) {
    const { rect, fontSize } = placed;
    ctx.globalAlpha = mark.opacity;
    if (mark.type === 'text' && mark.text) {
      ctx.font = `600 ${fontSize}px "${mark.fontFamily}", sans-serif`;
      ctx.textBaseline = 'alphabetic';
      ctx.textAlign = 'left';
      ctx.direction = 'ltr';
      ctx.fillStyle = mark.color;
      ctx.fillText(mark.text, rect.x, rect.y + fontSize * 0.86);
    } else if (mark.type === 'image' && mark.image) {
      const image = dc.assets.image(mark.image);
      if (image) ctx.drawImage(image, rect.x, rect.y, rect.width, rect.height);
    }
  }
  ctx.restore();
}
