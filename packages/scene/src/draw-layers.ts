import { type Frame, type Item, type Movie, stackAt } from '@reelwright/core';
import type { AssetSource, HostCanvas } from './assets/types';
import { supportsFilter } from './draw/context';
import { type DrawOptions, drawPlan, type FramePlan, planFrame, splittable } from './draw-frame';
import type { Ctx2D } from './motion/types';

/** How a LayeredDrawing drew: whole, in parts keeping what lies under the live item, or reusing that. */
export type LayeredDraw = 'whole' | 'kept' | 'reused';

/**
 * `drawFrame` with a memory, for a stage where one item changes draw after draw (a drag, a resize,
 * a slider on one item): what lies under that item is kept as pixels and put back, so each draw
 * after the first draws only the item and what lies above it (D98). Same pixels as `drawFrame`.
 */
export type LayeredDrawing = {
  /** Draws like `drawFrame(ctx, movie, t, assets, options)`; answers how. */
  draw(ctx: Ctx2D, movie: Movie, t: number, assets: AssetSource, options?: DrawOptions): LayeredDraw;
};

/** Everything a draw depends on apart from the frame's items. */
type Inputs = {
  ctx: Ctx2D;
  width: number;
  height: number;
  movie: Movie;
  t: number;
  assets: AssetSource;
  scale: number | undefined;
  clearColor: string | undefined;
  hostCover: boolean | undefined;
  /** The frame shown at t: its index in movie.frames. */
  frameIndex: number;
};

/** What lies under the live item, as pixels, and what it was drawn from. */
type Kept = {
  canvas: HostCanvas;
  ctx: Ctx2D;
  inputs: Inputs;
  /** The live item's id, and the frame's items (list order) and stack (at t) when kept. */
  liveId: string;
  items: readonly Item[];
  stack: readonly Item[];
  index: number;
  cover: number;
};

/** The own fields of two objects are the same values, `except` one (compared elsewhere). */
function sameFields<T extends object>(a: T, b: T, except: keyof T): boolean {
  const keys = Object.keys(a) as (keyof T)[];
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every((key) => key === except || a[key] === b[key]);
}

function inputsOf(plan: FramePlan, ctx: Ctx2D, movie: Movie, t: number, assets: AssetSource): Inputs | null {
  const { at, options } = plan;
  if (!at) return null;
  const { width, height } = ctx.canvas;
  const { scale, clearColor, hostCover } = options;
  return { ctx, width, height, movie, t, assets, scale, clearColor, hostCover, frameIndex: at.index };
}

/**
 * The same draw inputs apart from the shown frame's items: the same canvas, size, options, time,
 * assets, movie fields, other frames, and the shown frame's fields other than its items.
 */
function sameSurroundings(a: Inputs, b: Inputs): boolean {
  if (
    a.ctx !== b.ctx ||
    a.width !== b.width ||
    a.height !== b.height ||
    a.t !== b.t ||
    a.assets !== b.assets ||
    a.scale !== b.scale ||
    a.clearColor !== b.clearColor ||
    a.hostCover !== b.hostCover ||
    a.frameIndex !== b.frameIndex
  )
    return false;
  if (!sameFields(a.movie, b.movie, 'frames') || a.movie.frames.length !== b.movie.frames.length) return false;
  return a.movie.frames.every((frame, i) => {
    const other = b.movie.frames[i]!;
    return i === a.frameIndex ? sameFields<Frame>(frame, other, 'items') : frame === other;
  });
}

/** The one item of the shown frame that is a new value since `before` (same place, same id), or null. */
function changedItem(before: Inputs, now: Inputs): string | null {
  const was = before.movie.frames[before.frameIndex]!.items;
  const is = now.movie.frames[now.frameIndex]!.items;
  if (was.length !== is.length) return null;
  let changed: string | null = null;
  for (let i = 0; i < is.length; i++) {
    if (was[i] === is[i]) continue;
    if (changed !== null || was[i]!.id !== is[i]!.id) return null;
    changed = is[i]!.id;
  }
  return changed;
}

/** Every item but the one with `liveId` is the same value, in the same place, in both lists. */
function sameBut(a: readonly Item[], b: readonly Item[], liveId: string): boolean {
  return a.length === b.length && a.every((item, i) => item === b[i] || (item.id === liveId && b[i]!.id === liveId));
}

/**
 * The asset source a drawing sees, noting whether it asked for a video frame: a clip's frame
 * may arrive later for the same time (a seeking `<video>`), so pixels drawn from one are not kept.
 */
function watching(assets: AssetSource): { assets: AssetSource; readVideo: boolean } {
  const watch = {
    readVideo: false,
    assets: {
      image: (url: string) => assets.image(url),
      videoFrame: (url: string, time: number) => {
        watch.readVideo = true;
        return assets.videoFrame(url, time);
      },
      ...(assets.videoDuration && { videoDuration: (url: string) => assets.videoDuration!(url) }),
      ...(assets.createCanvas && { createCanvas: (w: number, h: number) => assets.createCanvas!(w, h) }),
      ...(assets.isOpaque && { isOpaque: (url: string) => assets.isOpaque!(url) }),
    } as AssetSource,
  };
  return watch;
}

/**
 * A LayeredDrawing (D98). A draw keeps what lies under an item when that item is the only value
 * that changed since the previous draw (immutable documents: an unchanged item is the same
 * object), and reuses the kept pixels while only that item keeps changing. Anything else that
 * changes — another item, the order, the time, the frame's or the movie's fields, the assets, the
 * canvas or its size, the options — draws the whole frame again. Nothing is kept across a frame
 * transition, a host-composited cover, an opaque picture covering the stage above the item (it
 * hides the item), or when what lies under the item shows a video frame.
 *
 * Why the pixels equal `drawFrame`'s: the kept pixels are copied out of the very canvas after
 * `drawPlan` drew what lies under the item there, and copied back whole (`copy`, no smoothing, no
 * transform); the item and everything above it are then drawn with the same calls as
 * `drawFrame` makes, on those same pixels.
 */
export function createLayeredDrawing(): LayeredDrawing {
  let last: Inputs | null = null;
  let kept: Kept | null = null;
  /** The offscreen canvas the kept pixels live in, reused while the size holds. */
  let surface: { canvas: HostCanvas; ctx: Ctx2D } | null = null;
  /** The last item whose under part showed a video frame, and the items then: not kept again. */
  let overVideo: { liveId: string; items: readonly Item[] } | null = null;
  const watchers = new WeakMap<AssetSource, ReturnType<typeof watching>>();

  const surfaceFor = (assets: AssetSource, width: number, height: number) => {
    if (surface && surface.canvas.width === width && surface.canvas.height === height) return surface;
    const canvas = assets.createCanvas?.(width, height);
    const ctx = canvas?.getContext('2d');
    surface = canvas && ctx ? { canvas, ctx } : null;
    return surface;
  };

  return {
    draw(ctx, movie, t, assets, options = {}) {
      let watch = watchers.get(assets);
      if (!watch) {
        watch = watching(assets);
        watchers.set(assets, watch);
      }
      const plan = planFrame(ctx, movie, t, watch.assets, options);
      const inputs = inputsOf(plan, ctx, movie, t, assets);
      const before = last;
      last = inputs;
      if (!inputs || !plan.at || !splittable(plan)) {
        kept = null;
        drawPlan(plan);
        return 'whole';
      }
      const { frame, local } = plan.at;
      const stack = stackAt(frame.items, local);
      const cover = plan.cover.index;
      // What lies under the item is drawn from these: reuse the kept pixels when they still hold.
      if (kept && sameSurroundings(kept.inputs, inputs) && sameBut(kept.items, frame.items, kept.liveId)) {
        const index = kept.index;
        const reusable =
          stack[index]?.id === kept.liveId && sameBut(kept.stack, stack, kept.liveId) && cover === kept.cover;
        if (reusable) {
          const from = kept.canvas;
          drawPlan(plan, { index, restore: (target) => copyWhole(from, target) });
          return 'reused';
        }
      }
      kept = null;
      let liveId = before && sameSurroundings(before, inputs) ? changedItem(before, inputs) : null;
      if (liveId !== null && overVideo?.liveId === liveId && sameBut(overVideo.items, frame.items, liveId))
        liveId = null;
      const index = liveId === null ? -1 : stack.findIndex((item) => item.id === liveId);
      const into = index >= 0 && (cover < 0 || cover > index) ? surfaceFor(assets, inputs.width, inputs.height) : null;
      if (!into || liveId === null || supportsFilter(into.ctx) !== supportsFilter(ctx)) {
        drawPlan(plan);
        return 'whole';
      }
      watch.readVideo = false;
      let underVideo = false;
      const keep = (source: Ctx2D) => {
        underVideo = watch.readVideo;
        copyWhole(source.canvas, into.ctx);
      };
      drawPlan(plan, { index, keep });
      if (underVideo) overVideo = { liveId, items: frame.items };
      else kept = { ...into, inputs, liveId, items: frame.items, stack, index, cover };
      return 'kept';
    },
  };
}

/** Copies a whole canvas onto another of the same size, pixel for pixel. */
function copyWhole(from: HostCanvas | Ctx2D['canvas'], to: Ctx2D): void {
  to.save();
  to.setTransform(1, 0, 0, 1, 0, 0);
  to.globalAlpha = 1;
  to.globalCompositeOperation = 'copy';
  to.imageSmoothingEnabled = false;
  if ('filter' in to) to.filter = 'none';
  to.shadowColor = 'rgba(0, 0, 0, 0)';
  to.drawImage(from as unknown as CanvasImageSource, 0, 0);
  to.restore();
}
