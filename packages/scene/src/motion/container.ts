/**
 * Container animations (spec 001 §9): how a slide's text container enters. Like show animations,
 * each runs progress 0 → 1 and ends exactly at the identity. "random" is not an animation of its
 * own: {@link pickRandomContainerAnimation} turns it into one of the others, chosen by a seed.
 */
import { showEffect, type TweenSpec } from './build';
import { easeOutBack, easeOutCubic } from './easing';
import { hashString } from './random';
import type { MotionEffect } from './types';

const SPECS: TweenSpec[] = [
  { name: 'fade', label: 'Fade', state: { opacity: 0 } },
  { name: 'zoom', label: 'Zoom', state: { opacity: 0, scaleX: 0.5, scaleY: 0.5 }, easing: easeOutBack },
  { name: 'rotate', label: 'Rotate', state: { opacity: 0, rotate: -90, scaleX: 0.6, scaleY: 0.6 } },
  { name: 'flip', label: 'Flip', state: { opacity: 0, scaleX: 0 }, easing: easeOutBack },
  { name: 'tilt', label: 'Tilt', state: { opacity: 0, rotate: -8, skewY: 10, dy: 0.1 } },
  { name: 'width', label: 'Grow width', state: { scaleX: 0 } },
  { name: 'height', label: 'Grow height', state: { scaleY: 0 } },
  { name: 'slide', label: 'Slide', state: { opacity: 0, dy: 0.4 } },
  { name: 'rush', label: 'Rush', state: { opacity: 0, dx: -1.2, skewX: 25 }, duration: 0.6 },
];

/** The container animations that move (everything but "random"), in editor order. */
export const CONTAINER_EFFECTS: readonly MotionEffect[] = SPECS.map((spec) => ({
  ...showEffect({ duration: 0.8, ...spec }, easeOutCubic),
  family: 'container' as const,
}));

/** Every container animation name the spec lists, "random" last (for the editor's list). */
export const CONTAINER_ANIMATION_NAMES: readonly string[] = [...SPECS.map((spec) => spec.name), 'random'];

/**
 * The container animation "random" stands for, picked from `seed` (the item's or slide's id):
 * the same seed always gives the same animation, on every machine.
 */
export const pickRandomContainerAnimation = (seed: string): string => {
  const names = SPECS.map((spec) => spec.name);
  return names[hashString(seed) % names.length]!;
};
