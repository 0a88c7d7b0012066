import type { Background, Gradient } from '@reelwright/core';
import type { Ctx2D, Rect } from '../motion/types';
import { applyBackdrop } from './backdrop';
import { backgroundSource, paintBackgroundMedia } from './background-media';
import { blobPath } from './blob';
import type { DrawContext } from './context';
import { drawWrapper } from './wrapper';

const rad = (deg: number) => (deg * Math.PI) / 180;

/**
 * A canvas gradient over a rect. Linear angles follow CSS (0 = towards the top, 90 = towards the
 * right, 180 = towards the bottom) with the CSS gradient line length, so corners get the end
 * colours; radial runs from the centre to the farthest corner.
 */
export function makeGradient(ctx: Ctx2D, gradient: Gradient, rect: Rect): CanvasGradient {
  const cx = rect.x + rect.width / 2;
  const cy = rect.y + rect.height / 2;
  let g: CanvasGradient;
  if (gradient.kind === 'radial') {
    g = ctx.createRadialGradient(cx, cy, 0, cx, cy, Math.hypot(rect.width, rect.height) / 2);
  } else {
    const a = rad(gradient.angle);
    const dx = Math.sin(a);
    const dy = -Math.cos(a);
    const half = (Math.abs(rect.width * dx) + Math.abs(rect.height * dy)) / 2;
    g = ctx.createLinearGradient(cx - dx * half, cy - dy * half, cx + dx * half, cy + dy * half);
  }
  for (const stop of [...gradient.stops].sort((a, b) => a.at - b.at)) g.addColorStop(stop.at, stop.color);
  return g;
}

export { backgroundRect } from './background-media';

/** The CSS backdrop filter of a background: value px for blur, degrees for hue, else percent. */
export function backdropFilter(bg: Background, unit: number): string {
  const { backdrop, backdropValue: v } = bg.filters;
  if (!backdrop) return '';
  if (backdrop === 'blur') return `blur(${v * unit}px)`;
  if (backdrop === 'hue') return `hue-rotate(${v * 3.6}deg)`;
  return `${backdrop}(${v}%)`;
}

/** The filter on a background's own paint: its blur (when above 0), then `extra`; blur in px. */
function ownFilter(bg: Background, unit: number, extra: string): { filter: string; blur: number } {
  const blur = bg.filters.blur > 0 ? bg.filters.blur * unit : 0;
  const extraBlur = extra && bg.filters.backdrop === 'blur' ? bg.filters.backdropValue * unit : 0;
  const filter = [blur > 0 ? `blur(${blur}px)` : '', extra].filter(Boolean).join(' ');
  return { filter, blur: blur + extraBlur };
}

function paint(dc: DrawContext, bg: Background, rect: Rect, local: number): void {
  const { ctx } = dc;
  // A blob paints its gradient, else its colour; the clip to its outline gives it its shape.
  const fill = bg.type === 'blob' ? (bg.gradient ? 'gradient' : 'color') : bg.type;
  if (fill === 'color' && bg.color) {
    ctx.fillStyle = bg.color;
    ctx.fillRect(rect.x, rect.y, rect.width, rect.height);
  } else if (fill === 'gradient' && bg.gradient) {
    ctx.fillStyle = makeGradient(ctx, bg.gradient, rect);
    ctx.fillRect(rect.x, rect.y, rect.width, rect.height);
  } else {
    paintBackgroundMedia(dc, bg, backgroundSource(dc, bg, local), rect);
  }
}

/**
 * Whose background it is: where it sits — behind one item, or the whole frame (the bottom layer
 * of the movie) — and the id a blob's shape is seeded with.
 */
export type BackgroundOwner = { layer: 'item' | 'frame'; id: string };

/**
 * The backdrop filter (spec 002 §3 filters.backdrop, CSS backdrop-filter) has two readings:
 * - behind an item, what lies behind is the frame and the lower items, so it filters those inside
 *   the item's box (frosted glass) before the item's background is painted over them, as in CSS;
 * - for the frame background, what lies behind is only the movie's clear colour, where a literal
 *   backdrop filter would do nothing. There it filters the background's own pixels (the image or
 *   video frame, or the colour or gradient), together with its blur, beneath the tint wash: the
 *   effect the author sees is "a filtered picture under a semi-transparent colour" (D17).
 *
 * A blob background (D37) is its colour or gradient inside `blobPath`'s outline, seeded with the
 * owner's id; everything it does — backdrop, filters, tint — stays inside that outline.
 */
export function drawBackground(
  dc: DrawContext,
  bg: Background | undefined,
  rect: Rect,
  local: number,
  { layer, id }: BackgroundOwner,
): void {
  if (!bg || bg.type === 'none') return;
  const { ctx } = dc;
  const backdrop = backdropFilter(bg, dc.unit);
  const path =
    bg.type === 'blob' ? () => blobPath(ctx, rect, id) : () => ctx.rect(rect.x, rect.y, rect.width, rect.height);
  if (backdrop && layer === 'item') applyBackdrop(dc, path, backdrop);
  const { opacity, tint, tintColor } = bg.filters;
  ctx.save();
  ctx.beginPath();
  path();
  ctx.clip();
  ctx.save();
  if (opacity > 0) ctx.globalAlpha *= opacity;
  let area = rect;
  const own = ownFilter(bg, dc.unit, layer === 'frame' ? backdrop : '');
  if (own.filter && dc.filters) {
    const inherited = ctx.filter && ctx.filter !== 'none' ? `${ctx.filter} ` : '';
    ctx.filter = inherited + own.filter;
    // Paint past the edges so the blur does not pull transparency in from outside.
    const m = own.blur * 3;
    area = { x: rect.x - m, y: rect.y - m, width: rect.width + 2 * m, height: rect.height + 2 * m };
  }
  paint(dc, bg, area, local);
  ctx.restore();
  if (tint > 0) {
    ctx.globalAlpha *= tint;
    ctx.fillStyle = tintColor;
    ctx.fillRect(rect.x, rect.y, rect.width, rect.height);
  }
  ctx.restore();
  if (layer === 'frame') drawWrapper(dc, bg.wrapper, rect);
}
