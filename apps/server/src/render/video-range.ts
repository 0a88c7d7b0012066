/**
 * One frame range of a movie to a video-only H.264 segment, for renders split across worker
 * processes (docs/decisions.md D76). The same worker thread and encoder as `renderMovie`'s
 * chunks (`startChunk`), so segments of the same ranges are the same pictures; segments made
 * anywhere join without re-encoding (`assemble.ts`).
 */
import { mkdtemp, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { audioPlan, type Movie, movieDuration } from '@reelwright/core';
import { collectAssets } from '@reelwright/scene';
import { localizeMovie, type MediaResolver } from './media-resolver';
import { even, kindOf, MissingAssetsError, outputSize, startChunk, THUMBNAIL_WIDTH, thumbnailTime } from './pipeline';
import { isReadable, UnsupportedSourceError } from './sources';
import { chunkWorkerUrl } from './worker-bundle';

/** A movie's size, rate and length as a render draws it. */
export type MovieGeometry = { width: number; height: number; fps: number; frames: number };

/** The geometry `renderMovie` would use for these options. */
export function movieGeometry(movie: Movie, options: { width?: number; height?: number; fps?: number }): MovieGeometry {
  const fps = options.fps ?? 30;
  return { ...outputSize(movie, options.width, options.height), fps, frames: Math.round(movieDuration(movie) * fps) };
}

/** Chunks a video is split into: 1 (not split) up to its length, else about `chunkSeconds` each. */
export function chunkCount(geometry: MovieGeometry, settings: { chunkSeconds: number }): number {
  const seconds = geometry.frames / geometry.fps;
  if (settings.chunkSeconds <= 0 || seconds <= settings.chunkSeconds) return 1;
  return Math.ceil(seconds / settings.chunkSeconds);
}

/**
 * The movie with its remote and stored media fetched to local files (as `renderMovie` does
 * first); throws UnsupportedSourceError or MissingAssetsError as it does.
 */
export async function localMovie(movie: Movie, resolveMedia: MediaResolver): Promise<Movie> {
  const needs = collectAssets(movie);
  const urls = [...new Set([...needs.images, ...needs.videos, ...audioPlan(movie).map((c) => c.url)])];
  const media = await resolveMedia(urls);
  const failed = new Set(media.failures.map((f) => f.url));
  const remote = urls.filter((url) => !media.files.has(url) && !failed.has(url) && !isReadable(url));
  if (remote.length > 0) throw new UnsupportedSourceError(remote);
  const unfetched = media.failures.map((f) => ({ kind: kindOf(f.url, needs), ref: `${f.url} (${f.reason})` }));
  if (unfetched.length > 0) throw new MissingAssetsError(unfetched);
  return localizeMovie(movie, media.files);
}

/** What `renderVideoRange` draws: frames [first, end) of a movie already made local. */
export type VideoRange = MovieGeometry & {
  movie: Movie;
  /** Relative media paths resolve against it. */
  baseDir: string;
  first: number;
  end: number;
  /** The segment to write; replaced only when it is whole. */
  output: string;
  /** The movie's JPEG thumbnail to draw as well (`renderMovie`'s: about 1 s in, 640 px wide). */
  thumbnail?: string;
  /** Called once per frame handed to the encoder. */
  onFrame?: () => void;
};

/**
 * Draws and encodes one range into a video-only segment (closed GOPs, starting with a keyframe).
 * Throws MissingAssetsError when the range's assets cannot be loaded. The segment and the
 * thumbnail are written beside their names and renamed into place only when complete.
 */
export async function renderVideoRange(range: VideoRange): Promise<void> {
  const { movie, width, height, fps, frames, first, end } = range;
  // Beside the output, so the finished files are renamed into place on the same file system.
  const tmpDir = await mkdtemp(path.join(path.dirname(path.resolve(range.output)), '.range-'));
  const partial = path.join(tmpDir, 'segment.mp4');
  const thumbnailPartial = range.thumbnail ? path.join(tmpDir, 'thumbnail.jpg') : undefined;
  const worker = startChunk(await chunkWorkerUrl(), {
    movie,
    baseDir: path.resolve(range.baseDir),
    tmpDir,
    width,
    height,
    fps,
    first,
    end,
    thumbnail: thumbnailPartial
      ? {
          file: thumbnailPartial,
          time: thumbnailTime(movie, frames / fps),
          width: THUMBNAIL_WIDTH,
          height: even((THUMBNAIL_WIDTH * height) / width),
        }
      : undefined,
  });
  try {
    const { missing } = await worker.ready;
    if (missing.length > 0) throw new MissingAssetsError(missing);
    await worker.go(partial, () => range.onFrame?.());
    if (range.thumbnail && thumbnailPartial) await rename(thumbnailPartial, range.thumbnail);
    await rename(partial, range.output);
  } finally {
    await worker.stop();
    await rm(tmpDir, { recursive: true, force: true });
  }
}
