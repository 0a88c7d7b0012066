/**
 * How a long video is split into chunks for worker processes (D76): whole segments of the
 * movie's plan (`segments.ts`, D75), in order, about `chunkSeconds` of video each. A chunk draws
 * its segments into the segment store; the join is then a render whose segments are all stored.
 */
import { type Movie, movieDuration } from '@reelwright/core';
import { outputSize, shareUnits } from './pipeline';
import { type FrameRange, planSegments } from './segments';

/** A movie's size, rate and length as a render draws it. */
export type MovieGeometry = { width: number; height: number; fps: number; frames: number };

/** The geometry `renderMovie` would use for these options. */
export function movieGeometry(movie: Movie, options: { width?: number; height?: number; fps?: number }): MovieGeometry {
  const fps = options.fps ?? 30;
  return { ...outputSize(movie, options.width, options.height), fps, frames: Math.round(movieDuration(movie) * fps) };
}

/** How a long video is cut (config.render): when, and into how many chunks. */
export type ChunkSizing = {
  /** Longer videos are split, into chunks no longer than this; 0 never splits. */
  chunkSeconds: number;
  /** Free worker slots never cut chunks shorter than this. */
  minChunkSeconds?: number;
  maxChunks?: number;
};

/**
 * Chunks a video is split into (D87): 1 (not split) up to `chunkSeconds`; else as many as
 * worker slots are free, but at least enough for chunks of `chunkSeconds`, and at most
 * `maxChunks` and as many as leave `minChunkSeconds` each.
 */
export function chunkCount(geometry: MovieGeometry, sizing: ChunkSizing, freeSlots = 0): number {
  const seconds = geometry.frames / geometry.fps;
  if (sizing.chunkSeconds <= 0 || seconds <= sizing.chunkSeconds) return 1;
  const fewest = Math.ceil(seconds / sizing.chunkSeconds);
  const byLength = sizing.minChunkSeconds ? Math.floor(seconds / sizing.minChunkSeconds) : fewest;
  const most = Math.max(fewest, Math.min(sizing.maxChunks ?? fewest, byLength));
  return Math.min(most, Math.max(fewest, freeSlots));
}

/**
 * The chunks of a movie: frame ranges made of whole segments, each about the same length (a
 * movie of fewer segments than `count` gets one chunk per segment).
 */
export function chunkRangesOf(movie: Movie, fps: number, count: number): FrameRange[] {
  return shareUnits(planSegments(movie, fps), count).map((share) => ({
    first: share[0]!.first,
    end: share.at(-1)!.end,
  }));
}

/** The plan's indexes of the segments a chunk's frames hold. */
export function segmentsOfChunk(movie: Movie, fps: number, chunk: FrameRange): number[] {
  return planSegments(movie, fps).flatMap((segment, i) =>
    segment.first >= chunk.first && segment.end <= chunk.end ? [i] : [],
  );
}
