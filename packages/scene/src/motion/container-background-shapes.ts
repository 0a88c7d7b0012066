/**
 * Container backgrounds built from shapes: dots, waves, borders, seeded particles, ripples. Each
 * is a pure function of time and the box; particles come from a seeded generator, so they are
 * the same on every machine (see container-background.ts).
 */
import { backgroundEffect, cycle, type Point, partialPolyline, polylinePath, withAlpha } from './paint-util';
import { seededRandom } from './random';
import type { Ctx2D, PaintEffect, Rect } from './types';

const TAU = 2 * Math.PI;
const swell = (t: number, period: number): number => (1 - Math.cos((TAU * t) / period)) / 2;

/** Fixed particles as fractions of the box, drawn once from a seed. */
type Particle = { x: number; y: number; speed: number; size: number; phase: number };
const particles = (count: number, seed: number): readonly Particle[] => {
  const random = seededRandom(seed);
  return Array.from({ length: count }, () => ({
    x: random(),
    y: random(),
    speed: 0.5 + random(),
    size: 0.5 + random(),
    phase: random(),
  }));
};

const base = (ctx: Ctx2D, r: Rect, color: string, alpha: number) => {
  ctx.fillStyle = withAlpha(color, alpha);
  ctx.fillRect(r.x, r.y, r.width, r.height);
};

const dot = (ctx: Ctx2D, x: number, y: number, radius: number) => {
  ctx.moveTo(x + radius, y);
  ctx.arc(x, y, radius, 0, TAU);
};

/** The box's outline, clockwise from the top-left corner, inset by `inset`. */
const outline = (r: Rect, inset: number): Point[] => {
  const [x0, y0, x1, y1] = [r.x + inset, r.y + inset, r.x + r.width - inset, r.y + r.height - inset];
  return [
    [x0, y0],
    [x1, y0],
    [x1, y1],
    [x0, y1],
    [x0, y0],
  ];
};

/** A sine wave filled down to the bottom of the box. */
const waveFill = (ctx: Ctx2D, r: Rect, level: number, amplitude: number, phase: number) => {
  ctx.beginPath();
  ctx.moveTo(r.x, r.y + r.height);
  const steps = 48;
  for (let i = 0; i <= steps; i++) {
    const x = r.x + (r.width * i) / steps;
    ctx.lineTo(x, r.y + r.height * level + amplitude * Math.sin((TAU * i) / steps + phase));
  }
  ctx.lineTo(r.x + r.width, r.y + r.height);
  ctx.closePath();
  ctx.fill();
};

const SPARKLES = particles(40, 11);
const BUBBLES = particles(24, 23);
const SNOW = particles(60, 37);
const CONFETTI = particles(40, 41);
const RAIN = particles(50, 53);

/** Background effects built from shapes, in editor order. */
export const SHAPE_BACKGROUNDS: readonly PaintEffect[] = [
  backgroundEffect('dots', 'Rippling dots', 3, (ctx, r, t, color, scale) => {
    base(ctx, r, color, 0.3);
    const step = 28 * scale;
    ctx.fillStyle = withAlpha(color, 0.7);
    ctx.beginPath();
    for (let y = r.y + step / 2; y < r.y + r.height; y += step) {
      for (let x = r.x + step / 2; x < r.x + r.width; x += step) {
        const k = 0.5 + 0.5 * Math.sin((TAU * (x + y - r.x - r.y)) / (step * 10) - (TAU * t) / 3);
        dot(ctx, x, y, step * (0.1 + 0.15 * k));
      }
    }
    ctx.fill();
  }),
  backgroundEffect('dots-drift', 'Drifting dots', 4, (ctx, r, t, color, scale) => {
    base(ctx, r, color, 0.3);
    const step = 28 * scale;
    const off = cycle(t, 4) * step;
    ctx.fillStyle = withAlpha(color, 0.6);
    ctx.beginPath();
    for (let y = r.y - step + off; y < r.y + r.height + step; y += step) {
      for (let x = r.x - step + off; x < r.x + r.width + step; x += step) dot(ctx, x, y, step * 0.15);
    }
    ctx.fill();
  }),
  backgroundEffect('waves', 'Waves', 4, (ctx, r, t, color) => {
    base(ctx, r, color, 0.25);
    ctx.fillStyle = withAlpha(color, 0.35);
    waveFill(ctx, r, 0.6, r.height * 0.06, (TAU * t) / 4);
    ctx.fillStyle = withAlpha(color, 0.5);
    waveFill(ctx, r, 0.72, r.height * 0.05, (-TAU * t) / 3 + 1);
  }),
  backgroundEffect('wave-lines', 'Wave lines', 5, (ctx, r, t, color, scale) => {
    base(ctx, r, color, 0.3);
    ctx.strokeStyle = withAlpha(color, 0.7);
    ctx.lineWidth = 2 * scale;
    for (let k = 1; k <= 4; k++) {
      const points = Array.from({ length: 49 }, (_, i): Point => {
        const y = r.y + (r.height * k) / 5 + r.height * 0.05 * Math.sin((TAU * i) / 48 + (TAU * t) / 5 + k);
        return [r.x + (r.width * i) / 48, y];
      });
      polylinePath(ctx, points);
      ctx.stroke();
    }
  }),
  backgroundEffect('border-runner', 'Border runner', 3, (ctx, r, t, color, scale) => {
    base(ctx, r, color, 0.3);
    const w = 4 * scale;
    const loop = outline(r, w / 2);
    const head = cycle(t, 3);
    const tail = head - 0.25;
    ctx.strokeStyle = withAlpha(color, 1);
    ctx.lineWidth = w;
    ctx.lineCap = 'round';
    // The lit segment runs from `tail` to `head` of the way round; drawn by trimming the loop.
    const segment = (from: number, to: number) => {
      const upto = partialPolyline(loop, to);
      const skip = partialPolyline(loop, from);
      polylinePath(ctx, [skip[skip.length - 1]!, ...upto.slice(skip.length - 1)]);
      ctx.stroke();
    };
    if (tail >= 0) segment(tail, head);
    else {
      segment(0, head);
      segment(1 + tail, 1);
    }
  }),
  backgroundEffect('border-march', 'Marching border', 1, (ctx, r, t, color, scale) => {
    base(ctx, r, color, 0.3);
    const w = 3 * scale;
    ctx.strokeStyle = withAlpha(color, 1);
    ctx.lineWidth = w;
    ctx.setLineDash([12 * scale, 8 * scale]);
    ctx.lineDashOffset = -cycle(t, 1) * 20 * scale;
    ctx.strokeRect(r.x + w / 2, r.y + w / 2, r.width - w, r.height - w);
  }),
  backgroundEffect('frame-pulse', 'Pulsing frame', 2, (ctx, r, t, color, scale) => {
    base(ctx, r, color, 0.3);
    const w = (3 + 5 * swell(t, 2)) * scale;
    ctx.strokeStyle = withAlpha(color, 0.9);
    ctx.lineWidth = w;
    ctx.strokeRect(r.x + w / 2, r.y + w / 2, r.width - w, r.height - w);
  }),
  backgroundEffect('corner-brackets', 'Corner brackets', 2, (ctx, r, t, color, scale) => {
    base(ctx, r, color, 0.3);
    const w = 4 * scale;
    const arm = Math.min(r.width, r.height) * (0.15 + 0.08 * swell(t, 2));
    const i = w / 2 + Math.min(r.width, r.height) * 0.04 * swell(t, 2);
    const [x0, y0, x1, y1] = [r.x + i, r.y + i, r.x + r.width - i, r.y + r.height - i];
    ctx.strokeStyle = withAlpha(color, 1);
    ctx.lineWidth = w;
    ctx.beginPath();
    const corner = (cx: number, cy: number, sx: number, sy: number) => {
      ctx.moveTo(cx + sx * arm, cy);
      ctx.lineTo(cx, cy);
      ctx.lineTo(cx, cy + sy * arm);
    };
    corner(x0, y0, 1, 1);
    corner(x1, y0, -1, 1);
    corner(x1, y1, -1, -1);
    corner(x0, y1, 1, -1);
    ctx.stroke();
  }),
  backgroundEffect('sparkles', 'Sparkles', 2, (ctx, r, t, color, scale) => {
    base(ctx, r, color, 0.35);
    for (const p of SPARKLES) {
      const a = swell(t + p.phase * 2, 2) ** 3;
      if (a < 0.01) continue;
      ctx.fillStyle = `rgba(255,255,255,${Math.round(a * 900) / 1000})`;
      ctx.beginPath();
      dot(ctx, r.x + p.x * r.width, r.y + p.y * r.height, 2.5 * scale * p.size);
      ctx.fill();
    }
  }),
  backgroundEffect('stars', 'Twinkling stars', 3, (ctx, r, t, color, scale) => {
    base(ctx, r, color, 0.4);
    ctx.fillStyle = 'rgba(255,255,255,0.85)';
    ctx.beginPath();
    for (const p of SPARKLES) {
      const s = 6 * scale * p.size * swell(t + p.phase * 3, 3);
      const [cx, cy] = [r.x + p.x * r.width, r.y + p.y * r.height];
      ctx.moveTo(cx, cy - s);
      ctx.lineTo(cx + s / 4, cy - s / 4);
      ctx.lineTo(cx + s, cy);
      ctx.lineTo(cx + s / 4, cy + s / 4);
      ctx.lineTo(cx, cy + s);
      ctx.lineTo(cx - s / 4, cy + s / 4);
      ctx.lineTo(cx - s, cy);
      ctx.lineTo(cx - s / 4, cy - s / 4);
      ctx.closePath();
    }
    ctx.fill();
  }),
  backgroundEffect('bubbles', 'Rising bubbles', 6, (ctx, r, t, color, scale) => {
    base(ctx, r, color, 0.35);
    ctx.strokeStyle = 'rgba(255,255,255,0.6)';
    ctx.fillStyle = 'rgba(255,255,255,0.15)';
    ctx.lineWidth = 1.5 * scale;
    for (const p of BUBBLES) {
      const radius = 8 * scale * p.size;
      const y = r.y + r.height + radius - cycle(p.y + (t * p.speed) / 6, 1) * (r.height + 2 * radius);
      const x = r.x + p.x * r.width + radius * Math.sin((TAU * t) / 3 + p.phase * TAU);
      ctx.beginPath();
      dot(ctx, x, y, radius);
      ctx.fill();
      ctx.stroke();
    }
  }),
  backgroundEffect('snow', 'Falling snow', 8, (ctx, r, t, color, scale) => {
    base(ctx, r, color, 0.35);
    ctx.fillStyle = 'rgba(255,255,255,0.8)';
    ctx.beginPath();
    for (const p of SNOW) {
      const radius = 2.5 * scale * p.size;
      const y = r.y - radius + cycle(p.y + (t * p.speed) / 8, 1) * (r.height + 2 * radius);
      const x = r.x + p.x * r.width + 10 * scale * Math.sin((TAU * t) / 4 + p.phase * TAU);
      dot(ctx, x, y, radius);
    }
    ctx.fill();
  }),
  backgroundEffect('confetti', 'Confetti', 6, (ctx, r, t, color, scale) => {
    base(ctx, r, color, 0.3);
    CONFETTI.forEach((p, i) => {
      const [w, h] = [8 * scale * p.size, 4 * scale * p.size];
      const y = r.y - w + cycle(p.y + (t * p.speed) / 6, 1) * (r.height + 2 * w);
      const x = r.x + p.x * r.width;
      const angle = TAU * (p.phase + (t * p.speed) / 2);
      const [c, s] = [Math.cos(angle), Math.sin(angle)];
      ctx.fillStyle = i % 3 === 0 ? 'rgba(255,255,255,0.85)' : withAlpha(color, i % 3 === 1 ? 1 : 0.6);
      ctx.beginPath();
      for (const [u, v] of [
        [-1, -1],
        [1, -1],
        [1, 1],
        [-1, 1],
      ] as const) {
        ctx.lineTo(x + (u * w * c) / 2 - (v * h * s) / 2, y + (u * w * s) / 2 + (v * h * c) / 2);
      }
      ctx.closePath();
      ctx.fill();
    });
  }),
  backgroundEffect('rain', 'Rain', 1, (ctx, r, t, color, scale) => {
    base(ctx, r, color, 0.35);
    ctx.strokeStyle = 'rgba(255,255,255,0.5)';
    ctx.lineWidth = 1.5 * scale;
    ctx.beginPath();
    for (const p of RAIN) {
      const len = 14 * scale * p.size;
      const y = r.y - len + cycle(p.y + t * p.speed, 1) * (r.height + 2 * len);
      const x = r.x + p.x * r.width;
      ctx.moveTo(x, y);
      ctx.lineTo(x - len * 0.2, y + len);
    }
    ctx.stroke();
  }),
  backgroundEffect('ripples', 'Ripples', 3, (ctx, r, t, color, scale) => {
    base(ctx, r, color, 0.3);
    const [cx, cy] = [r.x + r.width / 2, r.y + r.height / 2];
    const maxR = Math.hypot(r.width, r.height) / 2;
    ctx.lineWidth = 3 * scale;
    for (let k = 0; k < 3; k++) {
      const u = cycle(t / 3 + k / 3, 1);
      ctx.strokeStyle = withAlpha(color, 0.8 * (1 - u));
      ctx.beginPath();
      dot(ctx, cx, cy, u * maxR);
      ctx.stroke();
    }
  }),
  backgroundEffect('radial-pulse', 'Radial pulse', 2, (ctx, r, t, color) => {
    base(ctx, r, color, 0.3);
    const [cx, cy] = [r.x + r.width / 2, r.y + r.height / 2];
    const u = cycle(t, 2);
    const outer = (Math.hypot(r.width, r.height) / 2) * (0.2 + 0.8 * u);
    const g = ctx.createRadialGradient(cx, cy, 0, cx, cy, outer);
    g.addColorStop(0, withAlpha(color, 0.7 * (1 - u)));
    g.addColorStop(1, withAlpha(color, 0));
    ctx.fillStyle = g;
    ctx.fillRect(r.x, r.y, r.width, r.height);
  }),
  backgroundEffect('chevrons', 'Moving chevrons', 2, (ctx, r, t, color, scale) => {
    base(ctx, r, color, 0.3);
    const step = 36 * scale;
    const depth = 14 * scale;
    ctx.strokeStyle = withAlpha(color, 0.7);
    ctx.lineWidth = 4 * scale;
    ctx.beginPath();
    for (let y = r.y + step / 2; y < r.y + r.height + step; y += step) {
      for (let x = r.x - step + cycle(t, 2) * step; x < r.x + r.width + step; x += step) {
        ctx.moveTo(x, y - depth);
        ctx.lineTo(x + depth, y);
        ctx.lineTo(x, y + depth);
      }
    }
    ctx.stroke();
  }),
  backgroundEffect('diamonds', 'Pulsing diamonds', 3, (ctx, r, t, color, scale) => {
    base(ctx, r, color, 0.3);
    const step = 40 * scale;
    ctx.fillStyle = withAlpha(color, 0.55);
    ctx.beginPath();
    for (let y = r.y; y < r.y + r.height + step; y += step) {
      for (let x = r.x; x < r.x + r.width + step; x += step) {
        const s = step * (0.15 + 0.2 * swell(t + (x - r.x + y - r.y) / (step * 8), 3));
        ctx.moveTo(x, y - s);
        ctx.lineTo(x + s, y);
        ctx.lineTo(x, y + s);
        ctx.lineTo(x - s, y);
        ctx.closePath();
      }
    }
    ctx.fill();
  }),
  backgroundEffect('progress-bar', 'Progress bar', 5, (ctx, r, t, color, scale) => {
    base(ctx, r, color, 0.3);
    const h = 6 * scale;
    ctx.fillStyle = withAlpha(color, 1);
    ctx.fillRect(r.x, r.y + r.height - h, r.width * cycle(t, 5), h);
  }),
];
