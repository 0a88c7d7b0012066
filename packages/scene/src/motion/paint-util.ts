/**
 * Helpers shared by the painting effects (highlighters, container backgrounds). They draw with
 * plain Canvas 2D paths in stage coordinates, never change the transform, and leave the context's
 * state as they found it.
 */
import { clamp01 } from './build';
import type { Ctx2D, PaintEffect, Rect } from './types';

const HEX = /^#([0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;
const RGB = /^rgba?\(\s*([\d.]+)[\s,]+([\d.]+)[\s,]+([\d.]+)(?:[\s,/]+([\d.]+)(%?))?\s*\)$/i;

/**
 * The colour with its alpha multiplied by `alpha`, as rgba(). Understands #rgb, #rgba, #rrggbb,
 * #rrggbbaa, rgb() and rgba() (the editor's palette); any other CSS colour is returned unchanged.
 */
export const withAlpha = (color: string, alpha: number): string => {
  const c = color.trim();
  let r: number;
  let g: number;
  let b: number;
  let a = 1;
  const hex = HEX.exec(c);
  const rgb = hex ? null : RGB.exec(c);
  if (hex) {
    const digits = hex[1]!;
    const full = digits.length <= 4 ? [...digits].map((d) => d + d).join('') : digits;
    r = Number.parseInt(full.slice(0, 2), 16);
    g = Number.parseInt(full.slice(2, 4), 16);
    b = Number.parseInt(full.slice(4, 6), 16);
    if (full.length === 8) a = Number.parseInt(full.slice(6, 8), 16) / 255;
  } else if (rgb) {
    r = Number(rgb[1]);
    g = Number(rgb[2]);
    b = Number(rgb[3]);
    if (rgb[4] !== undefined) a = Number(rgb[4]) / (rgb[5] === '%' ? 100 : 1);
  } else {
    return color;
  }
  const out = Math.round(clamp01(a * alpha) * 1000) / 1000;
  return `rgba(${Math.round(r)},${Math.round(g)},${Math.round(b)},${out})`;
};

/**
 * How far a sweep over several lines has got on each line: the lines are swept one after another,
 * each taking a share of `progress` proportional to its width. Returns 0–1 per rect.
 */
export const lineSweeps = (rects: readonly Rect[], progress: number): number[] => {
  const total = rects.reduce((sum, r) => sum + Math.max(0, r.width), 0);
  if (total <= 0) return rects.map(() => clamp01(progress));
  let before = 0;
  return rects.map((r) => {
    const w = Math.max(0, r.width);
    const q = w > 0 ? clamp01((clamp01(progress) * total - before) / w) : clamp01(progress);
    before += w;
    return q;
  });
};

/** Runs `draw` with the context clipped to `r`, then restores the context. */
export const withClip = (ctx: Ctx2D, r: Rect, draw: () => void): void => {
  ctx.save();
  ctx.beginPath();
  ctx.rect(r.x, r.y, r.width, r.height);
  ctx.clip();
  draw();
  ctx.restore();
};

/** Adds a rounded rectangle to the current path (arcTo, supported everywhere). */
export const roundRectPath = (ctx: Ctx2D, x: number, y: number, w: number, h: number, radius: number): void => {
  const rad = Math.max(0, Math.min(radius, w / 2, h / 2));
  ctx.moveTo(x + rad, y);
  ctx.arcTo(x + w, y, x + w, y + h, rad);
  ctx.arcTo(x + w, y + h, x, y + h, rad);
  ctx.arcTo(x, y + h, x, y, rad);
  ctx.arcTo(x, y, x + w, y, rad);
  ctx.closePath();
};

/** A point in stage pixels. */
export type Point = readonly [number, number];

/** Adds an open polyline through `points` to a fresh path. */
export const polylinePath = (ctx: Ctx2D, points: readonly Point[]): void => {
  ctx.beginPath();
  points.forEach(([px, py], i) => {
    if (i === 0) ctx.moveTo(px, py);
    else ctx.lineTo(px, py);
  });
};

/** The part of a polyline within its first `fraction` of length (0–1), for drawing it growing. */
export const partialPolyline = (points: readonly Point[], fraction: number): Point[] => {
  if (points.length < 2) return [...points];
  const lengths = points.slice(1).map((p, i) => Math.hypot(p[0] - points[i]![0], p[1] - points[i]![1]));
  let left = clamp01(fraction) * lengths.reduce((s, l) => s + l, 0);
  const out: Point[] = [points[0]!];
  for (let i = 0; i < lengths.length; i++) {
    const len = lengths[i]!;
    const a = points[i]!;
    const b = points[i + 1]!;
    if (left >= len) {
      out.push(b);
      left -= len;
    } else {
      const f = len > 0 ? left / len : 0;
      out.push([a[0] + (b[0] - a[0]) * f, a[1] + (b[1] - a[1]) * f]);
      break;
    }
  }
  return out;
};

/** Seconds into the current cycle, as a fraction 0–1 of `period`. */
export const cycle = (t: number, period: number): number => {
  const u = t / period;
  return u - Math.floor(u);
};

/** Draws one container box at `t` seconds; the context is already clipped to `r`. */
export type BoxDraw = (ctx: Ctx2D, r: Rect, t: number, color: string, scale: number) => void;

/**
 * A container background effect: paints each rect clipped to itself, so nothing shows outside
 * the box. `period` is the loop length, used as its default duration.
 */
export const backgroundEffect = (name: string, label: string, period: number, draw: BoxDraw): PaintEffect => ({
  name,
  label,
  family: 'container-background',
  defaultDuration: period,
  paint: (ctx, rects, time, color, scale) => {
    const t = Number.isFinite(time) && time > 0 ? time : 0;
    for (const r of rects) {
      if (r.width > 0 && r.height > 0) withClip(ctx, r, () => draw(ctx, r, t, color, scale));
    }
  },
});
