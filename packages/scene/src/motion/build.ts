/**
 * Small builders the effect families share: interpolating motion states and turning a start or
 * end state into a show, hide or stay effect. Internal to the catalogue.
 */
import { type Easing, easeInQuad, easeOutQuad } from './easing';
import { type Clip, IDENTITY_MOTION, type MotionEffect, type MotionState } from './types';

/** Holds x within 0–1 (NaN becomes 0). */
export const clamp01 = (x: number): number => (x > 0 ? Math.min(x, 1) : 0);

/** a at t = 0, b at t = 1, exactly at both ends. */
export const lerp = (a: number, b: number, t: number): number => a * (1 - t) + b * t;

/** Only the fields an effect changes; the rest stay at the identity. */
export type MotionPatch = Partial<MotionState>;

/** A full motion state from the fields that differ from the identity. */
export const motionState = (patch: MotionPatch = {}): MotionState => ({ ...IDENTITY_MOTION, ...patch });

/** A clip standing for "all of the box" in the same shape as `like`, so the two interpolate. */
const fullClip = (like: Clip): Clip =>
  like.kind === 'circle' ? { kind: 'circle', radius: 1 } : { kind: 'inset', top: 0, right: 0, bottom: 0, left: 0 };

const lerpClip = (a: Clip | null, b: Clip | null, t: number): Clip | null => {
  if (a === null && b === null) return null;
  const from = a ?? fullClip(b!);
  const to = b ?? fullClip(a!);
  if (from.kind === 'circle' && to.kind === 'circle') {
    return { kind: 'circle', radius: Math.max(0, lerp(from.radius, to.radius, t)) };
  }
  if (from.kind === 'inset' && to.kind === 'inset') {
    return {
      kind: 'inset',
      top: clamp01(lerp(from.top, to.top, t)),
      right: clamp01(lerp(from.right, to.right, t)),
      bottom: clamp01(lerp(from.bottom, to.bottom, t)),
      left: clamp01(lerp(from.left, to.left, t)),
    };
  }
  return t < 0.5 ? from : to;
};

/**
 * Interpolates two motion states. `t` may overshoot 0–1 (back and elastic easing); opacity is
 * eased separately by `opacityT` so it never flickers, and the result stays valid (opacity 0–1,
 * blur and scale not negative).
 */
export const lerpMotion = (a: MotionState, b: MotionState, t: number, opacityT = t): MotionState => ({
  dx: lerp(a.dx, b.dx, t),
  dy: lerp(a.dy, b.dy, t),
  scaleX: Math.max(0, lerp(a.scaleX, b.scaleX, t)),
  scaleY: Math.max(0, lerp(a.scaleY, b.scaleY, t)),
  rotate: lerp(a.rotate, b.rotate, t),
  skewX: lerp(a.skewX, b.skewX, t),
  skewY: lerp(a.skewY, b.skewY, t),
  opacity: clamp01(lerp(a.opacity, b.opacity, clamp01(opacityT))),
  blur: Math.max(0, lerp(a.blur, b.blur, t)),
  clip: lerpClip(a.clip, b.clip, clamp01(t)),
});

/** What a show or hide effect is made from. */
export type TweenSpec = {
  name: string;
  label: string;
  /** The state at the far end: where a show starts, where a hide ends. */
  state: MotionPatch;
  easing?: Easing;
  /** Opacity's own curve, so overshooting easings do not make the item flicker. */
  opacityEasing?: Easing;
  duration?: number;
};

/**
 * A show or hide effect: a show runs from `spec.state` at progress 0 to the identity at 1, a
 * hide from the identity to `spec.state`. Opacity follows its own curve (ease-out for shows,
 * ease-in for hides) so overshooting easings never make the item flicker.
 */
const tweenEffect = (family: 'show' | 'hide', spec: TweenSpec, easing: Easing): MotionEffect => {
  const far = motionState(spec.state);
  const [from, to] = family === 'show' ? [far, IDENTITY_MOTION] : [IDENTITY_MOTION, far];
  const ease = spec.easing ?? easing;
  const fade = spec.opacityEasing ?? (family === 'show' ? easeOutQuad : easeInQuad);
  return {
    name: spec.name,
    label: spec.label,
    family,
    defaultDuration: spec.duration ?? 0.6,
    motion: (p) => {
      if (!(p > 0)) return { ...from };
      if (p >= 1) return { ...to };
      return lerpMotion(from, to, ease(p), fade(p));
    },
  };
};

/** A show effect: from `spec.state` at progress 0 to the identity at progress 1. */
export const showEffect = (spec: TweenSpec, easing: Easing): MotionEffect => tweenEffect('show', spec, easing);

/** A hide effect: from the identity at progress 0 to `spec.state` at progress 1. */
export const hideEffect = (spec: TweenSpec, easing: Easing): MotionEffect => tweenEffect('hide', spec, easing);

/** sin of a full turn every `period` seconds: 0 at t = 0, between −1 and 1. */
export const wave = (t: number, period: number, phase = 0): number => Math.sin((2 * Math.PI * t) / period + phase);

/** (1 − cos)/2 of a full turn every `period` seconds: 0 at t = 0, rising to 1 and back. */
export const swell = (t: number, period: number): number => (1 - Math.cos((2 * Math.PI * t) / period)) / 2;

/**
 * For effects that play a short burst then rest: progress 0–1 through the burst while within the
 * first `active` seconds of each `period`, else null (at rest, the identity).
 */
export const burst = (t: number, period: number, active: number): number | null => {
  const inCycle = t - Math.floor(t / period) * period;
  return inCycle < active ? inCycle / active : null;
};

/** A stay effect from a function of seconds (≥ 0) to the fields that differ from the identity. */
export const stayEffect = (
  name: string,
  label: string,
  period: number,
  at: (t: number) => MotionPatch,
): MotionEffect => ({
  name,
  label,
  family: 'stay',
  defaultDuration: period,
  motion: (t) => (t > 0 && Number.isFinite(t) ? motionState(at(t)) : { ...IDENTITY_MOTION }),
});
