import { type Filters, NEUTRAL_FILTERS, type StylePicker } from '@reelwright/core';
import type { Ctx2D, Rect } from '../motion/types';

/**
 * The CSS filter string of the style picker's sliders (0–100 each). Brightness, contrast and
 * saturate at 50 mean 100 % (NEUTRAL_FILTERS), so 0–100 maps to 0–200 %; blur 0–100 maps to
 * 0–20 px of a 576-high stage, times `unit`. Neutral values are left out; '' when all are neutral.
 */
export function filterString(filters: Partial<Filters> | undefined, unit: number, extraBlur = 0): string {
  const f = { ...NEUTRAL_FILTERS, ...filters };
  const parts: string[] = [];
  const blur = f.blur * 0.2 + extraBlur;
  if (blur > 0) parts.push(`blur(${round(blur * unit)}px)`);
  if (f.brightness !== 50) parts.push(`brightness(${f.brightness * 2}%)`);
  if (f.contrast !== 50) parts.push(`contrast(${f.contrast * 2}%)`);
  if (f.grayscale > 0) parts.push(`grayscale(${f.grayscale}%)`);
  if (f.hue > 0) parts.push(`hue-rotate(${round(f.hue * 3.6)}deg)`);
  if (f.invert > 0) parts.push(`invert(${f.invert}%)`);
  if (f.opacity !== 100) parts.push(`opacity(${f.opacity}%)`);
  if (f.saturate !== 50) parts.push(`saturate(${f.saturate * 2}%)`);
  if (f.sepia > 0) parts.push(`sepia(${f.sepia}%)`);
  return parts.join(' ');
}

const round = (n: number) => Math.round(n * 100) / 100;

/** Corner radius in pixels: the picker's 0–10 times 2 % of the box's shorter side. */
export function cornerRadius(style: StylePicker, rect: Rect): number {
  const radius = style.border?.radius ?? 0;
  return radius * 0.02 * Math.min(rect.width, rect.height);
}

/** Adds a (rounded) rectangle to the current path. */
export function rectPath(ctx: Ctx2D, rect: Rect, radius: number): void {
  const r = Math.max(0, Math.min(radius, rect.width / 2, rect.height / 2));
  if (r <= 0) {
    ctx.rect(rect.x, rect.y, rect.width, rect.height);
    return;
  }
  const { x, y, width: w, height: h } = rect;
  ctx.moveTo(x + r, y);
  ctx.arcTo(x + w, y, x + w, y + h, r);
  ctx.arcTo(x + w, y + h, x, y + h, r);
  ctx.arcTo(x, y + h, x, y, r);
  ctx.arcTo(x, y, x + w, y, r);
  ctx.closePath();
}

/** Sets the picker's shadow on the context (blur and offset scaled to output pixels). */
export function applyShadow(ctx: Ctx2D, style: StylePicker, unit: number): void {
  const shadow = style.shadow;
  if (!shadow?.enabled) return;
  ctx.shadowColor = shadow.color;
  ctx.shadowBlur = shadow.thickness * unit;
  ctx.shadowOffsetX = shadow.distance * unit;
  ctx.shadowOffsetY = shadow.distance * unit;
}

/** Clears any shadow set on the context. */
export function clearShadow(ctx: Ctx2D): void {
  ctx.shadowColor = 'rgba(0,0,0,0)';
  ctx.shadowBlur = 0;
  ctx.shadowOffsetX = 0;
  ctx.shadowOffsetY = 0;
}

function dash(ctx: Ctx2D, style: string, width: number): void {
  if (style === 'dashed') ctx.setLineDash([width * 3, width * 2]);
  else if (style === 'dotted') {
    ctx.setLineDash([0.001, width * 2]);
    ctx.lineCap = 'round';
  } else ctx.setLineDash([]);
}

/** Draws the picker's border inside the box: every side or the chosen sides, with its style. */
export function drawBorder(ctx: Ctx2D, style: StylePicker, rect: Rect, unit: number): void {
  const border = style.border;
  if (!border || border.thickness <= 0) return;
  const { sides } = border;
  if (!sides.top && !sides.right && !sides.bottom && !sides.left) return;
  const width = border.thickness * unit;
  ctx.save();
  ctx.strokeStyle = border.color;
  const strokes = border.style === 'double' ? [width / 3, width / 3] : [width];
  const insets = border.style === 'double' ? [width / 6, width - width / 6] : [width / 2];
  strokes.forEach((lineWidth, i) => {
    ctx.lineWidth = lineWidth;
    dash(ctx, border.style, lineWidth);
    const inset = insets[i]!;
    const r = { x: rect.x + inset, y: rect.y + inset, width: rect.width - 2 * inset, height: rect.height - 2 * inset };
    ctx.beginPath();
    if (sides.top && sides.right && sides.bottom && sides.left) rectPath(ctx, r, cornerRadius(style, rect) - inset);
    else sidePath(ctx, r, sides);
    ctx.stroke();
  });
  ctx.restore();
}

function sidePath(ctx: Ctx2D, r: Rect, sides: { top: boolean; right: boolean; bottom: boolean; left: boolean }) {
  const right = r.x + r.width;
  const bottom = r.y + r.height;
  const segments: [boolean, number, number, number, number][] = [
    [sides.top, r.x, r.y, right, r.y],
    [sides.right, right, r.y, right, bottom],
    [sides.bottom, right, bottom, r.x, bottom],
    [sides.left, r.x, bottom, r.x, r.y],
  ];
  for (const [on, x0, y0, x1, y1] of segments) {
    if (!on) continue;
    ctx.moveTo(x0, y0);
    ctx.lineTo(x1, y1);
  }
}

/** Draws the picker's outline just outside the box. */
export function drawOutline(ctx: Ctx2D, style: StylePicker, rect: Rect, unit: number): void {
  const outline = style.outline;
  if (!outline?.enabled || outline.thickness <= 0) return;
  const width = outline.thickness * unit;
  ctx.save();
  ctx.strokeStyle = outline.color;
  ctx.lineWidth = width;
  ctx.setLineDash([]);
  ctx.beginPath();
  const r = { x: rect.x - width / 2, y: rect.y - width / 2, width: rect.width + width, height: rect.height + width };
  rectPath(ctx, r, cornerRadius(style, rect) + width / 2);
  ctx.stroke();
  ctx.restore();
}
