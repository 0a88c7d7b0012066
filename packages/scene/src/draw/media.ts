import type { KenBurns } from '@reelwright/core';
import type { Ctx2D, Rect } from '../motion/types';
import { lerp } from './context';

/** CSS object-fit values the media items support. */
export type ObjectFit = 'cover' | 'contain' | 'fill' | 'scale-down' | 'none';

/** The intrinsic size of any image source (image, video, bitmap, canvas, video frame). */
export function sourceSize(source: CanvasImageSource): { width: number; height: number } {
  const s = source as unknown as Record<string, unknown>;
  const pick = (...keys: string[]) => {
    for (const key of keys) {
      const value = s[key];
      if (typeof value === 'number' && value > 0) return value;
    }
    return 0;
  };
  return {
    width: pick('videoWidth', 'naturalWidth', 'displayWidth', 'width'),
    height: pick('videoHeight', 'naturalHeight', 'displayHeight', 'height'),
  };
}

/**
 * Where media of a size lands in a box under CSS object-fit, `position` being the focus
 * (0–1 across and down, like object-position in percent). `mediaScale` sizes 'none'
 * (intrinsic pixels times the output scale).
 */
export function fitRect(
  fit: ObjectFit,
  media: { width: number; height: number },
  box: Rect,
  position = { x: 0.5, y: 0.5 },
  mediaScale = 1,
): Rect {
  let width = box.width;
  let height = box.height;
  if (fit !== 'fill' && media.width > 0 && media.height > 0) {
    const cover = Math.max(box.width / media.width, box.height / media.height);
    const contain = Math.min(box.width / media.width, box.height / media.height);
    let scale = fit === 'cover' ? cover : fit === 'contain' ? contain : mediaScale;
    if (fit === 'scale-down') scale = Math.min(contain, mediaScale);
    width = media.width * scale;
    height = media.height * scale;
  }
  return {
    x: box.x + (box.width - width) * position.x,
    y: box.y + (box.height - height) * position.y,
    width,
    height,
  };
}

/**
 * Ken Burns at progress 0–1: the fitted rect zoomed by a scale moving from `fromScale` to
 * `toScale`, panned so the focus point (moving from `from` to `to`) sits as near the box's
 * centre as the media allows without uncovering the box.
 */
export function kenBurnsRect(fitted: Rect, box: Rect, kb: KenBurns, progress: number): Rect {
  const p = Math.max(0, Math.min(1, progress));
  const scale = lerp(kb.fromScale, kb.toScale, p);
  const fx = lerp(kb.fromX, kb.toX, p);
  const fy = lerp(kb.fromY, kb.toY, p);
  const width = fitted.width * scale;
  const height = fitted.height * scale;
  const place = (start: number, size: number, span: number, focus: number, fittedStart: number, fittedSpan: number) => {
    if (span < size) return fittedStart + fittedSpan / 2 - span / 2;
    const wanted = start + size / 2 - focus * span;
    return Math.min(start, Math.max(start + size - span, wanted));
  };
  return {
    x: place(box.x, box.width, width, fx, fitted.x, fitted.width),
    y: place(box.y, box.height, height, fy, fitted.y, fitted.height),
    width,
    height,
  };
}

/** Draws a neutral placeholder for media that could not be loaded: a grey box with a picture glyph. */
export function drawPlaceholder(ctx: Ctx2D, box: Rect): void {
  ctx.save();
  ctx.fillStyle = '#c8ccd0';
  ctx.fillRect(box.x, box.y, box.width, box.height);
  const size = Math.min(box.width, box.height) * 0.4;
  const x = box.x + (box.width - size) / 2;
  const y = box.y + (box.height - size * 0.8) / 2;
  const h = size * 0.8;
  ctx.fillStyle = '#8a9097';
  ctx.strokeStyle = '#8a9097';
  ctx.lineWidth = Math.max(1, size * 0.06);
  ctx.strokeRect(x, y, size, h);
  ctx.beginPath();
  ctx.moveTo(x + size * 0.1, y + h * 0.88);
  ctx.lineTo(x + size * 0.4, y + h * 0.45);
  ctx.lineTo(x + size * 0.6, y + h * 0.7);
  ctx.lineTo(x + size * 0.72, y + h * 0.58);
  ctx.lineTo(x + size * 0.9, y + h * 0.88);
  ctx.closePath();
  ctx.fill();
  ctx.beginPath();
  ctx.arc(x + size * 0.74, y + h * 0.28, size * 0.08, 0, Math.PI * 2);
  ctx.fill();
  ctx.restore();
}

/** How media is placed in its box: object-fit, focus, Ken Burns at a progress, output scale. */
export type MediaPlacement = {
  fit: ObjectFit;
  position?: { x: number; y: number };
  kenBurns?: KenBurns;
  progress?: number;
  mediaScale?: number;
};

/** Where `drawMedia` draws media of `size` in `box` (before clipping to the box). */
export function mediaRect(size: { width: number; height: number }, box: Rect, placement: MediaPlacement): Rect {
  const rect = fitRect(placement.fit, size, box, placement.position, placement.mediaScale);
  return placement.kenBurns ? kenBurnsRect(rect, box, placement.kenBurns, placement.progress ?? 0) : rect;
}

/** Draws media fitted into a box, clipped to it; a placeholder when the source is missing. */
export function drawMedia(ctx: Ctx2D, source: CanvasImageSource | null, box: Rect, placement: MediaPlacement): void {
  const size = source ? sourceSize(source) : { width: 0, height: 0 };
  if (!source || size.width <= 0 || size.height <= 0) {
    drawPlaceholder(ctx, box);
    return;
  }
  const rect = mediaRect(size, box, placement);
  ctx.save();
  ctx.beginPath();
  ctx.rect(box.x, box.y, box.width, box.height);
  ctx.clip();
  ctx.drawImage(source, rect.x, rect.y, rect.width, rect.height);
  ctx.restore();
}
