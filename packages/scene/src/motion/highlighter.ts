/**
 * Highlighter overlays (spec 002 §9: about 13): drawn over each line of a text item, sweeping
 * from the first line to the last as progress runs 0 → 1. Each stays within its line's rect,
 * give or take a third of the line height for strokes around it; `scale` multiplies line widths.
 */
import { easeOutQuad } from './easing';
import { lineSweeps, type Point, partialPolyline, polylinePath, roundRectPath, withAlpha } from './paint-util';
import { seededRandom } from './random';
import type { Ctx2D, PaintEffect, Rect } from './types';

type LineDraw = (ctx: Ctx2D, r: Rect, q: number, color: string, scale: number, index: number) => void;

const highlighter = (
  name: string,
  label: string,
  layer: 'below' | 'above',
  draw: LineDraw,
  defaultDuration = 0.8,
): PaintEffect => ({
  name,
  label,
  family: 'highlighter',
  layer,
  defaultDuration,
  paint: (ctx, rects, progress, color, scale) => {
    const sweeps = lineSweeps(rects, progress);
    rects.forEach((r, i) => {
      const q = sweeps[i]!;
      if (q <= 0 || r.width <= 0 || r.height <= 0) return;
      ctx.save();
      draw(ctx, r, q, color, scale, i);
      ctx.restore();
    });
  },
});

/** Strokes a straight line from (x0, y) towards (x1, y), `q` of the way. */
const hLine = (ctx: Ctx2D, x0: number, x1: number, y: number, q: number): void => {
  ctx.beginPath();
  ctx.moveTo(x0, y);
  ctx.lineTo(x0 + (x1 - x0) * q, y);
  ctx.stroke();
};

const stroke = (ctx: Ctx2D, color: string, width: number): void => {
  ctx.strokeStyle = color;
  ctx.lineWidth = width;
  ctx.lineCap = 'round';
  ctx.lineJoin = 'round';
};

/** Points along a periodic curve under a line, from its left to its right edge. */
const underCurve = (r: Rect, y: number, step: number, shape: (i: number) => number): Point[] => {
  const n = Math.max(2, Math.ceil(r.width / step));
  return Array.from({ length: n + 1 }, (_, i) => [r.x + (r.width * i) / n, y + shape(i)] as const);
};

/** Every highlighter overlay, in editor order. */
export const HIGHLIGHTER_EFFECTS: readonly PaintEffect[] = [
  highlighter('marker', 'Marker', 'below', (ctx, r, q, color) => {
    ctx.fillStyle = withAlpha(color, 0.4);
    ctx.fillRect(r.x, r.y + r.height * 0.1, r.width * q, r.height * 0.85);
  }),
  highlighter('marker-low', 'Marker (lower half)', 'below', (ctx, r, q, color) => {
    ctx.fillStyle = withAlpha(color, 0.45);
    ctx.fillRect(r.x, r.y + r.height * 0.55, r.width * q, r.height * 0.4);
  }),
  highlighter('underline', 'Underline sweep', 'above', (ctx, r, q, color, scale) => {
    stroke(ctx, color, 4 * scale);
    hLine(ctx, r.x, r.x + r.width, r.y + r.height * 0.95, q);
  }),
  highlighter('double-underline', 'Double underline', 'above', (ctx, r, q, color, scale) => {
    stroke(ctx, color, 2.5 * scale);
    hLine(ctx, r.x, r.x + r.width, r.y + r.height * 0.92, Math.min(1, q * 1.25));
    hLine(ctx, r.x, r.x + r.width, r.y + r.height * 1.05, Math.max(0, q * 1.25 - 0.25));
  }),
  highlighter('strike', 'Strike through', 'above', (ctx, r, q, color, scale) => {
    stroke(ctx, color, 3 * scale);
    hLine(ctx, r.x, r.x + r.width, r.y + r.height * 0.55, q);
  }),
  highlighter('box', 'Box', 'above', (ctx, r, q, color, scale) => {
    stroke(ctx, color, 2.5 * scale);
    const p = r.height * 0.06;
    const [x0, y0, x1, y1] = [r.x - p, r.y - p, r.x + r.width + p, r.y + r.height + p];
    const corners: Point[] = [
      [x0, y0],
      [x1, y0],
      [x1, y1],
      [x0, y1],
      [x0, y0],
    ];
    polylinePath(ctx, partialPolyline(corners, q));
    ctx.stroke();
  }),
  highlighter('circle', 'Circle', 'above', (ctx, r, q, color, scale) => {
    stroke(ctx, color, 3 * scale);
    const pad = r.height * 0.12;
    const start = -Math.PI * 0.6;
    ctx.beginPath();
    ctx.ellipse(
      r.x + r.width / 2,
      r.y + r.height / 2,
      r.width / 2 + pad,
      r.height / 2 + pad,
      0,
      start,
      start + q * 2 * Math.PI,
    );
    ctx.stroke();
  }),
  highlighter('bracket', 'Brackets', 'above', (ctx, r, q, color, scale) => {
    stroke(ctx, color, 3 * scale);
    const p = r.height * 0.12;
    const tip = r.height * 0.15;
    const [top, bottom] = [r.y - p / 2, r.y + r.height + p / 2];
    const left: Point[] = [
      [r.x - p + tip, top],
      [r.x - p, top],
      [r.x - p, bottom],
      [r.x - p + tip, bottom],
    ];
    const right: Point[] = left.map(([px, py]) => [2 * r.x + r.width - px, py] as const);
    polylinePath(ctx, partialPolyline(left, Math.min(1, q * 2)));
    ctx.stroke();
    if (q > 0.5) {
      polylinePath(ctx, partialPolyline(right, q * 2 - 1));
      ctx.stroke();
    }
  }),
  highlighter('zigzag', 'Zigzag underline', 'above', (ctx, r, q, color, scale) => {
    stroke(ctx, color, 2.5 * scale);
    const a = r.height * 0.06;
    const points = underCurve(r, r.y + r.height * 0.95, r.height * 0.15, (i) => (i % 2 === 0 ? -a : a));
    polylinePath(ctx, partialPolyline(points, q));
    ctx.stroke();
  }),
  highlighter('wave', 'Wavy underline', 'above', (ctx, r, q, color, scale) => {
    stroke(ctx, color, 2.5 * scale);
    const a = r.height * 0.06;
    const step = r.height * 0.05;
    const points = underCurve(
      r,
      r.y + r.height * 0.95,
      step,
      (i) => a * Math.sin((i * step * 2 * Math.PI) / (r.height * 0.5)),
    );
    polylinePath(ctx, partialPolyline(points, q));
    ctx.stroke();
  }),
  highlighter('glow', 'Glow', 'below', (ctx, r, q, color) => {
    // Layers of translucent rounded boxes rather than shadowBlur, which differs between engines.
    const fade = easeOutQuad(q);
    for (let k = 3; k >= 0; k--) {
      const p = r.height * 0.06 * k;
      ctx.fillStyle = withAlpha(color, 0.12 * fade);
      ctx.beginPath();
      roundRectPath(ctx, r.x - p, r.y - p, r.width + 2 * p, r.height + 2 * p, r.height * 0.2 + p);
      ctx.fill();
    }
  }),
  highlighter('spotlight', 'Spotlight', 'below', (ctx, r, q, color) => {
    const [cx, cy] = [r.x + r.width / 2, r.y + r.height / 2];
    const p = r.height * 0.2;
    const g = ctx.createRadialGradient(cx, cy, 0, cx, cy, Math.max(r.width, r.height) / 2 + p);
    g.addColorStop(0, withAlpha(color, 0.55 * easeOutQuad(q)));
    g.addColorStop(1, withAlpha(color, 0));
    ctx.fillStyle = g;
    ctx.fillRect(r.x - p, r.y - p, r.width + 2 * p, r.height + 2 * p);
  }),
  highlighter('gradient-sweep', 'Gradient sweep', 'below', (ctx, r, q, color) => {
    const end = r.x + r.width * q;
    const g = ctx.createLinearGradient(r.x, 0, Math.max(end, r.x + 1), 0);
    g.addColorStop(0, withAlpha(color, 0.05));
    g.addColorStop(1, withAlpha(color, 0.6));
    ctx.fillStyle = g;
    ctx.fillRect(r.x, r.y + r.height * 0.1, r.width * q, r.height * 0.85);
  }),
  highlighter('scribble', 'Scribble', 'above', (ctx, r, q, color, scale, index) => {
    stroke(ctx, withAlpha(color, 0.85), 2 * scale);
    const random = seededRandom(0x5eed + index);
    const step = r.height * 0.3;
    const n = Math.max(2, Math.ceil(r.width / step));
    const points = Array.from({ length: n + 1 }, (_, i): Point => {
      const top = i % 2 === 0;
      const jitter = (random() - 0.5) * r.height * 0.15;
      return [r.x + (r.width * i) / n, r.y + r.height * (top ? 0.3 : 0.8) + jitter];
    });
    polylinePath(ctx, partialPolyline(points, q));
    ctx.stroke();
  }),
];
