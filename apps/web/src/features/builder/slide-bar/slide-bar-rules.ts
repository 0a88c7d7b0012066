/**
 * The slide bar's pure rules: the poster time of a thumbnail, its size, the duration label,
 * where a drop lands, and what a screen reader hears while a slide is dragged.
 */

type Size = { width: number; height: number };

/** The box a thumbnail fits in, CSS px: the column is about 170 px wide. */
export const THUMBNAIL_BOX: Size = { width: 146, height: 110 };

/** A thumbnail is drawn at most at this many device pixels per CSS pixel. */
const MAX_PIXEL_RATIO = 2;

/**
 * The instant of the slide a thumbnail shows: 1.5 s in, or 40% of a shorter slide. Not 0 — many
 * items fade or slide in at 0 (shows last 0.5 s by default, a split text staggers longer, the
 * slide's own transition runs too), so the first instant is often nearly empty. Not the middle —
 * narration slides are long and items placed later would stand in for the slide. Early but past
 * the entrances, before a short slide's hide effects. The same rule as the wizard's slide
 * previews (`SlidePreview`), so a slide looks the same in both.
 */
export function posterTime(duration: number): number {
  return Math.max(0, Math.min(1.5, duration * 0.4));
}

/** The duration under a thumbnail, one decimal: "5.0 s". */
export function formatSlideDuration(duration: number): string {
  return `${duration.toFixed(1)} s`;
}

/**
 * A thumbnail's size: the movie's aspect fitted in `box` (CSS px), and the drawing buffer in
 * device pixels (sharp on high-DPI screens, capped at 2× and at the movie's own size).
 */
export function thumbnailSize(movie: Size, devicePixelRatio: number, box: Size = THUMBNAIL_BOX) {
  const fit = Math.min(box.width / movie.width, box.height / movie.height);
  const css = { width: Math.round(movie.width * fit), height: Math.round(movie.height * fit) };
  const ratio = Math.min(MAX_PIXEL_RATIO, devicePixelRatio > 0 ? devicePixelRatio : 1);
  const scale = Math.min(1, (css.width * ratio) / movie.width);
  const pixels = {
    width: Math.max(1, Math.round(movie.width * scale)),
    height: Math.max(1, Math.round(movie.height * scale)),
  };
  return { css, pixels };
}

/** The index a dragged slide moves to when dropped over `overId`; null when nothing moves. */
export function dropIndex(ids: readonly string[], activeId: string, overId: string | null): number | null {
  if (overId === null || overId === activeId) return null;
  const from = ids.indexOf(activeId);
  const to = ids.indexOf(overId);
  return from < 0 || to < 0 ? null : to;
}

/** What a screen reader hears during a keyboard or pointer drag: slides by number, not by id. */
export function dragAnnouncements(ids: () => readonly string[]) {
  const position = (id: string | number | undefined) => ids().indexOf(String(id)) + 1;
  return {
    onDragStart: ({ active }: { active: { id: string | number } }) =>
      `Picked up slide ${position(active.id)} of ${ids().length}.`,
    onDragOver: ({ active, over }: { active: { id: string | number }; over: { id: string | number } | null }) =>
      over
        ? `Slide ${position(active.id)} is over position ${position(over.id)}.`
        : `Slide ${position(active.id)} is no longer over the list.`,
    onDragEnd: ({ active, over }: { active: { id: string | number }; over: { id: string | number } | null }) =>
      over
        ? `Slide ${position(active.id)} was moved to position ${position(over.id)}.`
        : `Slide ${position(active.id)} was dropped outside the list and did not move.`,
    onDragCancel: ({ active }: { active: { id: string | number } }) =>
      `Moving canceled. Slide ${position(active.id)} stays where it was.`,
  };
}

/** Read out when a slide card takes focus. */
export const DRAG_INSTRUCTIONS =
  'Enter opens the slide. To reorder, press Space to pick it up, the up and down arrows to move it, ' +
  'Space to drop it, or Escape to cancel.';
