import type { Watermark } from '@reelwright/core';
import type { Rect } from '../motion/types';
import type { DrawContext } from './context';
import { sourceSize } from './media';

/** Watermark text size and image height, px of a 576-high stage. */
const TEXT_SIZE = 28;
const IMAGE_HEIGHT = 48;

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

/** Draws the movie's watermark (text or image) over everything, at its opacity and margin. */
export function drawWatermark(dc: DrawContext, mark: Watermark): void {
  if (mark.type === 'none') return;
  const { ctx, unit, stage } = dc;
  const margin = mark.margin * unit;
  ctx.save();
  ctx.globalAlpha = mark.opacity;
  if (mark.type === 'text' && mark.text?.trim()) {
    const size = TEXT_SIZE * unit;
    ctx.font = `600 ${size}px "${mark.fontFamily}", sans-serif`;
    ctx.textBaseline = 'alphabetic';
    ctx.textAlign = 'left';
    ctx.direction = 'ltr';
    const width = ctx.measureText(mark.text).width;
    const rect = watermarkRect(mark, stage, width, size, margin);
    ctx.fillStyle = mark.color;
    ctx.fillText(mark.text, rect.x, rect.y + size * 0.86);
  } else if (mark.type === 'image' && mark.image) {
    const image = dc.assets.image(mark.image);
    const size = image ? sourceSize(image) : { width: 0, height: 0 };
    if (image && size.width > 0 && size.height > 0) {
      const height = IMAGE_HEIGHT * unit;
      const width = Math.min((size.width / size.height) * height, stage.width / 3);
      const rect = watermarkRect(mark, stage, width, (width / size.width) * size.height, margin);
      ctx.drawImage(image, rect.x, rect.y, rect.width, rect.height);
    }
  }
  ctx.restore();
}
