/**
 * One chunk of a render: ranges of frames [first, end) of a movie drawn with the scene renderer
 * and converted to I420. Runs on a worker thread (`chunk-worker.ts`), which hands the frames to
 * the pipeline's encoders (one per chunk, or one per segment with a segment store: D75).
 */
import { writeFile } from 'node:fs/promises';
import { setImmediate as yieldToLoop } from 'node:timers/promises';
import { createCanvas, type Image } from '@napi-rs/canvas';
import { frameAt, type Movie, NO_BACKGROUND } from '@reelwright/core';
import {
  type AssetSource,
  type CoverPicture,
  collectAssets,
  drawFrame,
  frameCover,
  frameSignature,
  type MissingAsset,
  prepareAssets,
} from '@reelwright/scene';
import { drawsAsSkia } from './cover';
import type { FrameSlots } from './frame-slots';
import { renderHost } from './host';
import type { FrameRange } from './segments';
import type { I420Converter } from './yuv';

/** What a chunk renders. */
export type ChunkJob = {
  movie: Movie;
  baseDir: string;
  tmpDir: string;
  width: number;
  height: number;
  fps: number;
  /** The frames to draw, in order: ranges [first, end) of the whole movie's numbering. */
  ranges: FrameRange[];
  /** A JPEG thumbnail to draw first: time in seconds, size, file. */
  thumbnail?: { time: number; width: number; height: number; file: string };
};

/** Indexes of the slides a chunk draws (its frames' and its thumbnail's). */
function slidesDrawn(job: ChunkJob): Set<number> {
  const slides = new Set<number>();
  for (const { first, end } of job.ranges) {
    for (let frame = first; frame < end; frame++) slides.add(frameAt(job.movie, frame / job.fps)?.index ?? 0);
  }
  if (job.thumbnail) slides.add(frameAt(job.movie, job.thumbnail.time)?.index ?? 0);
  return slides;
}

/**
 * Loads the assets of the slides a chunk draws (images, clips at the output rate) and the fonts of
 * the whole movie: a segment's text draws the same whichever faces its own slides need (Skia
 * falls back across registered faces), and registering a face costs little.
 */
export async function prepareChunk(job: ChunkJob): Promise<{ assets: AssetSource; missing: MissingAsset[] }> {
  const host = renderHost(job.baseDir, job.tmpDir, job.fps, job.width, job.height);
  const fonts = collectAssets(job.movie).fonts;
  await Promise.all(fonts.map((f) => host.loadFont(f.family, f.weight, f.style).catch(() => false)));
  const drawn = slidesDrawn(job);
  const movie: Movie = {
    ...job.movie,
    frames: job.movie.frames.map((frame, i) =>
      drawn.has(i) ? frame : { ...frame, items: [], background: NO_BACKGROUND },
    ),
  };
  return prepareAssets(movie, host);
}

/** Draws one frame of the movie at `time` into a JPEG of `width × height` (quality 85). */
export async function drawThumbnail(
  movie: Movie,
  assets: AssetSource,
  thumbnail: NonNullable<ChunkJob['thumbnail']>,
): Promise<void> {
  const canvas = createCanvas(thumbnail.width, thumbnail.height);
  drawFrame(canvas.getContext('2d') as unknown as CanvasRenderingContext2D, movie, thumbnail.time, assets);
  await writeFile(thumbnail.file, await canvas.encode('jpeg', 85));
}

/**
 * Keeps the cover's picture as the converter's unless it already is; false when the converter
 * cannot draw it as Skia would (scaled down below ½, or too large). Its pixels are read once,
 * through a canvas of its own size.
 */
function keepCover(converter: I420Converter, { url, source, size, rect }: CoverPicture): boolean {
  if (!drawsAsSkia(rect, size)) return false;
  if (converter.coverKey === url) return true;
  const canvas = createCanvas(size.width, size.height);
  canvas.getContext('2d').drawImage(source as unknown as Image, 0, 0);
  return converter.setCover(url, canvas.data(), size.width, size.height);
}

/** The frame numbers of ranges, in order. */
function* framesOf(ranges: FrameRange[]): Generator<number> {
  for (const { first, end } of ranges) for (let frame = first; frame < end; frame++) yield frame;
}

/**
 * Draws the chunk's frames, converts each into a free slot of `converter` and hands the slot to
 * `send` (holding it in `slots` until the write is released). A frame whose `frameSignature`
 * equals the previous frame's is not drawn or converted again: its slot is sent once more
 * (DESIGN §7). A frame over an opaque picture filling it (`frameCover`, the wizard's photo slides)
 * is composed by the converter instead (D31): Skia draws only what lies above the picture, and
 * only when that changes; the converter draws the picture, as Skia would, beneath it.
 */
export async function drawChunk(
  job: ChunkJob,
  assets: AssetSource,
  converter: I420Converter,
  slots: FrameSlots,
  send: (slot: number) => void,
  signal?: AbortSignal,
): Promise<void> {
  const { movie, fps, width, height } = job;
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d') as unknown as CanvasRenderingContext2D;
  /** The signature of the frame in `slot`, and of the overlay the converter keeps. */
  let shown: string | null = null;
  let above: string | null = null;
  let slot = -1;
  /** Reads the canvas back; the 8 MB read is garbage right after `use`. */
  const readBack = (use: (rgba: Uint8Array) => void) => {
    use(canvas.data());
    // A young-generation collection (about 0.06 ms) frees the read-back at once; left alone, such
    // buffers pile up until their external memory makes V8 run full collections, which cost more
    // (D30). `gc` exists when the process was started with --expose-gc, as the render scripts do.
    globalThis.gc?.({ type: 'minor' });
  };
  for (const frame of framesOf(job.ranges)) {
    signal?.throwIfAborted();
    const time = frame / fps;
    const signature = frameSignature(movie, time);
    if (slot < 0 || signature === null || signature !== shown) {
      const cover = converter.composes ? frameCover(ctx, movie, time, assets) : null;
      if (cover && keepCover(converter, cover)) {
        const overlay = frameSignature(movie, time, cover.itemId);
        if (overlay === null || overlay !== above) {
          drawFrame(ctx, movie, time, assets, { hostCover: true });
          readBack((rgba) => converter.setOverlay(rgba));
        }
        above = overlay;
        slot = await slots.free(signal);
        converter.compose(cover.rect, slot);
      } else {
        above = null;
        drawFrame(ctx, movie, time, assets);
        slot = await slots.free(signal);
        readBack((rgba) => converter.convert(rgba, slot));
      }
    }
    shown = signature;
    slots.hold(slot);
    send(slot);
    // The pixels of `canvas.data()` are freed by a finaliser that runs between event-loop
    // turns: yield once a frame, or every frame's 8 MB stays in memory and each read gets
    // fresh pages (10 ms instead of 1.5 ms a frame at 1080p).
    await yieldToLoop();
  }
}
