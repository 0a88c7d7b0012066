import type { Background, Gradient } from '@reelwright/core';
import type { Ctx2D, Rect } from '../motion/types';
import { applyBackdrop } from './backdrop';
import type { DrawContext } from './context';
import { fitRect, sourceSize } from './media';

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

const ALONG: Record<string, number> = { left: 0, top: 0, center: 0.5, right: 1, bottom: 1 };

/** Where one copy of the background image lands: size and the nine positions, like CSS. */
export function backgroundRect(
  bg: Background,
  media: { width: number; height: number },
  rect: Rect,
  mediaScale: number,
): Rect {
  const [h = 'center', v = 'center'] = bg.position.split(' ');
  const position = { x: ALONG[h] ?? 0.5, y: ALONG[v] ?? 0.5 };
  const fit = bg.size === '100% 100%' ? 'fill' : bg.size === 'auto' ? 'none' : bg.size;
  return fitRect(fit, media, rect, position, mediaScale);
}

function tiles(start: number, size: number, from: number, to: number, repeat: boolean): number[] {
  if (!repeat || size < 1) return [start];
  const out: number[] = [];
  let at = start - Math.ceil((start - from) / size) * size;
  for (; at < to; at += size) out.push(at);
  return out;
}

function paintMedia(dc: DrawContext, bg: Background, source: CanvasImageSource | null, rect: Rect): void {
  const size = source ? sourceSize(source) : { width: 0, height: 0 };
  if (!source || size.width <= 0 || size.height <= 0) return;
  const one = backgroundRect(bg, size, rect, dc.stage.width / dc.movie.size.width);
  const xs = tiles(one.x, one.width, rect.x, rect.x + rect.width, bg.repeat === 'repeat' || bg.repeat === 'repeat-x');
  const ys = tiles(one.y, one.height, rect.y, rect.y + rect.height, bg.repeat === 'repeat' || bg.repeat === 'repeat-y');
  for (const y of ys) for (const x of xs) dc.ctx.drawImage(source, x, y, one.width, one.height);
}

/** The CSS backdrop filter of a background: value px for blur, degrees for hue, else percent. */
export function backdropFilter(bg: Background, unit: number): string {
  const { backdrop, backdropValue: v } = bg.filters;
  if (!backdrop) return '';
  if (backdrop === 'blur') return `blur(${v * unit}px)`;
  if (backdrop === 'hue') return `hue-rotate(${v * 3.6}deg)`;
  return `${backdrop}(${v}%)`;
}

function paint(dc: DrawContext, bg: Background, rect: Rect, local: number): void {
  const { ctx } = dc;
  if (bg.type === 'color' && bg.color) {
    ctx.fillStyle = bg.color;
    ctx.fillRect(rect.x, rect.y, rect.width, rect.height);
  } else if (bg.type === 'gradient' && bg.gradient) {
    ctx.fillStyle = makeGradient(ctx, bg.gradient, rect);
    ctx.fillRect(rect.x, rect.y, rect.width, rect.height);
  } else if (bg.type === 'image' && bg.url) {
    paintMedia(dc, bg, dc.assets.image(bg.url), rect);
  } else if (bg.type === 'video' && bg.url) {
    paintMedia(dc, bg, dc.assets.videoFrame(bg.url, local), rect);
  }
}

/**
 * Draws a background into a rect (the stage, or an item's box): colour, gradient, image or
 * video frame with size, position and repeat; opacity and blur only when above 0; then the tint
 * wash, then the backdrop filter over everything drawn so far inside the rect.
 */
export function drawBackground(dc: DrawContext, bg: Background | undefined, rect: Rect, local: number): void {
  if (!bg || bg.type === 'none') return;
  const { ctx } = dc;
  const { opacity, blur, tint, tintColor } = bg.filters;
  ctx.save();
  ctx.beginPath();
  ctx.rect(rect.x, rect.y, rect.width, rect.height);
  ctx.clip();
  ctx.save();
  if (opacity > 0) ctx.globalAlpha *= opacity;
  let area = rect;
  if (blur > 0 && dc.filters) {
    ctx.filter = `blur(${blur * dc.unit}px)`;
    // Paint past the edges so the blur does not pull transparency in from outside.
    const m = blur * dc.unit * 3;
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
  const filter = backdropFilter(bg, dc.unit);
  if (filter) applyBackdrop(dc, () => ctx.rect(rect.x, rect.y, rect.width, rect.height), filter);
}
