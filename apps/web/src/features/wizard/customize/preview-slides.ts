import { FREE_MAX_VIDEO_SLIDES } from '@reelwright/core';

/** The customize preview shows this many slides until the member loads all (spec 001 §2, §9). */
export const PREVIEW_SLIDE_COUNT = 5;

export type PreviewSlides<T> = {
  /** The slides the preview is built from. */
  shown: T[];
  /** The slides the video gets: all, or the first 15 for free accounts. */
  inVideo: number;
  /** Slides the preview leaves out until 'Load all slides'. */
  hidden: number;
  /** Slides a free account's video leaves out (beyond 15). */
  leftOut: number;
};

/**
 * Which slides the customize preview shows (spec 001 §2, §6, §9): the first 5 until the member
 * loads all, and never more than the video gets (15 for free accounts). The contact slides are
 * added to the preview whatever this answers.
 */
export function previewSlides<T>(
  slides: readonly T[],
  options: { isFree: boolean; showAll: boolean },
): PreviewSlides<T> {
  const inVideo = options.isFree ? Math.min(slides.length, FREE_MAX_VIDEO_SLIDES) : slides.length;
  const shownCount = options.showAll ? inVideo : Math.min(inVideo, PREVIEW_SLIDE_COUNT);
  return {
    shown: slides.slice(0, shownCount),
    inVideo,
    hidden: inVideo - shownCount,
    leftOut: slides.length - inVideo,
  };
}
