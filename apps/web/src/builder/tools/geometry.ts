import { type Frame, type Item, isVisible, type Px, type Seconds, stackAt } from '@reelwright/core';
import { boxAt } from '@reelwright/scene';

/** A point on the stage, in px of the stage at scale 1 (the movie's own size). */
export type StagePoint = { x: Px; y: Px };
export type StageSize = { width: Px; height: Px };

/** An item as drawn at an instant: its box in stage px and its rotation about the centre. */
export type DrawnBox = { x: Px; y: Px; width: Px; height: Px; rotate: number };

/** Items the stage can pick or snap to: visual items showing at the playhead. */
export function isOnStage(item: Item, playhead: Seconds): boolean {
  return item.type !== 'audio' && isVisible(item.timing, playhead);
}

/** Where the renderer draws the item at the playhead (keyframes and their scales included). */
export function drawnBox(item: Item, playhead: Seconds, stage: StageSize): DrawnBox {
  const box = boxAt(item.box, item.keyframes, Math.max(0, playhead - item.timing.start));
  const sx = box.scale * box.scaleX;
  const sy = box.scale * box.scaleY;
  const width = box.width * stage.width * sx;
  const height = box.height * stage.height * sy;
  const cx = (box.left + box.width / 2) * stage.width;
  const cy = (box.top + box.height / 2) * stage.height;
  return { x: cx - width / 2, y: cy - height / 2, width, height, rotate: box.rotate };
}

/** The point in the box's own frame: rotated back about its centre. */
export function toBoxFrame(box: DrawnBox, point: StagePoint): StagePoint {
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height / 2;
  const angle = (-box.rotate * Math.PI) / 180;
  const dx = point.x - cx;
  const dy = point.y - cy;
  return {
    x: cx + dx * Math.cos(angle) - dy * Math.sin(angle),
    y: cy + dx * Math.sin(angle) + dy * Math.cos(angle),
  };
}

export function boxContains(box: DrawnBox, point: StagePoint): boolean {
  const local = toBoxFrame(box, point);
  return local.x >= box.x && local.x <= box.x + box.width && local.y >= box.y && local.y <= box.y + box.height;
}

/**
 * The topmost item drawn under the point, rotation included: layers as the renderer stacks them
 * (the list is top layer first, unless keyframes set a z-index).
 */
export function itemAt(frame: Frame, playhead: Seconds, point: StagePoint, stage: StageSize): Item | null {
  for (const item of stackAt(frame.items, playhead)) {
    if (isOnStage(item, playhead) && boxContains(drawnBox(item, playhead, stage), point)) return item;
  }
  return null;
}

/** The axis-aligned bounds of a drawn box (a rotated box's corners included). */
export function bounds(box: DrawnBox): { left: Px; top: Px; right: Px; bottom: Px } {
  if (!box.rotate) return { left: box.x, top: box.y, right: box.x + box.width, bottom: box.y + box.height };
  const angle = (box.rotate * Math.PI) / 180;
  const halfW = (Math.abs(Math.cos(angle)) * box.width + Math.abs(Math.sin(angle)) * box.height) / 2;
  const halfH = (Math.abs(Math.sin(angle)) * box.width + Math.abs(Math.cos(angle)) * box.height) / 2;
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height / 2;
  return { left: cx - halfW, top: cy - halfH, right: cx + halfW, bottom: cy + halfH };
}
