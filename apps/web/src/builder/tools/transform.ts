import type { Box, Px } from '@reelwright/core';
import type { StagePoint, StageSize } from './geometry';
import { type SnapLines, snapEdge } from './snapping';

/** Smallest width and height an item can be resized to on the stage, px (spec 002 §5, §9). */
export const MIN_RESIZE_PX = 30;
/** Shift turns rotation in steps of this many degrees. */
export const ROTATE_STEP_DEGREES = 15;

/** A resize handle: which way it pulls along the box's own x and y axes (-1, 0 or 1). */
export type ResizeHandle = 'nw' | 'n' | 'ne' | 'e' | 'se' | 's' | 'sw' | 'w';
export const RESIZE_HANDLES: readonly ResizeHandle[] = ['nw', 'n', 'ne', 'e', 'se', 's', 'sw', 'w'];

export function handleDirection(handle: ResizeHandle): { hx: -1 | 0 | 1; hy: -1 | 0 | 1 } {
  return {
    hx: handle.includes('w') ? -1 : handle.includes('e') ? 1 : 0,
    hy: handle.includes('n') ? -1 : handle.includes('s') ? 1 : 0,
  };
}

type PxBox = { x: Px; y: Px; width: Px; height: Px; rotate: number };

export function boxToStagePx(box: Box, stage: StageSize): PxBox {
  return {
    x: box.left * stage.width,
    y: box.top * stage.height,
    width: box.width * stage.width,
    height: box.height * stage.height,
    rotate: box.rotate,
  };
}

/**
 * The box after pulling `handle` by `delta` stage px (spec 002 §5): the opposite side stays put,
 * width and height stay at 30 px or more, left and top at 0 or more. `keepRatio` (Shift on a
 * corner) keeps the proportions; edges of an upright box snap to `lines`.
 */
export function resizeBox(
  start: Box,
  handle: ResizeHandle,
  delta: StagePoint,
  stage: StageSize,
  options: { keepRatio?: boolean; lines?: SnapLines; threshold?: Px } = {},
): Pick<Box, 'left' | 'top' | 'width' | 'height'> {
  const box = boxToStagePx(start, stage);
  const { hx, hy } = handleDirection(handle);
  const angle = (box.rotate * Math.PI) / 180;
  const cos = Math.cos(angle);
  const sin = Math.sin(angle);
  // The pointer's movement along the box's own axes.
  const along = { x: delta.x * cos + delta.y * sin, y: -delta.x * sin + delta.y * cos };
  let width = box.width + hx * along.x;
  let height = box.height + hy * along.y;

  if (!box.rotate && options.lines) {
    const threshold = options.threshold ?? 0;
    if (hx === 1) width = snapEdge(box.x + width, options.lines.x, threshold) - box.x;
    if (hx === -1) width = box.x + box.width - snapEdge(box.x + box.width - width, options.lines.x, threshold);
    if (hy === 1) height = snapEdge(box.y + height, options.lines.y, threshold) - box.y;
    if (hy === -1) height = box.y + box.height - snapEdge(box.y + box.height - height, options.lines.y, threshold);
  }
  if (options.keepRatio && hx !== 0 && hy !== 0) {
    const scale = Math.max(width / box.width, height / box.height);
    width = box.width * scale;
    height = box.height * scale;
  }
  const minScale = Math.max(MIN_RESIZE_PX / width, MIN_RESIZE_PX / height, 1);
  if (options.keepRatio && hx !== 0 && hy !== 0 && minScale > 1) {
    width *= minScale;
    height *= minScale;
  }
  width = Math.max(width, MIN_RESIZE_PX);
  height = Math.max(height, MIN_RESIZE_PX);

  // The anchor (the side or corner opposite the handle) keeps its place on the stage.
  const centre = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  const anchor = rotateOffset(centre, (-hx * box.width) / 2, (-hy * box.height) / 2, cos, sin);
  const newCentre = rotateOffset(anchor, (hx * width) / 2, (hy * height) / 2, cos, sin);
  let left = newCentre.x - width / 2;
  let top = newCentre.y - height / 2;

  // Keep left and top at 0 or more by shortening the side being pulled past the edge.
  if (left < 0) {
    if (hx === -1 && !box.rotate) width += left;
    left = 0;
  }
  if (top < 0) {
    if (hy === -1 && !box.rotate) height += top;
    top = 0;
  }
  return {
    left: left / stage.width,
    top: top / stage.height,
    width: Math.max(width, MIN_RESIZE_PX) / stage.width,
    height: Math.max(height, MIN_RESIZE_PX) / stage.height,
  };
}

function rotateOffset(origin: StagePoint, dx: number, dy: number, cos: number, sin: number): StagePoint {
  return { x: origin.x + dx * cos - dy * sin, y: origin.y + dx * sin + dy * cos };
}

/** The rotation after turning the pointer about the box centre from `from` to `to`; Shift steps by 15°. */
export function rotateBox(start: number, centre: StagePoint, from: StagePoint, to: StagePoint, step = false): number {
  const a0 = Math.atan2(from.y - centre.y, from.x - centre.x);
  const a1 = Math.atan2(to.y - centre.y, to.x - centre.x);
  let degrees = start + ((a1 - a0) * 180) / Math.PI;
  if (step) degrees = Math.round(degrees / ROTATE_STEP_DEGREES) * ROTATE_STEP_DEGREES;
  degrees = ((((degrees + 180) % 360) + 360) % 360) - 180;
  return Math.round(degrees * 100) / 100;
}
