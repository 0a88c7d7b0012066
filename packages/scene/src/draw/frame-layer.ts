import { type Frame, type Item, localPlayhead, showsMovieBackground, stackAt } from '@reelwright/core';
import type { HostCanvas } from '../assets/types';
import type { Ctx2D } from '../motion/types';
import { drawBackground } from './background';
import type { DrawContext } from './context';
import { frameMotion } from './effects';
import { drawItem } from './item';
import { applyMotion } from './motion';
import { topCover } from './occlusion';

/** Kinds the frame's tint lies over when they are at the bottom of its stack (D92). */
const UNDER_TINT: ReadonlySet<Item['type']> = new Set(['image', 'video', 'gallery', 'audio']);

/**
 * Where the frame's tint lies in `items` (stacking order, top first): it is drawn just before the
 * item at this index, the lowest that is not a picture (or sound); -1 when all are, so it lies
 * over them all.
 */
export function tintIndex(items: readonly Item[]): number {
  let index = items.length - 1;
  while (index >= 0 && UNDER_TINT.has(items[index]!.type)) index--;
  return index;
}

function drawTint(dc: DrawContext, tint: NonNullable<Frame['tint']>): void {
  if (tint.alpha <= 0) return;
  const { ctx, stage } = dc;
  ctx.save();
  ctx.globalAlpha *= tint.alpha;
  ctx.fillStyle = tint.color;
  ctx.fillRect(stage.x, stage.y, stage.width, stage.height);
  ctx.restore();
}

/**
 * One part of what drawFrameContent draws, split at the item at stack index `k`: `below` the
 * backgrounds and everything drawn before item k (the tint too when it lies under item k),
 * `item` item k alone, `above` everything drawn after it. The three parts in turn draw exactly
 * what 'all' draws, call for call (D98: the stage keeps what lies under a dragged item).
 */
export type ContentPart = 'all' | { below: number } | { item: number } | { above: number };

/** Whether the step drawn just before item `i` (its tint) or item `i` itself is in `part`. */
function inPart(part: ContentPart, i: number, tint: boolean): boolean {
  if (part === 'all') return true;
  if ('below' in part) return tint ? i >= part.below : i > part.below;
  if ('item' in part) return !tint && i === part.item;
  return i < part.above;
}

/**
 * Draws a frame's background (with its wrapper) — over the movie's background where the frame's
 * leaves the stage uncovered (D37) — and each visible item, bottom layer first in stacking order
 * (`stackAt`: the list, or keyframe z-indexes), with the frame's tint over the pictures at the
 * bottom (`tintIndex`); what an opaque item covering the stage hides is
 * not drawn (`cover`, the index from `topCover` in that order), nor that item itself without
 * `withCover` (when the host composites it, DrawOptions.hostCover).
 *
 * `part` draws one part of that sequence (ContentPart).
 */
export function drawFrameContent(
  dc: DrawContext,
  frame: Frame,
  local: number,
  cover = topCover(dc, frame, local),
  withCover = true,
  part: ContentPart = 'all',
): void {
  if (cover < 0 && (part === 'all' || 'below' in part)) {
    if (showsMovieBackground(frame.background)) {
      drawBackground(dc, dc.movie.background, dc.stage, local, { layer: 'frame', id: 'movie' });
    }
    drawBackground(dc, frame.background, dc.stage, local, { layer: 'frame', id: frame.id });
  }
  const items = stackAt(frame.items, local);
  const bottom = cover < 0 ? items.length - 1 : withCover ? cover : cover - 1;
  // A tint under a stage-covering picture is hidden by it, so is not drawn.
  const tintAt = frame.tint && tintIndex(items) <= bottom ? tintIndex(items) : Number.NaN;
  for (let i = bottom; i >= 0; i--) {
    if (i === tintAt && inPart(part, i, true)) drawTint(dc, frame.tint!);
    if (!inPart(part, i, false)) continue;
    const item = items[i]!;
    const itemLocal = localPlayhead(item.timing, local);
    if (itemLocal >= 0) drawItem(dc, item, itemLocal);
  }
  if (tintAt === -1 && inPart(part, -1, true)) drawTint(dc, frame.tint!);
}

/**
 * One reusable offscreen canvas per asset source and output size: a transition draws a layer on
 * every frame of its run, and allocating a full-size canvas each time would cost the export.
 * Always cleared before use, so reuse never leaks pixels from one drawing into the next.
 */
const layers = new WeakMap<object, { canvas: HostCanvas; ctx: Ctx2D }>();

function layerFor(dc: DrawContext): { canvas: HostCanvas; ctx: Ctx2D } | null {
  const { width, height } = dc.ctx.canvas;
  const cached = layers.get(dc.assets);
  if (cached && cached.canvas.width === width && cached.canvas.height === height) return cached;
  const canvas = dc.assets.createCanvas?.(width, height);
  const ctx = canvas?.getContext('2d');
  if (!canvas || !ctx) return null;
  const layer = { canvas, ctx };
  layers.set(dc.assets, layer);
  return layer;
}

/**
 * Draws a frame with its transition (`frame.transition`, spec 001 §3 frame fx show/hide): the
 * background and items are drawn as one layer into an offscreen canvas, which is composited with
 * the transition's motion state about the stage centre (moved, scaled, faded, clipped, blurred)
 * over what is already there, the movie's clear colour. Without a transition, or while it leaves
 * the frame untouched, the frame is drawn directly at no extra cost. Hosts without
 * `createCanvas` get the motion applied to each drawing call instead (close, but overlapping
 * items fade separately). See D16.
 */
export function drawFrameLayer(dc: DrawContext, frame: Frame, local: number, cover = topCover(dc, frame, local)): void {
  const motion = frameMotion(frame, local);
  if (!motion) {
    drawFrameContent(dc, frame, local, cover);
    return;
  }
  if (motion.opacity <= 0) return;
  const { ctx } = dc;
  const layer = layerFor(dc);
  if (layer) {
    layer.ctx.save();
    layer.ctx.setTransform(1, 0, 0, 1, 0, 0);
    layer.ctx.clearRect(0, 0, layer.canvas.width, layer.canvas.height);
    drawFrameContent({ ...dc, ctx: layer.ctx }, frame, local, cover);
    layer.ctx.restore();
  }
  ctx.save();
  applyMotion(ctx, dc.stage, motion);
  if (motion.blur > 0 && dc.filters) ctx.filter = `blur(${motion.blur * dc.unit}px)`;
  if (layer) ctx.drawImage(layer.canvas as unknown as CanvasImageSource, 0, 0);
  // Each call fades on its own here, so what the cover hides would show through it: draw all.
  else drawFrameContent(dc, frame, local, -1);
  ctx.restore();
}
