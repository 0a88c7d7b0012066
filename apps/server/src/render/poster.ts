/**
 * A project's poster frame (D69): one still of the movie drawn by the scene renderer, small,
 * encoded as WebP. The render pipeline's own parts are reused: the media resolver fetches remote
 * and stored media as renders do, and the render host loads them; only the slide shown at the
 * poster's moment is prepared, so a long movie costs no more than a short one.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createCanvas } from '@napi-rs/canvas';
import { type Movie, MovieSchema } from '@reelwright/core';
import { collectAssets, drawFrame, prepareAssets } from '@reelwright/scene';
import { renderHost } from './host';
import { localizeMovie, type MediaResolver } from './media-resolver';
import { asGiven, MissingAssetsError } from './pipeline';
import { isReadable, UnsupportedSourceError } from './sources';

/** Width of a poster; the height follows the movie's aspect. Twice the largest list box, for sharp screens. */
export const POSTER_WIDTH = 480;
/** WebP quality: smaller than JPEG at the same look; every browser the app supports shows it. */
const POSTER_QUALITY = 80;
/**
 * Changes whenever the poster's look changes (its moment, size or format), so posters drawn by
 * an older rule are drawn again once.
 */
export const POSTER_VERSION = 1;

/**
 * The moment a poster shows: the middle of the first slide that has items (its entrance
 * animations are over, its exit ones not begun), or of the first slide when none has any.
 * `frameIndex` is that slide; `local` the time inside it. Null for a movie without slides.
 */
export function posterMoment(movie: Pick<Movie, 'frames'>): { frameIndex: number; local: number } | null {
  if (movie.frames.length === 0) return null;
  const found = movie.frames.findIndex((frame) => frame.items.length > 0);
  const frameIndex = Math.max(0, found);
  return { frameIndex, local: movie.frames[frameIndex]!.duration / 2 };
}

/** The movie has no slides: there is nothing to show but its background. */
export class NoSlidesError extends Error {
  constructor() {
    super('The movie has no slides to draw a poster of.');
    this.name = 'NoSlidesError';
  }
}

export type PosterOptions = {
  /** The movie (validated here with MovieSchema). */
  movie: unknown;
  /** The operator's folder for media paths and `file:` urls (benches); absent, they are refused as in renders. */
  localFiles?: string;
  /** Fetches remote and stored media to local files, as renders do. */
  resolveMedia: MediaResolver;
  width?: number;
};

export type Poster = { image: Buffer; width: number; height: number; contentType: 'image/webp' };

/**
 * Draws the poster. Throws MissingAssetsError when a font or medium of the poster's slide cannot
 * be had (a poster with a hole would misrepresent the video), UnsupportedSourceError for media
 * no resolver can read, and NoSlidesError for a movie without slides.
 */
export async function drawPoster(options: PosterOptions): Promise<Poster> {
  const parsed = MovieSchema.parse(options.movie);
  const moment = posterMoment(parsed);
  if (!moment) throw new NoSlidesError();
  // The slide alone: its time is the poster's whole movie, so only its assets load.
  const slide: Movie = { ...parsed, frames: [parsed.frames[moment.frameIndex]!] };
  const needs = collectAssets(slide);
  const urls = [...needs.images, ...needs.videos];
  const media = await options.resolveMedia(urls);
  if (media.failures.length > 0) {
    throw new MissingAssetsError(
      media.failures.map((f) => ({
        kind: needs.videos.includes(f.url) ? 'video' : 'image',
        ref: f.url,
        reason: f.reason,
      })),
    );
  }
  const localFiles = options.localFiles !== undefined;
  const unreadable = urls.filter((url) => !media.files.has(url) && !isReadable(url, { localFiles }));
  if (unreadable.length > 0) throw new UnsupportedSourceError(unreadable);
  const movie = localizeMovie(slide, media.files);

  const width = options.width ?? POSTER_WIDTH;
  const height = Math.max(1, Math.round((width * movie.size.height) / movie.size.width));
  const tmpDir = await mkdtemp(path.join(tmpdir(), 'reelwright-poster-'));
  try {
    const { assets, missing } = await prepareAssets(
      movie,
      renderHost(path.resolve(options.localFiles ?? '.'), tmpDir, 30, width, height),
    );
    if (missing.length > 0) {
      throw asGiven(new MissingAssetsError(missing), new Map([...media.files].map(([url, file]) => [file, url])));
    }
    const canvas = createCanvas(width, height);
    drawFrame(canvas.getContext('2d') as unknown as CanvasRenderingContext2D, movie, moment.local, assets);
    return { image: await canvas.encode('webp', POSTER_QUALITY), width, height, contentType: 'image/webp' };
  } finally {
    await rm(tmpDir, { recursive: true, force: true });
  }
}
