/**
 * Show animations (spec 002 §9: about 40): how an item enters. Each starts from a state and ends
 * exactly at the identity, the item in place. Directions follow animate.css: "up"/"down" name the
 * motion, "left"/"right" the side the item comes from.
 */
import { showEffect, type TweenSpec } from './build';
import { easeOutBack, easeOutBounce, easeOutCubic, easeOutElastic, easeOutQuad, linear } from './easing';
import type { MotionEffect } from './types';

const NEAR = 0.25;
const FAR = 1;
const inset = (top: number, right: number, bottom: number, left: number) =>
  ({ kind: 'inset', top, right, bottom, left }) as const;

const SPECS: TweenSpec[] = [
  { name: 'fade', label: 'Fade in', state: { opacity: 0 }, opacityEasing: linear },
  { name: 'fade-up', label: 'Fade up', state: { opacity: 0, dy: NEAR } },
  { name: 'fade-down', label: 'Fade down', state: { opacity: 0, dy: -NEAR } },
  { name: 'fade-left', label: 'Fade in from left', state: { opacity: 0, dx: -NEAR } },
  { name: 'fade-right', label: 'Fade in from right', state: { opacity: 0, dx: NEAR } },

  { name: 'slide-in-up', label: 'Slide in from below', state: { dy: FAR } },
  { name: 'slide-in-down', label: 'Slide in from above', state: { dy: -FAR } },
  { name: 'slide-in-left', label: 'Slide in from left', state: { dx: -FAR } },
  { name: 'slide-in-right', label: 'Slide in from right', state: { dx: FAR } },

  { name: 'zoom-in', label: 'Zoom in', state: { opacity: 0, scaleX: 0.3, scaleY: 0.3 } },
  { name: 'zoom-out', label: 'Zoom out (from large)', state: { opacity: 0, scaleX: 1.8, scaleY: 1.8 } },
  { name: 'zoom-in-up', label: 'Zoom in from below', state: { opacity: 0, scaleX: 0.3, scaleY: 0.3, dy: 0.6 } },
  { name: 'zoom-in-down', label: 'Zoom in from above', state: { opacity: 0, scaleX: 0.3, scaleY: 0.3, dy: -0.6 } },
  { name: 'zoom-in-left', label: 'Zoom in from left', state: { opacity: 0, scaleX: 0.3, scaleY: 0.3, dx: -0.6 } },
  { name: 'zoom-in-right', label: 'Zoom in from right', state: { opacity: 0, scaleX: 0.3, scaleY: 0.3, dx: 0.6 } },

  { name: 'rotate-in', label: 'Rotate in', state: { opacity: 0, rotate: -200 } },
  { name: 'rotate-in-ccw', label: 'Rotate in (anticlockwise)', state: { opacity: 0, rotate: 200 } },
  { name: 'tilt-in', label: 'Tilt in', state: { opacity: 0, rotate: -15, dy: 0.1 } },
  { name: 'flip-in-x', label: 'Flip in (horizontal axis)', state: { opacity: 0, scaleY: 0 }, easing: easeOutBack },
  { name: 'flip-in-y', label: 'Flip in (vertical axis)', state: { opacity: 0, scaleX: 0 }, easing: easeOutBack },
  { name: 'roll-in', label: 'Roll in', state: { opacity: 0, dx: -FAR, rotate: -120 }, duration: 0.8 },
  { name: 'light-speed-in', label: 'Light speed in from right', state: { opacity: 0, dx: FAR, skewX: -30 } },
  { name: 'light-speed-in-left', label: 'Light speed in from left', state: { opacity: 0, dx: -FAR, skewX: 30 } },

  { name: 'bounce-in', label: 'Bounce in', state: { opacity: 0, scaleX: 0.3, scaleY: 0.3 }, easing: easeOutElastic },
  { name: 'bounce-in-up', label: 'Bounce in from below', state: { opacity: 0, dy: FAR }, easing: easeOutBounce },
  { name: 'bounce-in-down', label: 'Bounce in from above', state: { opacity: 0, dy: -FAR }, easing: easeOutBounce },
  { name: 'bounce-in-left', label: 'Bounce in from left', state: { opacity: 0, dx: -FAR }, easing: easeOutBounce },
  { name: 'bounce-in-right', label: 'Bounce in from right', state: { opacity: 0, dx: FAR }, easing: easeOutBounce },

  { name: 'back-in-up', label: 'Back in from below', state: { opacity: 0, scaleX: 0.7, scaleY: 0.7, dy: FAR } },
  { name: 'back-in-down', label: 'Back in from above', state: { opacity: 0, scaleX: 0.7, scaleY: 0.7, dy: -FAR } },
  { name: 'back-in-left', label: 'Back in from left', state: { opacity: 0, scaleX: 0.7, scaleY: 0.7, dx: -FAR } },
  { name: 'back-in-right', label: 'Back in from right', state: { opacity: 0, scaleX: 0.7, scaleY: 0.7, dx: FAR } },

  { name: 'blur-in', label: 'Blur in', state: { opacity: 0, blur: 20 } },
  { name: 'focus-in', label: 'Focus in (zoom and blur)', state: { opacity: 0, blur: 16, scaleX: 1.3, scaleY: 1.3 } },

  { name: 'wipe-from-left', label: 'Wipe from left', state: { clip: inset(0, 1, 0, 0) } },
  { name: 'wipe-from-right', label: 'Wipe from right', state: { clip: inset(0, 0, 0, 1) } },
  { name: 'wipe-from-top', label: 'Wipe from top', state: { clip: inset(0, 0, 1, 0) } },
  { name: 'wipe-from-bottom', label: 'Wipe from bottom', state: { clip: inset(1, 0, 0, 0) } },
  { name: 'reveal-center-x', label: 'Reveal from centre (sideways)', state: { clip: inset(0, 0.5, 0, 0.5) } },
  { name: 'reveal-center-y', label: 'Reveal from centre (up and down)', state: { clip: inset(0.5, 0, 0.5, 0) } },
  { name: 'reveal-center', label: 'Reveal from centre (box)', state: { clip: inset(0.5, 0.5, 0.5, 0.5) } },
  { name: 'circle-reveal', label: 'Circle reveal', state: { clip: { kind: 'circle', radius: 0 } } },

  { name: 'swing-in', label: 'Swing in', state: { opacity: 0, rotate: -30 }, easing: easeOutElastic, duration: 0.9 },
  { name: 'drop-in', label: 'Drop in', state: { dy: -1.5 }, easing: easeOutBounce, duration: 0.9 },
  { name: 'rise', label: 'Rise', state: { opacity: 0, dy: 0.5, scaleX: 0.9, scaleY: 0.9 }, easing: easeOutQuad },
  {
    name: 'elastic-in',
    label: 'Elastic in',
    state: { scaleX: 0, scaleY: 0 },
    easing: easeOutElastic,
    opacityEasing: linear,
    duration: 1,
  },
  { name: 'pop-in', label: 'Pop in', state: { opacity: 0, scaleX: 0.5, scaleY: 0.5 }, easing: easeOutBack },
  { name: 'skew-in', label: 'Skew in', state: { opacity: 0, skewX: 25, dx: 0.15 } },
  { name: 'stretch-in', label: 'Stretch in', state: { opacity: 0, scaleX: 1.6, scaleY: 0.4 }, easing: easeOutBack },
];

/** Every show animation, in editor order. */
export const SHOW_EFFECTS: readonly MotionEffect[] = SPECS.map((spec) => showEffect(spec, easeOutCubic));
