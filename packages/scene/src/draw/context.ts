import type { Movie } from '@reelwright/core';
import type { AssetSource } from '../assets/types';
import type { Ctx2D, Rect } from '../motion/types';

/** Height of the reference stage that px values of the model are measured on (spec 002 §9). */
export const REFERENCE_HEIGHT = 576;

/**
 * Everything a drawing function needs for one frame. All sizes are output pixels: `unit` turns
 * px of a 576-high stage (padding, blur, border thickness) into output pixels, so a scaled-down
 * editor stage draws the same picture as the export, blur included (DESIGN §6).
 */
export type DrawContext = {
  ctx: Ctx2D;
  assets: AssetSource;
  movie: Movie;
  /** The stage in output pixels. */
  stage: Rect;
  /** Output pixels per px of a 576-high stage. */
  unit: number;
  /** Whether `ctx.filter` works on this host. */
  filters: boolean;
};

/** Turns a box in stage fractions into output pixels. */
export function boxToPx(
  box: { left: number; top: number; width: number; height: number },
  stage: Pick<Rect, 'width' | 'height'>,
): Rect {
  return {
    x: box.left * stage.width,
    y: box.top * stage.height,
    width: box.width * stage.width,
    height: box.height * stage.height,
  };
}

const filterSupport = new WeakMap<object, boolean>();

/**
 * Whether a context applies `ctx.filter` (browsers without it keep drawing, unfiltered). Asked
 * once per kind of context (its prototype): setting `filter` parses CSS, every frame drawn asks,
 * and a picker opens dozens of preview canvases at once.
 */
export function supportsFilter(ctx: Ctx2D): boolean {
  const kind = Object.getPrototypeOf(ctx) ?? ctx;
  let known = filterSupport.get(kind);
  if (known === undefined) {
    known = probeFilter(ctx);
    filterSupport.set(kind, known);
  }
  return known;
}

function probeFilter(ctx: Ctx2D): boolean {
  if (!('filter' in ctx)) return false;
  const before = ctx.filter;
  ctx.filter = 'blur(1px)';
  const ok = ctx.filter === 'blur(1px)';
  ctx.filter = before;
  return ok;
}

/** The centre of a rectangle. */
export function centre(rect: Rect): { x: number; y: number } {
  return { x: rect.x + rect.width / 2, y: rect.y + rect.height / 2 };
}

/** Linear interpolation. */
export const lerp = (a: number, b: number, t: number): number => a + (b - a) * t;
