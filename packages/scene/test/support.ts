/// <reference lib="dom" />
import { fileURLToPath } from 'node:url';
import { createCanvas } from '@napi-rs/canvas';
import { type Background, type Item, type Movie, MovieSchema } from '@reelwright/core';
import { compareToGolden, type RenderOptions, renderToPng } from '@reelwright/testkit/golden';
import { expect } from 'vitest';

/** Goldens are drawn at 320×180 (a 1024×576 movie scaled down). */
export const GOLDEN_WIDTH = 320;
/** Mean absolute difference per channel allowed against a golden on the same machine. */
export const MAX_MEAN_DIFF = 1.5;

/** A 1024×576 movie of one 5 s frame with these items (top first) and background. */
export function movieOf(
  items: unknown[],
  background?: Partial<Background>,
  extra: Record<string, unknown> = {},
): Movie {
  return MovieSchema.parse({
    size: { width: 1024, height: 576 },
    frames: [{ id: 'f1', duration: 5, items, background: background ?? { type: 'color', color: '#1b2a41' } }],
    ...extra,
  });
}

/** An item with a full timing and box, merged with overrides (parsed by the movie schema). */
export function itemOf(type: Item['type'], overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id: `${type}-1`,
    type,
    timing: { start: 0, stop: 5 },
    box: { left: 0.1, top: 0.15, width: 0.8, height: 0.7 },
    ...overrides,
  };
}

/** Renders at 320 px wide and compares with test/golden/NAME.png. */
export async function expectGolden(name: string, movie: Movie, t: number, options: RenderOptions = {}): Promise<void> {
  const png = await renderToPng(movie, t, { width: GOLDEN_WIDTH, ...options });
  const path = fileURLToPath(new URL(`./golden/${name}.png`, import.meta.url));
  const result = await compareToGolden(png, path, { maxMeanDiff: MAX_MEAN_DIFF });
  expect(result.message).toBe('');
}

type Paint = (ctx: CanvasRenderingContext2D, w: number, h: number) => void;

function pngDataUrl(width: number, height: number, paint: Paint): string {
  const canvas = createCanvas(width, height);
  paint(canvas.getContext('2d') as unknown as CanvasRenderingContext2D, width, height);
  return canvas.toDataURL('image/png');
}

/**
 * A test picture: a left-to-right warm-to-cool gradient with a white sun top left and a dark
 * triangle at the bottom, so orientation and cropping show at a glance.
 */
export function picture(width = 160, height = 100, hue = 0): string {
  return pngDataUrl(width, height, (ctx, w, h) => {
    const g = ctx.createLinearGradient(0, 0, w, 0);
    g.addColorStop(0, `hsl(${hue + 10}, 80%, 55%)`);
    g.addColorStop(1, `hsl(${hue + 210}, 70%, 45%)`);
    ctx.fillStyle = g;
    ctx.fillRect(0, 0, w, h);
    ctx.fillStyle = '#ffffff';
    ctx.beginPath();
    ctx.arc(w * 0.2, h * 0.25, Math.min(w, h) * 0.12, 0, Math.PI * 2);
    ctx.fill();
    ctx.fillStyle = '#202020';
    ctx.beginPath();
    ctx.moveTo(w * 0.3, h);
    ctx.lineTo(w * 0.6, h * 0.45);
    ctx.lineTo(w * 0.9, h);
    ctx.fill();
  });
}

/** A small logo for watermarks: a rounded square with a letter-like bar. */
export function logo(): string {
  return pngDataUrl(64, 32, (ctx) => {
    ctx.fillStyle = '#ffcc00';
    ctx.fillRect(0, 0, 64, 32);
    ctx.fillStyle = '#222222';
    ctx.fillRect(8, 8, 48, 6);
    ctx.fillRect(8, 18, 30, 6);
  });
}

/** A generated clip frame: a bar whose position moves with time (seconds), plus a time stripe. */
export function clipFrame(time: number): CanvasImageSource {
  const canvas = createCanvas(160, 90);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#103050';
  ctx.fillRect(0, 0, 160, 90);
  ctx.fillStyle = '#40c080';
  ctx.fillRect(((time * 30) % 140) | 0, 20, 20, 50);
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 84, Math.min(160, time * 16), 6);
  return canvas as unknown as CanvasImageSource;
}
