import { ease } from './easing';
import type { Box, Item, Keyframe, KeyframeStyle } from './item';
import { localPlayhead } from './timing';
import type { Seconds } from './units';

/** An item's box and extra transforms at an instant, after its keyframes: every property set. */
export type AnimatedBox = Required<Omit<KeyframeStyle, 'zIndex'>>;

type AnimatedProperty = keyof AnimatedBox;

/** The properties keyframes move, each along its easing from one keyframe to the next (z-index steps). */
const ANIMATED_PROPERTIES: readonly AnimatedProperty[] = [
  'left',
  'top',
  'width',
  'height',
  'rotate',
  'rotateX',
  'rotateY',
  'scale',
  'scaleX',
  'scaleY',
  'opacity',
];

/** The item's own values: its box, unrotated in depth and unscaled. */
function ownValues(box: Box): AnimatedBox {
  return { ...box, rotateX: 0, rotateY: 0, scale: 1, scaleX: 1, scaleY: 1 };
}

/** The properties a keyframe sets (a keyframe may set only some). */
function setBy(style: KeyframeStyle): Partial<AnimatedBox> {
  const set: Partial<AnimatedBox> = {};
  for (const property of ANIMATED_PROPERTIES) if (style[property] !== undefined) set[property] = style[property];
  return set;
}

/** Non-negative delays in order; on equal delays the later keyframe in the list comes last. */
const inDelayOrder = (keyframes: readonly Keyframe[]) =>
  keyframes.filter((k) => k.delay >= 0).sort((a, b) => a.delay - b.delay);

/**
 * The item's box at a local playhead (seconds since the item appeared), interpolated between
 * keyframes (D36): the item's own values hold at delay 0, each keyframe's values apply exactly
 * at its delay, every property moves from one keyframe to the next along the easing of the
 * keyframe it moves into (linear unless set, D94), and the last keyframe's values hold after it.
 * Keyframes build on each other: a property a keyframe does not set carries over from the one
 * before. Negative delays are ignored and, on equal delays, the
 * later keyframe in the list wins, as in {@link activeKeyframe}.
 *
 * How it relates to the spec's active keyframe (002 §4, `activeKeyframe`): at the active
 * keyframe's own delay the box has exactly that keyframe's values; between it and the next the
 * box is on its way to the next one, where a step would still show the active keyframe's.
 * `activeKeyframe` names the keyframe the inspector edits; this function is what is drawn.
 */
export function animatedBox(box: Box, keyframes: readonly Keyframe[], local: Seconds): AnimatedBox {
  const own = ownValues(box);
  if (keyframes.length === 0) return own;
  let from = { delay: 0, values: own };
  for (const keyframe of inDelayOrder(keyframes)) {
    const values = { ...from.values, ...setBy(keyframe.style) };
    if (keyframe.delay <= local) {
      from = { delay: keyframe.delay, values };
      continue;
    }
    const span = keyframe.delay - from.delay;
    const progress = ease(keyframe.easing, span > 0 ? (local - from.delay) / span : 1);
    const between = { ...from.values };
    for (const property of ANIMATED_PROPERTIES) {
      between[property] = from.values[property] + (values[property] - from.values[property]) * progress;
    }
    return between;
  }
  return from.values;
}

/**
 * What a new keyframe at `local` must hold so that adding it leaves the picture there as it was:
 * the value at `local` of every property some keyframe of the item sets. A keyframe leaving one
 * of those out would carry the previous keyframe's value to its own time instead (see
 * `animatedBox`), and linear motion through it would change. z-index steps and carries over by
 * itself, so it is never held.
 */
export function heldStyle(box: Box, keyframes: readonly Keyframe[], local: Seconds): Partial<AnimatedBox> {
  const at = animatedBox(box, keyframes, local);
  const held: Partial<AnimatedBox> = {};
  for (const property of ANIMATED_PROPERTIES) {
    if (keyframes.some((keyframe) => keyframe.style[property] !== undefined)) held[property] = at[property];
  }
  return held;
}

/**
 * The z-index keyframes give an item at a local playhead: that of the last keyframe at or before
 * it that sets one — a step, never interpolated, since a layer is either above another or not.
 * Undefined when none has yet, or while the item is hidden (local -1).
 */
export function zIndexAt(keyframes: readonly Keyframe[], local: Seconds): number | undefined {
  let zIndex: number | undefined;
  for (const keyframe of inDelayOrder(keyframes)) {
    if (keyframe.delay > local) break;
    zIndex = keyframe.style.zIndex ?? zIndex;
  }
  return zIndex;
}

/**
 * A frame's items in stacking order at a frame-local time, top layer first (D37). Without
 * keyframe z-indexes this is the list itself (the list is top layer first, D13). Otherwise
 * items are ordered by their z-index at that time (`zIndexAt`, 0 for items without one), higher
 * on top, and items of equal z-index keep their list order, as CSS stacks positioned boxes.
 */
export function stackAt<T extends Item>(items: readonly T[], local: Seconds): readonly T[] {
  const layered = items.some((item) => item.keyframes.some((k) => k.style.zIndex !== undefined));
  if (!layered) return items;
  return items
    .map((item, index) => ({ item, index, z: zIndexAt(item.keyframes, localPlayhead(item.timing, local)) ?? 0 }))
    .sort((a, b) => b.z - a.z || a.index - b.index)
    .map(({ item }) => item);
}
