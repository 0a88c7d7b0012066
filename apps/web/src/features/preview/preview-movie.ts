import type { Movie } from '@reelwright/core';

/** How much of a project the preview page plays (spec 002 §2, §9). */
export const PREVIEW_LIMITS = { frames: 4, firstFrameItems: 4 } as const;

/**
 * The part of a movie the preview page shows (spec 002 §2 "Preview page", §9): its first 4
 * frames, and of the first frame only its first 4 items (top layers first). Everything else of
 * the movie (size, music, watermark) is kept; the input is not changed.
 */
export function previewMovie(movie: Movie): Movie {
  const frames = movie.frames
    .slice(0, PREVIEW_LIMITS.frames)
    .map((frame, index) =>
      index === 0 && frame.items.length > PREVIEW_LIMITS.firstFrameItems
        ? { ...frame, items: frame.items.slice(0, PREVIEW_LIMITS.firstFrameItems) }
        : frame,
    );
  return { ...movie, frames };
}
