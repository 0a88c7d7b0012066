import type { Abilities } from '@reelwright/core';

/** The customize preview shows this many slides until the member loads all (spec 001 §2, §9). */
export const PREVIEW_SLIDE_COUNT = 5;

export type PreviewSlides<T> = {
  /** The slides the preview is built from. */
  shown: T[];
  /** The slides the video gets: all, or as many as the member's abilities allow (15 for free accounts). */
  inVideo: number;
  /** Slides the preview leaves out until 'Load all slides'. */
  hidden: number;
  /** Slides the video leaves out (a free account's beyond 15). */
  leftOut: number;
};

/**
 * Which slides the customize preview shows (spec 001 §2, §6, §9): the first 5 until the member
 * loads all, and never more than the video gets (15 for free accounts). The contact slides are
 * added to the preview whatever this answers.
 */
export function previewSlides<T>(
  slides: readonly T[],
  options: { abilities: Pick<Abilities, 'maxVideoSlides'>; showAll: boolean },
): PreviewSlides<T> {
  const max = options.abilities.maxVideoSlides;
  const inVideo = max === null ? slides.length : Math.min(slides.length, max);
  const shownCount = options.showAll ? inVideo : Math.min(inVideo, PREVIEW_SLIDE_COUNT);
  return {
    shown: slides.slice(0, shownCount),
    inVideo,
    hidden: inVideo - shownCount,
    leftOut: slides.length - inVideo,
  };
}
