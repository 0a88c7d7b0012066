/**
 * Easing curves: maps of progress 0–1 onto eased progress. Every curve returns exactly 0 at 0 and
 * exactly 1 at 1, so an effect built on one lands exactly on its end state (tests rely on it).
 * Back and elastic curves overshoot in between, on purpose.
 */

/** Maps progress 0–1 to eased progress; exactly 0 at 0 and 1 at 1. */
export type Easing = (t: number) => number;

const C1 = 1.70158;
const C3 = C1 + 1;
const C2 = C1 * 1.525;
const ELASTIC = (2 * Math.PI) / 3;
const ELASTIC_IN_OUT = (2 * Math.PI) / 4.5;

/** Wraps a curve so its ends are exact and input outside 0–1 is held at the ends. */
const exactEnds =
  (curve: Easing): Easing =>
  (t) =>
    t <= 0 ? 0 : t >= 1 ? 1 : curve(t);

/** No easing. */
export const linear: Easing = exactEnds((t) => t);
/** Starts slowly (t²). */
export const easeInQuad: Easing = exactEnds((t) => t * t);
/** Ends slowly. */
export const easeOutQuad: Easing = exactEnds((t) => 1 - (1 - t) * (1 - t));
/** Slow at both ends. */
export const easeInOutQuad: Easing = exactEnds((t) => (t < 0.5 ? 2 * t * t : 1 - (-2 * t + 2) ** 2 / 2));
/** Starts slowly (t³). */
export const easeInCubic: Easing = exactEnds((t) => t * t * t);
/** Ends slowly, more than quad. */
export const easeOutCubic: Easing = exactEnds((t) => 1 - (1 - t) ** 3);
/** Slow at both ends, more than quad. */
export const easeInOutCubic: Easing = exactEnds((t) => (t < 0.5 ? 4 * t * t * t : 1 - (-2 * t + 2) ** 3 / 2));
/** Pulls back a little before moving. */
export const easeInBack: Easing = exactEnds((t) => C3 * t * t * t - C1 * t * t);
/** Overshoots a little, then settles. */
export const easeOutBack: Easing = exactEnds((t) => 1 + C3 * (t - 1) ** 3 + C1 * (t - 1) ** 2);
/** Pulls back, moves, overshoots, settles. */
export const easeInOutBack: Easing = exactEnds((t) =>
  t < 0.5 ? ((2 * t) ** 2 * ((C2 + 1) * 2 * t - C2)) / 2 : ((2 * t - 2) ** 2 * ((C2 + 1) * (t * 2 - 2) + C2) + 2) / 2,
);
/** Winds up with growing oscillation. */
export const easeInElastic: Easing = exactEnds((t) => -(2 ** (10 * t - 10)) * Math.sin((t * 10 - 10.75) * ELASTIC));
/** Springs past the end and oscillates into place. */
export const easeOutElastic: Easing = exactEnds((t) => 2 ** (-10 * t) * Math.sin((t * 10 - 0.75) * ELASTIC) + 1);
/** Elastic at both ends. */
export const easeInOutElastic: Easing = exactEnds((t) =>
  t < 0.5
    ? -(2 ** (20 * t - 10) * Math.sin((20 * t - 11.125) * ELASTIC_IN_OUT)) / 2
    : (2 ** (-20 * t + 10) * Math.sin((20 * t - 11.125) * ELASTIC_IN_OUT)) / 2 + 1,
);

const bounceOut = (t: number): number => {
  const n = 7.5625;
  const d = 2.75;
  if (t < 1 / d) return n * t * t;
  if (t < 2 / d) return n * (t - 1.5 / d) ** 2 + 0.75;
  if (t < 2.5 / d) return n * (t - 2.25 / d) ** 2 + 0.9375;
  return n * (t - 2.625 / d) ** 2 + 0.984375;
};
/** Lands and bounces to rest, like a dropped ball. */
export const easeOutBounce: Easing = exactEnds(bounceOut);
/** Bounces before leaving. */
export const easeInBounce: Easing = exactEnds((t) => 1 - bounceOut(1 - t));
/** Bounces at both ends. */
export const easeInOutBounce: Easing = exactEnds((t) =>
  t < 0.5 ? (1 - bounceOut(1 - 2 * t)) / 2 : (1 + bounceOut(2 * t - 1)) / 2,
);

/** Every easing by a stable name (for an editor list or stored choices). */
export const EASINGS = {
  linear,
  easeInQuad,
  easeOutQuad,
  easeInOutQuad,
  easeInCubic,
  easeOutCubic,
  easeInOutCubic,
  easeInBack,
  easeOutBack,
  easeInOutBack,
  easeInElastic,
  easeOutElastic,
  easeInOutElastic,
  easeInBounce,
  easeOutBounce,
  easeInOutBounce,
} as const satisfies Record<string, Easing>;

/** A name in {@link EASINGS}. */
export type EasingName = keyof typeof EASINGS;
