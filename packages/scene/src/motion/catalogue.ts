/**
 * The motion effect catalogue: every show, hide, stay, container, highlighter and container
 * background effect by name, plus the helpers the drawing code calls to turn an item's fx and
 * its local time into a motion state. Everything here is a pure function of its arguments
 * (DESIGN §6). An unknown or missing name means "no effect": the identity, or nothing painted.
 */
import { clamp01 } from './build';
import { combineMotion } from './combine';
import { CONTAINER_ANIMATION_NAMES, CONTAINER_EFFECTS, pickRandomContainerAnimation } from './container';
import { CONTAINER_BACKGROUND_EFFECTS } from './container-background';
import { HIDE_EFFECTS } from './hide';
import { HIGHLIGHTER_EFFECTS } from './highlighter';
import { SHOW_EFFECTS } from './show';
import { splitStagger, type TextSplit } from './split';
import { STAY_EFFECTS } from './stay';
import {
  type Ctx2D,
  type Effect,
  type EffectFamily,
  IDENTITY_MOTION,
  type MotionEffect,
  type MotionState,
  type PaintEffect,
  type Rect,
} from './types';

export { combineMotion } from './combine';
export { CONTAINER_ANIMATION_NAMES, pickRandomContainerAnimation } from './container';
export { type SplitTiming, splitStagger, type TextSplit } from './split';

/** Families whose effects move the item. */
export type MotionFamily = MotionEffect['family'];
/** Families whose effects paint. */
export type PaintFamily = PaintEffect['family'];

/** Every effect of every family. */
export const EFFECTS: readonly Effect[] = [
  ...SHOW_EFFECTS,
  ...HIDE_EFFECTS,
  ...STAY_EFFECTS,
  ...CONTAINER_EFFECTS,
  ...HIGHLIGHTER_EFFECTS,
  ...CONTAINER_BACKGROUND_EFFECTS,
];

const BY_FAMILY = new Map<EffectFamily, Map<string, Effect>>();
for (const effect of EFFECTS) {
  const family = BY_FAMILY.get(effect.family) ?? new Map<string, Effect>();
  family.set(effect.name, effect);
  BY_FAMILY.set(effect.family, family);
}

/** The effects of one family, in editor order. */
export function effectsByFamily(family: MotionFamily): readonly MotionEffect[];
export function effectsByFamily(family: PaintFamily): readonly PaintEffect[];
export function effectsByFamily(family: EffectFamily): readonly Effect[];
export function effectsByFamily(family: EffectFamily): readonly Effect[] {
  return [...(BY_FAMILY.get(family)?.values() ?? [])];
}

/** One effect by family and name; null when there is none (then no effect is drawn). */
export function findEffect(family: MotionFamily, name: string | null | undefined): MotionEffect | null;
export function findEffect(family: PaintFamily, name: string | null | undefined): PaintEffect | null;
export function findEffect(family: EffectFamily, name: string | null | undefined): Effect | null;
export function findEffect(family: EffectFamily, name: string | null | undefined): Effect | null {
  return (name && BY_FAMILY.get(family)?.get(name)) || null;
}

const identity = (): MotionState => ({ ...IDENTITY_MOTION });

/**
 * The show effect `name` at `local` seconds after the item appears, taking `duration` seconds:
 * progress is local / duration, held at 0 before the start; the identity from the end on.
 */
export const showMotion = (name: string | null | undefined, duration: number, local: number): MotionState => {
  const effect = findEffect('show', name);
  if (!effect || !(duration > 0) || local >= duration) return identity();
  return effect.motion(clamp01(local / duration));
};

/**
 * The hide effect `name` at `local` seconds after the item appears, for an item shown for
 * `itemDuration` seconds: it runs during the last `duration` seconds (at most the whole item),
 * ending at the item's stop and held at its end state after. The identity before it starts.
 */
export const hideMotion = (
  name: string | null | undefined,
  duration: number,
  local: number,
  itemDuration: number,
): MotionState => {
  const effect = findEffect('hide', name);
  const d = Math.min(duration, itemDuration);
  if (!effect || !(d > 0)) return identity();
  const start = itemDuration - d;
  if (local <= start) return identity();
  return effect.motion(local >= itemDuration ? 1 : clamp01((local - start) / d));
};

/** The stay effect `name` at `local` seconds after the item appears (identity at 0). */
export const stayMotion = (name: string | null | undefined, local: number): MotionState => {
  const effect = findEffect('stay', name);
  return effect ? effect.motion(Math.max(0, local)) : identity();
};

/**
 * The container animation `name` ("random" resolved from `seed`, the slide's or item's id),
 * entering over the first `duration` seconds; with `itemDuration`, it also plays backwards over
 * the last `duration` seconds before the container leaves.
 */
export const containerMotion = (
  name: string | null | undefined,
  duration: number,
  local: number,
  seed: string,
  itemDuration?: number,
): MotionState => {
  const resolved = name === 'random' ? pickRandomContainerAnimation(seed) : name;
  const effect = findEffect('container', resolved);
  if (!effect || !(duration > 0)) return identity();
  const d = itemDuration === undefined ? duration : Math.min(duration, itemDuration / 2);
  if (local < d) return effect.motion(clamp01(local / d));
  if (itemDuration !== undefined && local > itemDuration - d) {
    return effect.motion(clamp01((itemDuration - local) / d));
  }
  return identity();
};

/** An item's fx as the model stores it (core's Fx, structurally). */
export type FxRef = {
  show?: { name: string; duration: number } | undefined;
  hide?: { name: string; duration: number } | undefined;
  stay?: { name: string } | undefined;
};

/**
 * The whole motion of an item at `local` seconds after its start: its show, hide and stay
 * effects combined. For a split text item use {@link splitUnitMotion} per unit instead.
 */
export const itemMotion = (fx: FxRef | undefined, local: number, itemDuration: number): MotionState => {
  let state = stayMotion(fx?.stay?.name, local);
  if (fx?.show) state = combineMotion(state, showMotion(fx.show.name, fx.show.duration, local));
  if (fx?.hide) state = combineMotion(state, hideMotion(fx.hide.name, fx.hide.duration, local, itemDuration));
  return state;
};

/**
 * The motion of unit `index` of `count` (word, character or line) of a split text item: its show
 * and hide effects staggered by {@link splitStagger}, combined with the item's stay effect.
 */
export const splitUnitMotion = (
  fx: FxRef | undefined,
  split: TextSplit,
  index: number,
  count: number,
  local: number,
  itemDuration: number,
): MotionState => {
  let state = stayMotion(fx?.stay?.name, local);
  if (fx?.show) {
    const { delays, unitDuration } = splitStagger(split, count, Math.min(fx.show.duration, itemDuration));
    const delay = delays[index] ?? 0;
    state = combineMotion(state, showMotion(fx.show.name, unitDuration, local - delay));
  }
  if (fx?.hide) {
    const d = Math.min(fx.hide.duration, itemDuration);
    const { delays, unitDuration } = splitStagger(split, count, d);
    // min: the last unit ends exactly at the stop, whatever the rounding.
    const unitEnd = Math.min(itemDuration, itemDuration - d + (delays[index] ?? 0) + unitDuration);
    state = combineMotion(state, hideMotion(fx.hide.name, unitDuration, local, unitEnd));
  }
  return state;
};

/**
 * Paints highlighter `name` over the text's line rects at sweep `progress` (0–1). Returns false
 * (and paints nothing) for an unknown name.
 */
export const paintHighlighter = (
  ctx: Ctx2D,
  name: string | null | undefined,
  rects: readonly Rect[],
  progress: number,
  color: string,
  scale: number,
): boolean => {
  const effect = findEffect('highlighter', name);
  effect?.paint(ctx, rects, clamp01(progress), color, scale);
  return effect !== null;
};

/**
 * Paints container background `name` into the container's box at `time` seconds since it
 * appeared. Returns false (and paints nothing) for an unknown name.
 */
export const paintContainerBackground = (
  ctx: Ctx2D,
  name: string | null | undefined,
  rects: readonly Rect[],
  time: number,
  color: string,
  scale: number,
): boolean => {
  const effect = findEffect('container-background', name);
  effect?.paint(ctx, rects, time, color, scale);
  return effect !== null;
};

/** Names (and labels) for the editor's pickers: container animations include "random". */
export const containerAnimationChoices = (): { name: string; label: string }[] =>
  CONTAINER_ANIMATION_NAMES.map((name) => ({ name, label: findEffect('container', name)?.label ?? 'Random' }));
