/**
 * Container backgrounds that fill the box: gradients, stripes, grids and light. Each is a pure
 * function of time and the box (see container-background.ts).
 */
import { backgroundEffect, cycle, withAlpha } from './paint-util';
import type { Ctx2D, PaintEffect, Rect } from './types';

const TAU = 2 * Math.PI;
const swell = (t: number, period: number): number => (1 - Math.cos((TAU * t) / period)) / 2;

/**
 * Fills the box with a gradient of repeating bands travelling along (dx, dy), one band length
 * per `period` seconds; seamless from one cycle to the next.
 */
const travellingGradient = (ctx: Ctx2D, r: Rect, t: number, color: string, dx: number, dy: number, period: number) => {
  const len = Math.abs(dx) * r.width + Math.abs(dy) * r.height;
  const [cx, cy] = [r.x + r.width / 2, r.y + r.height / 2];
  const back = len / 2 + cycle(t, period) * len;
  const [x0, y0] = [cx - dx * back, cy - dy * back];
  const g = ctx.createLinearGradient(x0, y0, x0 + dx * 2 * len, y0 + dy * 2 * len);
  const [a, b] = [withAlpha(color, 0.85), withAlpha(color, 0.3)];
  [a, b, a, b, a].forEach((c, i) => {
    g.addColorStop(i / 4, c);
  });
  ctx.fillStyle = g;
  ctx.fillRect(r.x, r.y, r.width, r.height);
};

const gradientShift = (name: string, label: string, dx: number, dy: number): PaintEffect => {
  const n = Math.hypot(dx, dy);
  return backgroundEffect(name, label, 6, (ctx, r, t, color) =>
    travellingGradient(ctx, r, t, color, dx / n, dy / n, 6),
  );
};

/** Diagonal (45°) bands `bandWidth` wide every `spacing` px, shifted by `offset`. */
const diagonalBands = (ctx: Ctx2D, r: Rect, spacing: number, bandWidth: number, offset: number) => {
  ctx.beginPath();
  for (let s = (offset % spacing) - r.height - spacing; s < r.width + spacing; s += spacing) {
    ctx.moveTo(r.x + s, r.y);
    ctx.lineTo(r.x + s + bandWidth, r.y);
    ctx.lineTo(r.x + s + bandWidth + r.height, r.y + r.height);
    ctx.lineTo(r.x + s + r.height, r.y + r.height);
    ctx.closePath();
  }
  ctx.fill();
};

const base = (ctx: Ctx2D, r: Rect, color: string, alpha: number) => {
  ctx.fillStyle = withAlpha(color, alpha);
  ctx.fillRect(r.x, r.y, r.width, r.height);
};

/** Background effects that fill the box, in editor order. */
export const FILL_BACKGROUNDS: readonly PaintEffect[] = [
  backgroundEffect('solid-pulse', 'Solid pulse', 2, (ctx, r, t, color) => base(ctx, r, color, 0.6 + 0.3 * swell(t, 2))),
  gradientShift('gradient-right', 'Gradient drifting right', 1, 0),
  gradientShift('gradient-left', 'Gradient drifting left', -1, 0),
  gradientShift('gradient-up', 'Gradient drifting up', 0, -1),
  gradientShift('gradient-down', 'Gradient drifting down', 0, 1),
  gradientShift('gradient-diagonal', 'Gradient drifting diagonally', 1, 1),
  gradientShift('gradient-diagonal-reverse', 'Gradient drifting diagonally (reverse)', -1, 1),
  backgroundEffect('stripes-horizontal', 'Moving horizontal stripes', 2, (ctx, r, t, color, scale) => {
    base(ctx, r, color, 0.35);
    const spacing = 24 * scale;
    ctx.fillStyle = withAlpha(color, 0.5);
    for (let s = cycle(t, 2) * spacing - spacing; s < r.height; s += spacing)
      ctx.fillRect(r.x, r.y + s, r.width, spacing / 2);
  }),
  backgroundEffect('stripes-vertical', 'Moving vertical stripes', 2, (ctx, r, t, color, scale) => {
    base(ctx, r, color, 0.35);
    const spacing = 24 * scale;
    ctx.fillStyle = withAlpha(color, 0.5);
    for (let s = cycle(t, 2) * spacing - spacing; s < r.width; s += spacing)
      ctx.fillRect(r.x + s, r.y, spacing / 2, r.height);
  }),
  backgroundEffect('stripes-diagonal', 'Moving diagonal stripes', 1.5, (ctx, r, t, color, scale) => {
    base(ctx, r, color, 0.35);
    ctx.fillStyle = withAlpha(color, 0.5);
    diagonalBands(ctx, r, 28 * scale, 12 * scale, cycle(t, 1.5) * 28 * scale);
  }),
  backgroundEffect('diagonal-bars', 'Wide diagonal bars', 8, (ctx, r, t, color) => {
    base(ctx, r, color, 0.4);
    ctx.fillStyle = withAlpha(color, 0.25);
    const spacing = Math.max(r.width, r.height) / 2;
    diagonalBands(ctx, r, spacing, spacing / 3, cycle(t, 8) * spacing);
  }),
  backgroundEffect('checker', 'Sliding checkerboard', 4, (ctx, r, t, color, scale) => {
    base(ctx, r, color, 0.3);
    const size = 32 * scale;
    const off = cycle(t, 4) * 2 * size;
    ctx.fillStyle = withAlpha(color, 0.35);
    ctx.beginPath();
    for (let j = -2; j * size < r.height + size; j++) {
      for (let i = -2; i * size < r.width + size; i++) {
        if ((i + j) % 2 === 0) ctx.rect(r.x + i * size + off, r.y + j * size, size, size);
      }
    }
    ctx.fill();
  }),
  backgroundEffect('grid', 'Pulsing grid', 3, (ctx, r, t, color, scale) => {
    base(ctx, r, color, 0.25);
    const size = 40 * scale;
    ctx.strokeStyle = withAlpha(color, 0.4 + 0.4 * swell(t, 3));
    ctx.lineWidth = Math.max(1, scale);
    ctx.beginPath();
    for (let x = r.x + size; x < r.x + r.width; x += size) ctx.rect(x, r.y, 0, r.height);
    for (let y = r.y + size; y < r.y + r.height; y += size) ctx.rect(r.x, y, r.width, 0);
    ctx.stroke();
  }),
  backgroundEffect('grid-scroll', 'Scrolling grid', 4, (ctx, r, t, color, scale) => {
    base(ctx, r, color, 0.25);
    const size = 40 * scale;
    const off = cycle(t, 4) * size;
    ctx.strokeStyle = withAlpha(color, 0.6);
    ctx.lineWidth = Math.max(1, scale);
    ctx.beginPath();
    for (let x = r.x - size + off; x < r.x + r.width; x += size) ctx.rect(x, r.y, 0, r.height);
    for (let y = r.y - size + off; y < r.y + r.height; y += size) ctx.rect(r.x, y, r.width, 0);
    ctx.stroke();
  }),
  backgroundEffect('scanlines', 'Scanlines', 3, (ctx, r, t, color, scale) => {
    base(ctx, r, color, 0.3);
    ctx.fillStyle = withAlpha(color, 0.25);
    const step = 4 * scale;
    for (let y = r.y; y < r.y + r.height; y += step) ctx.fillRect(r.x, y, r.width, step / 2);
    const barY = r.y + (cycle(t, 3) * 1.4 - 0.2) * r.height;
    const g = ctx.createLinearGradient(0, barY - 0.1 * r.height, 0, barY + 0.1 * r.height);
    g.addColorStop(0, withAlpha(color, 0));
    g.addColorStop(0.5, withAlpha(color, 0.5));
    g.addColorStop(1, withAlpha(color, 0));
    ctx.fillStyle = g;
    ctx.fillRect(r.x, barY - 0.1 * r.height, r.width, 0.2 * r.height);
  }),
  backgroundEffect('shimmer', 'Shimmer', 2.5, (ctx, r, t, color) => {
    base(ctx, r, color, 0.5);
    const x = r.x + (cycle(t, 2.5) * 1.6 - 0.3) * r.width;
    const half = r.width * 0.15;
    const g = ctx.createLinearGradient(x - half, 0, x + half, 0);
    g.addColorStop(0, 'rgba(255,255,255,0)');
    g.addColorStop(0.5, 'rgba(255,255,255,0.35)');
    g.addColorStop(1, 'rgba(255,255,255,0)');
    ctx.fillStyle = g;
    ctx.fillRect(r.x, r.y, r.width, r.height);
  }),
  backgroundEffect('sheen', 'Glossy sheen', 4, (ctx, r, t, color) => {
    base(ctx, r, color, 0.55);
    const u = cycle(t, 4) / 0.4; // sweeps in the first 40 % of each cycle, then rests
    if (u >= 1) return;
    const d = r.width + r.height;
    const pos = (u * 1.4 - 0.2) * d;
    const g = ctx.createLinearGradient(r.x + pos - 40, r.y, r.x + pos + 40, r.y + 80);
    g.addColorStop(0, 'rgba(255,255,255,0)');
    g.addColorStop(0.5, 'rgba(255,255,255,0.45)');
    g.addColorStop(1, 'rgba(255,255,255,0)');
    ctx.fillStyle = g;
    ctx.fillRect(r.x, r.y, r.width, r.height);
  }),
  backgroundEffect('glow-edges', 'Glowing edges', 2.5, (ctx, r, t, color) => {
    base(ctx, r, color, 0.3);
    const depth = Math.min(r.width, r.height) * (0.12 + 0.08 * swell(t, 2.5));
    const edges: [number, number, number, number, number, number, number, number][] = [
      [r.x, r.y, r.x, r.y + depth, r.x, r.y, r.width, depth],
      [r.x, r.y + r.height, r.x, r.y + r.height - depth, r.x, r.y + r.height - depth, r.width, depth],
      [r.x, r.y, r.x + depth, r.y, r.x, r.y, depth, r.height],
      [r.x + r.width, r.y, r.x + r.width - depth, r.y, r.x + r.width - depth, r.y, depth, r.height],
    ];
    for (const [x0, y0, x1, y1, fx, fy, fw, fh] of edges) {
      const g = ctx.createLinearGradient(x0, y0, x1, y1);
      g.addColorStop(0, withAlpha(color, 0.9));
      g.addColorStop(1, withAlpha(color, 0));
      ctx.fillStyle = g;
      ctx.fillRect(fx, fy, fw, fh);
    }
  }),
  backgroundEffect('vignette', 'Breathing vignette', 4, (ctx, r, t, color) => {
    base(ctx, r, color, 0.35);
    const [cx, cy] = [r.x + r.width / 2, r.y + r.height / 2];
    const outer = Math.hypot(r.width, r.height) / 2;
    const g = ctx.createRadialGradient(cx, cy, outer * (0.35 + 0.15 * swell(t, 4)), cx, cy, outer);
    g.addColorStop(0, 'rgba(0,0,0,0)');
    g.addColorStop(1, 'rgba(0,0,0,0.55)');
    ctx.fillStyle = g;
    ctx.fillRect(r.x, r.y, r.width, r.height);
  }),
  backgroundEffect('spotlight', 'Roaming spotlight', 8, (ctx, r, t, color) => {
    base(ctx, r, color, 0.3);
    const cx = r.x + r.width * (0.5 + 0.3 * Math.sin((TAU * t) / 8));
    const cy = r.y + r.height * (0.5 + 0.25 * Math.sin((2 * TAU * t) / 8));
    const g = ctx.createRadialGradient(cx, cy, 0, cx, cy, Math.max(r.width, r.height) * 0.4);
    g.addColorStop(0, 'rgba(255,255,255,0.4)');
    g.addColorStop(1, 'rgba(255,255,255,0)');
    ctx.fillStyle = g;
    ctx.fillRect(r.x, r.y, r.width, r.height);
  }),
  backgroundEffect('conic', 'Rotating colour wheel', 6, (ctx, r, t, color) => {
    const g = ctx.createConicGradient(cycle(t, 6) * TAU, r.x + r.width / 2, r.y + r.height / 2);
    [0.8, 0.3, 0.8, 0.3, 0.8].forEach((a, i) => {
      g.addColorStop(i / 4, withAlpha(color, a));
    });
    ctx.fillStyle = g;
    ctx.fillRect(r.x, r.y, r.width, r.height);
  }),
  backgroundEffect('aurora', 'Aurora', 10, (ctx, r, t, color) => {
    base(ctx, r, color, 0.25);
    for (let k = 0; k < 3; k++) {
      const y = r.y + r.height * (0.3 + 0.2 * k + 0.1 * Math.sin((TAU * t) / 10 + k * 2));
      const g = ctx.createLinearGradient(0, y - r.height * 0.2, 0, y + r.height * 0.2);
      g.addColorStop(0, withAlpha(color, 0));
      g.addColorStop(0.5, withAlpha(color, 0.35));
      g.addColorStop(1, withAlpha(color, 0));
      ctx.fillStyle = g;
      ctx.fillRect(r.x, y - r.height * 0.2, r.width, r.height * 0.4);
    }
  }),
  backgroundEffect('sine-bands', 'Rolling bands', 4, (ctx, r, t, color, scale) => {
    const band = 12 * scale;
    for (let y = 0; y < r.height; y += band) {
      ctx.fillStyle = withAlpha(color, 0.45 + 0.3 * Math.sin((TAU * y) / (band * 12) - (TAU * t) / 4));
      ctx.fillRect(r.x, r.y + y, r.width, band);
    }
  }),
  backgroundEffect('corner-glow', 'Corner glow', 6, (ctx, r, t, color) => {
    base(ctx, r, color, 0.3);
    const corners: [number, number][] = [
      [r.x, r.y],
      [r.x + r.width, r.y],
      [r.x + r.width, r.y + r.height],
      [r.x, r.y + r.height],
    ];
    const radius = Math.min(r.width, r.height) * 0.8;
    corners.forEach(([cx, cy], k) => {
      const g = ctx.createRadialGradient(cx, cy, 0, cx, cy, radius);
      g.addColorStop(0, withAlpha(color, 0.7 * swell(t + (k * 6) / 4, 6)));
      g.addColorStop(1, withAlpha(color, 0));
      ctx.fillStyle = g;
      ctx.fillRect(r.x, r.y, r.width, r.height);
    });
  }),
];
