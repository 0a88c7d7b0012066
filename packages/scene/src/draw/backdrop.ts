import type { DrawContext } from './context';

/**
 * Redraws what is already on the canvas through a CSS filter, inside a path (in the current
 * transform): CSS backdrop-filter. Needs `ctx.filter` and an offscreen canvas; skipped without.
 */
export function applyBackdrop(dc: DrawContext, path: () => void, filter: string): void {
  const { ctx, assets } = dc;
  if (!filter || !dc.filters || !assets.createCanvas) return;
  const { width, height } = ctx.canvas;
  const copy = assets.createCanvas(width, height);
  const copyCtx = copy.getContext('2d');
  if (!copyCtx) return;
  copyCtx.drawImage(ctx.canvas as CanvasImageSource, 0, 0);
  ctx.save();
  ctx.beginPath();
  path();
  ctx.clip();
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.globalAlpha = 1;
  ctx.filter = filter;
  ctx.drawImage(copy as unknown as CanvasImageSource, 0, 0);
  ctx.restore();
}
