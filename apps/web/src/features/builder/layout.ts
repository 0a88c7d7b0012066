/** The bottom panel's default height, its least, and the least it leaves the stage (spec 002 §2). */
export const BOTTOM_PANEL_DEFAULT = 150;
export const BOTTOM_PANEL_MIN = 50;
export const STAGE_MIN_HEIGHT = 250;
/** Below this width the builder shows only its desktop message (spec 002 §1). */
export const DESKTOP_MIN_WIDTH = 1024;
export const DESKTOP_MESSAGE =
  'The full video editor app is designed for desktop. Please use a desktop computer to view this page.';

/** The bottom panel's height within the room there is: at least 50 px, and at least 250 px left above it. */
export function clampBottomPanel(height: number, room: number): number {
  return Math.round(Math.max(BOTTOM_PANEL_MIN, Math.min(height, room - STAGE_MIN_HEIGHT)));
}

/** The stage's scale: the movie fitted into the area, never above 1 (the stage at scale 1 is the movie size). */
export function fitScale(area: { width: number; height: number }, movie: { width: number; height: number }): number {
  if (area.width <= 0 || area.height <= 0) return 0;
  return Math.min(1, area.width / movie.width, area.height / movie.height);
}
