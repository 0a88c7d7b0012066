import type { Frame, Item } from '@reelwright/core';
import {
  itemMotion as catalogueItemMotion,
  containerMotion,
  findEffect,
  paintContainerBackground,
  paintHighlighter,
  pickRandomContainerAnimation,
  splitUnitMotion,
} from '../motion/catalogue';
import type { Ctx2D, MotionState, Rect } from '../motion/types';
import { isIdentity } from './motion';

/* The one place the drawing code reaches into the motion catalogue (src/motion). */

const itemDuration = (item: Item) => item.timing.stop - item.timing.start;

/** The item's show, hide and stay motion at a local playhead (stay only when its text is split). */
export function itemMotion(item: Item, local: number): MotionState {
  const split = item.type === 'text' && !!item.fx.split;
  const fx = split ? { stay: item.fx.stay } : item.fx;
  return catalogueItemMotion(fx, local, itemDuration(item));
}

/**
 * A frame's transition at `local` seconds into it: the show effect over its first `duration`
 * seconds, the hide effect over its last (ending at the frame's end), combined. Null when the
 * frame has no transition or it leaves the frame as it is at this instant, so the caller can
 * draw directly without an offscreen layer.
 */
export function frameMotion(frame: Frame, local: number): MotionState | null {
  const { show, hide } = frame.transition;
  if (!show && !hide) return null;
  const motion = catalogueItemMotion({ show, hide }, local, frame.duration);
  return isIdentity(motion) && motion.blur === 0 ? null : motion;
}

/** Show and hide motion of one unit (word, character, line) of split text, staggered. */
export function unitMotion(item: Item, index: number, count: number, local: number): MotionState | null {
  const split = item.fx.split;
  if (!split) return null;
  const fx = { show: item.fx.show, hide: item.fx.hide };
  return splitUnitMotion(fx, split, index, count, local, itemDuration(item));
}

/** A text container's animation: enters over its duration and leaves backwards before the stop. */
export function containerState(item: Item, name: string, local: number): MotionState {
  const resolved = name === 'random' ? pickRandomContainerAnimation(item.id) : name;
  const duration = findEffect('container', resolved)?.defaultDuration ?? 0.8;
  return containerMotion(resolved, duration, local, item.id, itemDuration(item));
}

/**
 * Paints a highlighter over line rects. The sweep starts once the show effect is over and takes
 * the highlighter's default duration. Returns false for an unknown name.
 */
export function highlight(
  ctx: Ctx2D,
  item: Item,
  name: string,
  rects: Rect[],
  local: number,
  color: string,
  unit: number,
) {
  const effect = findEffect('highlighter', name);
  if (!effect) return false;
  const start = item.fx.show?.duration ?? 0;
  const progress = (local - start) / Math.max(0.01, effect.defaultDuration);
  return paintHighlighter(ctx, name, rects, Math.max(0, Math.min(1, progress)), color, unit);
}

/** Paints a container background effect into the container's box. Returns false for an unknown name. */
export function paintContainer(ctx: Ctx2D, name: string, rect: Rect, local: number, color: string, unit: number) {
  return paintContainerBackground(ctx, name, [rect], local, color, unit);
}
