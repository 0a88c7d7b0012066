import { frameAt, localPlayhead, type Movie, stackAt } from '@reelwright/core';
import type { AssetSource } from './assets/types';
import { drawCaptions } from './draw/captions';
import { boxToPx, type DrawContext, REFERENCE_HEIGHT, supportsFilter } from './draw/context';
import { frameMotion } from './draw/effects';
import { drawFrameContent, drawFrameLayer } from './draw/frame-layer';
import { imagePlacement } from './draw/items/image';
import { boxAt } from './draw/keyframes';
import { mediaRect, sourceSize } from './draw/media';
import { topCover } from './draw/occlusion';
import { drawWatermark } from './draw/watermark';
import type { Ctx2D, Rect } from './motion/types';

/** A colour with no transparency: #rgb or #rrggbb. */
const OPAQUE_HEX = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

/** Named flags that let a preview differ from the export (STYLE principle 3). */
export type DrawOptions = {
  /** Output pixels per movie pixel; default `ctx.canvas.width / movie.size.width`. */
  scale?: number;
  /** What the stage is cleared to before the background: a colour, or 'transparent'. Default black. */
  clearColor?: string;
  /**
   * The host composites the frame's cover picture (`frameCover`) under the canvas itself: when
   * the frame has one, the canvas is cleared to transparent and only what lies above the picture
   * is drawn. The export resamples the picture straight into its encoder's frames (D31).
   */
  hostCover?: boolean;
};

/**
 * The opaque picture under everything else that fills the whole canvas at an instant
 * (draw/occlusion.ts): the image item's id and url, the loaded image and its size, and the
 * rectangle, in output pixels, that it is drawn into (bilinear, clipped to the canvas).
 */
export type CoverPicture = {
  itemId: string;
  url: string;
  source: CanvasImageSource;
  size: { width: number; height: number };
  rect: Rect;
};

function drawContext(ctx: Ctx2D, movie: Movie, assets: AssetSource, options: DrawOptions): DrawContext {
  const scale = options.scale ?? ctx.canvas.width / movie.size.width;
  const stage = { x: 0, y: 0, width: movie.size.width * scale, height: movie.size.height * scale };
  return { ctx, assets, movie, stage, unit: stage.height / REFERENCE_HEIGHT, filters: supportsFilter(ctx) };
}

/**
 * The frame's topmost stage-covering item (`topCover`, -1 for none), and whether it hides the
 * whole canvas — nothing under it needs drawing, not even the clear colour: the stage fills the
 * canvas and no frame transition is running (the frame is drawn directly, not as a layer).
 */
function coverOf(dc: DrawContext, at: ReturnType<typeof frameAt>): { index: number; hides: boolean } {
  const index = at ? topCover(dc, at.frame, at.local) : -1;
  const { width, height } = dc.ctx.canvas;
  const fills = dc.stage.width >= width && dc.stage.height >= height;
  return { index, hides: index >= 0 && fills && at !== null && !frameMotion(at.frame, at.local) };
}

/**
 * The cover picture `drawFrame` would draw at `t` with these options, or null when the frame has
 * none: with `hostCover`, the host draws it (or when null, drawFrame draws the whole frame).
 */
export function frameCover(
  ctx: Ctx2D,
  movie: Movie,
  t: number,
  assets: AssetSource,
  options: DrawOptions = {},
): CoverPicture | null {
  const dc = drawContext(ctx, movie, assets, options);
  const at = frameAt(movie, t);
  const cover = coverOf(dc, at);
  // A hiding cover is always a loaded image (coversStage); the checks are for the type system.
  const item = at && cover.hides ? stackAt(at.frame.items, at.local)[cover.index] : undefined;
  const source = item?.type === 'image' ? assets.image(item.url) : null;
  if (!at || item?.type !== 'image' || !source) return null;
  const local = localPlayhead(item.timing, at.local);
  const box = boxToPx(boxAt(item.box, item.keyframes, local), dc.stage);
  const size = sourceSize(source);
  const rect = mediaRect(size, box, imagePlacement(dc, item, local));
  return { itemId: item.id, url: item.url, source, size, rect };
}

/**
 * What drawFrame decides before drawing: the drawing context, the frame at t and its cover.
 * Shared with the stage's layered drawing (draw-layers.ts), which draws the same plan in parts.
 */
export type FramePlan = {
  dc: DrawContext;
  at: ReturnType<typeof frameAt>;
  cover: { index: number; hides: boolean };
  options: DrawOptions;
  t: number;
};

export function planFrame(
  ctx: Ctx2D,
  movie: Movie,
  t: number,
  assets: AssetSource,
  options: DrawOptions = {},
): FramePlan {
  const dc = drawContext(ctx, movie, assets, options);
  const at = frameAt(movie, t);
  // An opaque item over the whole canvas hides the clear colour (the frame drawn directly, no
  // transition layer): clearing would be a full-frame pass for nothing (draw/occlusion.ts).
  return { dc, at, cover: coverOf(dc, at), options, t };
}

/**
 * A plan drawn in parts around one item (stack index `index`), for a host that keeps what lies
 * under it (D98): `keep` is called once what lies under the item is drawn (the canvas then holds
 * exactly those pixels), and `restore`, when given, puts such pixels back instead of clearing and
 * drawing them. Only for a frame drawn directly (no transition running, no host cover).
 */
export type FrameSplit = {
  index: number;
  keep?: (ctx: Ctx2D) => void;
  restore?: (ctx: Ctx2D) => void;
};

/** Whether a plan can be drawn in parts (FrameSplit): its frame is drawn directly. */
export function splittable(plan: FramePlan): boolean {
  const { at, cover, options } = plan;
  return at !== null && !(cover.hides && options.hostCover) && !frameMotion(at.frame, at.local);
}

/** The clear colour under everything, unless the cover hides it. */
function clearStage(plan: FramePlan): void {
  const { dc, cover, options } = plan;
  const { ctx } = dc;
  const { width, height } = ctx.canvas;
  const clear = options.clearColor ?? '#000000';
  const fills = dc.stage.width >= width && dc.stage.height >= height;
  // So does an opaque clear colour filling the whole canvas hide what was there (0.16 ms at 1080p).
  if (!cover.hides && (!fills || !OPAQUE_HEX.test(clear))) ctx.clearRect(0, 0, width, height);
  if (!cover.hides && clear !== 'transparent') {
    ctx.fillStyle = clear;
    ctx.fillRect(0, 0, dc.stage.width, dc.stage.height);
  }
}

/** Draws a plan: whole (drawFrame), or in parts around one item (`split`, when splittable). */
export function drawPlan(plan: FramePlan, split?: FrameSplit): void {
  const { dc, at, cover, options } = plan;
  const { ctx, movie } = dc;
  ctx.save();
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.globalAlpha = 1;
  ctx.globalCompositeOperation = 'source-over';
  if (at && cover.hides && options.hostCover) {
    ctx.clearRect(0, 0, ctx.canvas.width, ctx.canvas.height);
    drawFrameContent(dc, at.frame, at.local, cover.index, false);
  } else if (at && split && splittable(plan)) {
    // The same calls as drawFrameLayer's direct draw, in three parts (ContentPart).
    if (split.restore) split.restore(ctx);
    else {
      clearStage(plan);
      drawFrameContent(dc, at.frame, at.local, cover.index, true, { below: split.index });
      split.keep?.(ctx);
    }
    drawFrameContent(dc, at.frame, at.local, cover.index, true, { item: split.index });
    drawFrameContent(dc, at.frame, at.local, cover.index, true, { above: split.index });
  } else {
    clearStage(plan);
    if (at) drawFrameLayer(dc, at.frame, at.local, cover.index);
  }
  drawWatermark(dc, movie.watermark);
  drawCaptions(dc, movie, plan.t);
  ctx.restore();
}

/**
 * The one renderer (DESIGN §6): draws the movie at time `t` (seconds) on any Canvas 2D
 * context whose canvas is the output size. Clears the stage, draws the frame's background, each
 * visible item from the last (bottom layer) to the first (top) — as one layer through the frame's
 * show/hide transition when it has one — then the watermark and the captions heard at t (D68). Synchronous and pure: it never
 * loads anything or reads a clock (offscreen canvases come from `assets.createCanvas`), so any
 * frame can be drawn at any t, in any order, with the same pixels.
 */
export function drawFrame(ctx: Ctx2D, movie: Movie, t: number, assets: AssetSource, options: DrawOptions = {}): void {
  drawPlan(planFrame(ctx, movie, t, assets, options));
}
