import type { Item, StylePicker } from '@reelwright/core';
import type { Ctx2D, Rect } from '../motion/types';
import { drawBackground } from './background';
import { boxToPx, centre, type DrawContext } from './context';
import { itemMotion } from './effects';
import { utilFor } from './items/registry';
import { boxAt } from './keyframes';
import { applyMotion } from './motion';
import { applyShadow, cornerRadius, drawBorder, drawOutline, filterString, rectPath } from './style';

const rad = (deg: number) => (deg * Math.PI) / 180;
const nonZero = (n: number) => (Math.abs(n) < 1e-6 ? 1e-6 : n);

/** A shadow cast by the box alone: the box is clipped out, so only the shadow around it shows. */
function drawBoxShadow(ctx: Ctx2D, style: StylePicker, rect: Rect, radius: number, unit: number): void {
  if (!style.shadow?.enabled) return;
  const margin = Math.max(rect.width, rect.height) * 10;
  ctx.save();
  ctx.beginPath();
  ctx.rect(rect.x - margin, rect.y - margin, rect.width + 2 * margin, rect.height + 2 * margin);
  rectPath(ctx, rect, radius);
  ctx.clip('evenodd');
  applyShadow(ctx, style, unit);
  ctx.fillStyle = '#000000';
  ctx.beginPath();
  rectPath(ctx, rect, radius);
  ctx.fill();
  ctx.restore();
}

/** A keyframed box's scales, rotateX/Y folded in as a foreshortening. */
function boxScales(box: ReturnType<typeof boxAt>): { sx: number; sy: number } {
  return {
    sx: box.scale * box.scaleX * Math.cos(rad(box.rotateY)),
    sy: box.scale * box.scaleY * Math.cos(rad(box.rotateX)),
  };
}

/** True when the keyframed box is drawn as it is: no rotation and no scale. */
export function boxUntransformed(box: ReturnType<typeof boxAt>): boolean {
  const { sx, sy } = boxScales(box);
  return !box.rotate && sx === 1 && sy === 1;
}

/** Keyframe rotation and scales about the box centre (rotateX/Y as a foreshortening). */
function applyBoxTransform(ctx: Ctx2D, rect: Rect, box: ReturnType<typeof boxAt>): void {
  if (boxUntransformed(box)) return;
  const { sx, sy } = boxScales(box);
  const c = centre(rect);
  ctx.translate(c.x, c.y);
  if (box.rotate) ctx.rotate(rad(box.rotate));
  ctx.scale(nonZero(sx), nonZero(sy));
  ctx.translate(-c.x, -c.y);
}

/**
 * Draws one visible item at its local playhead: keyframed box, show/hide/stay motion about the
 * box centre, opacity, filters, its own background, shadow, the kind's content (through its
 * ItemUtil), border and outline.
 */
export function drawItem(dc: DrawContext, item: Item, local: number): void {
  const util = utilFor(item);
  if (!util.visual) return;
  const { ctx, unit } = dc;
  const box = boxAt(item.box, item.keyframes, local);
  const motion = itemMotion(item, local);
  if (box.opacity <= 0 || motion.opacity <= 0) return;
  const rect = boxToPx(box, dc.stage);
  ctx.save();
  ctx.globalAlpha = box.opacity;
  applyBoxTransform(ctx, rect, box);
  applyMotion(ctx, rect, motion);
  const filter = dc.filters ? filterString(item.style.filters, unit, motion.blur) : '';
  if (filter) ctx.filter = filter;
  const radius = cornerRadius(item.style, rect);
  const boxShadow = util.boxShadow(item);
  if (boxShadow) drawBoxShadow(ctx, item.style, rect, radius, unit);
  ctx.save();
  // Media and panels keep inside their rounded corners, background included (CSS border-radius);
  // a text's container rounds (and skews) itself.
  if (boxShadow && radius > 0 && item.type !== 'text') {
    ctx.beginPath();
    rectPath(ctx, rect, radius);
    ctx.clip();
  }
  drawBackground(dc, item.background, rect, local, { layer: 'item', id: item.id });
  if (!boxShadow) applyShadow(ctx, item.style, unit);
  util.draw(dc, item, rect, local);
  ctx.restore();
  drawBorder(ctx, item.style, rect, unit);
  drawOutline(ctx, item.style, rect, unit);
  ctx.restore();
}
