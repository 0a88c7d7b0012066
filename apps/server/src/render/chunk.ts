/**
 * One chunk of a render: frames [first, end) of a movie drawn with the scene renderer and
 * converted to I420. Runs on a worker thread (`chunk-worker.ts`), which hands the frames to the
 * pipeline's encoder of the chunk (DESIGN §7).
 */
import { writeFile } from 'node:fs/promises';
import { setImmediate as yieldToLoop } from 'node:timers/promises';
import { createCanvas } from '@napi-rs/canvas';
import type { Movie } from '@reelwright/core';
import { type AssetSource, drawFrame, frameSignature, type MissingAsset, prepareAssets } from '@reelwright/scene';
import { renderHost } from './host';
import { createI420Converter } from './yuv';

/** What a chunk renders. */
export type ChunkJob = {
  movie: Movie;
  baseDir: string;
  tmpDir: string;
  width: number;
  height: number;
  fps: number;
  /** First frame (inclusive) and end frame (exclusive) of the whole movie's numbering. */
  first: number;
  end: number;
  /** A JPEG thumbnail to draw first: time in seconds, size, file. */
  thumbnail?: { time: number; width: number; height: number; file: string };
};

/** Loads the movie's assets for a chunk (fonts, images, clips at the output rate). */
export async function prepareChunk(job: ChunkJob): Promise<{ assets: AssetSource; missing: MissingAsset[] }> {
  return prepareAssets(job.movie, renderHost(job.baseDir, job.tmpDir, job.fps, job.width, job.height));
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
 * Draws the chunk's frames and hands each to `send` as I420 bytes (`send` must copy them before
 * it resolves: the bytes are the converter's and change with the next frame). A frame whose
 * `frameSignature` equals the previous frame's is not drawn or converted again: the previous
 * frame's bytes are sent once more (DESIGN §7).
 */
export async function drawChunk(
  job: ChunkJob,
  assets: AssetSource,
  send: (i420: Uint8Array) => Promise<void>,
  signal?: AbortSignal,
): Promise<void> {
  const { movie, fps, width, height } = job;
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d') as unknown as CanvasRenderingContext2D;
  const converter = createI420Converter(width, height);
  let shown: string | null = null;
  let i420: Uint8Array | null = null;
  for (let frame = job.first; frame < job.end; frame++) {
    signal?.throwIfAborted();
    const signature = frameSignature(movie, frame / fps);
    if (!i420 || signature === null || signature !== shown) {
      drawFrame(ctx, movie, frame / fps, assets);
      i420 = converter.convert(canvas.data(), 0);
    }
    shown = signature;
    await send(i420);
    // The pixels of `canvas.data()` are freed by a finaliser that runs between event-loop
    // turns: yield once a frame, or every frame's 8 MB stays in memory and each read gets
    // fresh pages (10 ms instead of 1.5 ms a frame at 1080p).
    await yieldToLoop();
  }
}
