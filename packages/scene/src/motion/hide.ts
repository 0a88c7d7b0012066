/**
 * Hide animations (spec 002 §9: about 40): how an item leaves, mostly mirrors of the show
 * animations. Each starts exactly at the identity and ends at its state. "up"/"down" name the
 * motion, "left"/"right" the side the item leaves by.
 */
import { hideEffect, type TweenSpec } from './build';
import { easeInBack, easeInBounce, easeInCubic, easeInElastic, easeInQuad, linear } from './easing';
import type { MotionEffect } from './types';

const NEAR = 0.25;
const FAR = 1;
const inset = (top: number, right: number, bottom: number, left: number) =>
  ({ kind: 'inset', top, right, bottom, left }) as const;

const SPECS: TweenSpec[] = [
  { name: 'fade', label: 'Fade out', state: { opacity: 0 }, opacityEasing: linear },
  { name: 'fade-up', label: 'Fade out upwards', state: { opacity: 0, dy: -NEAR } },
  { name: 'fade-down', label: 'Fade out downwards', state: { opacity: 0, dy: NEAR } },
  { name: 'fade-left', label: 'Fade out to left', state: { opacity: 0, dx: -NEAR } },
  { name: 'fade-right', label: 'Fade out to right', state: { opacity: 0, dx: NEAR } },

  { name: 'slide-out-up', label: 'Slide out upwards', state: { dy: -FAR } },
  { name: 'slide-out-down', label: 'Slide out downwards', state: { dy: FAR } },
  { name: 'slide-out-left', label: 'Slide out to left', state: { dx: -FAR } },
  { name: 'slide-out-right', label: 'Slide out to right', state: { dx: FAR } },

  { name: 'zoom-out', label: 'Zoom out', state: { opacity: 0, scaleX: 0.3, scaleY: 0.3 } },
  { name: 'zoom-away', label: 'Zoom towards viewer', state: { opacity: 0, scaleX: 1.8, scaleY: 1.8 } },
  { name: 'zoom-out-up', label: 'Zoom out upwards', state: { opacity: 0, scaleX: 0.3, scaleY: 0.3, dy: -0.6 } },
  { name: 'zoom-out-down', label: 'Zoom out downwards', state: { opacity: 0, scaleX: 0.3, scaleY: 0.3, dy: 0.6 } },
  { name: 'zoom-out-left', label: 'Zoom out to left', state: { opacity: 0, scaleX: 0.3, scaleY: 0.3, dx: -0.6 } },
  { name: 'zoom-out-right', label: 'Zoom out to right', state: { opacity: 0, scaleX: 0.3, scaleY: 0.3, dx: 0.6 } },

  { name: 'rotate-out', label: 'Rotate out', state: { opacity: 0, rotate: 200 } },
  { name: 'rotate-out-ccw', label: 'Rotate out (anticlockwise)', state: { opacity: 0, rotate: -200 } },
  { name: 'tilt-out', label: 'Tilt out', state: { opacity: 0, rotate: 15, dy: 0.1 } },
  { name: 'flip-out-x', label: 'Flip out (horizontal axis)', state: { opacity: 0, scaleY: 0 }, easing: easeInBack },
  { name: 'flip-out-y', label: 'Flip out (vertical axis)', state: { opacity: 0, scaleX: 0 }, easing: easeInBack },
  { name: 'roll-out', label: 'Roll out', state: { opacity: 0, dx: FAR, rotate: 120 }, duration: 0.8 },
  { name: 'light-speed-out', label: 'Light speed out to right', state: { opacity: 0, dx: FAR, skewX: 30 } },
  { name: 'light-speed-out-left', label: 'Light speed out to left', state: { opacity: 0, dx: -FAR, skewX: -30 } },

  { name: 'bounce-out', label: 'Bounce out', state: { opacity: 0, scaleX: 0.3, scaleY: 0.3 }, easing: easeInBack },
  { name: 'bounce-out-up', label: 'Bounce out upwards', state: { opacity: 0, dy: -FAR }, easing: easeInBounce },
  { name: 'bounce-out-down', label: 'Bounce out downwards', state: { opacity: 0, dy: FAR }, easing: easeInBounce },
  { name: 'bounce-out-left', label: 'Bounce out to left', state: { opacity: 0, dx: -FAR }, easing: easeInBounce },
  { name: 'bounce-out-right', label: 'Bounce out to right', state: { opacity: 0, dx: FAR }, easing: easeInBounce },

  { name: 'back-out-up', label: 'Back out upwards', state: { opacity: 0, scaleX: 0.7, scaleY: 0.7, dy: -FAR } },
  { name: 'back-out-down', label: 'Back out downwards', state: { opacity: 0, scaleX: 0.7, scaleY: 0.7, dy: FAR } },
  { name: 'back-out-left', label: 'Back out to left', state: { opacity: 0, scaleX: 0.7, scaleY: 0.7, dx: -FAR } },
  { name: 'back-out-right', label: 'Back out to right', state: { opacity: 0, scaleX: 0.7, scaleY: 0.7, dx: FAR } },

  { name: 'blur-out', label: 'Blur out', state: { opacity: 0, blur: 20 } },
  { name: 'focus-out', label: 'Focus out (zoom and blur)', state: { opacity: 0, blur: 16, scaleX: 1.3, scaleY: 1.3 } },

  { name: 'wipe-to-left', label: 'Wipe to left', state: { clip: inset(0, 1, 0, 0) } },
  { name: 'wipe-to-right', label: 'Wipe to right', state: { clip: inset(0, 0, 0, 1) } },
  { name: 'wipe-to-top', label: 'Wipe to top', state: { clip: inset(0, 0, 1, 0) } },
  { name: 'wipe-to-bottom', label: 'Wipe to bottom', state: { clip: inset(1, 0, 0, 0) } },
  { name: 'close-center-x', label: 'Close to centre (sideways)', state: { clip: inset(0, 0.5, 0, 0.5) } },
  { name: 'close-center-y', label: 'Close to centre (up and down)', state: { clip: inset(0.5, 0, 0.5, 0) } },
  { name: 'close-center', label: 'Close to centre (box)', state: { clip: inset(0.5, 0.5, 0.5, 0.5) } },
  { name: 'circle-close', label: 'Circle close', state: { clip: { kind: 'circle', radius: 0 } } },

  { name: 'hinge', label: 'Hinge', state: { opacity: 0, rotate: 80, dy: 0.8 }, easing: easeInQuad, duration: 1 },
  { name: 'drop-out', label: 'Drop out', state: { dy: 1.5, opacity: 0 }, easing: easeInQuad },
  { name: 'sink', label: 'Sink', state: { opacity: 0, dy: 0.5, scaleX: 0.9, scaleY: 0.9 }, easing: easeInQuad },
  {
    name: 'elastic-out',
    label: 'Elastic out',
    state: { scaleX: 0, scaleY: 0 },
    easing: easeInElastic,
    opacityEasing: linear,
    duration: 1,
  },
  { name: 'pop-out', label: 'Pop out', state: { opacity: 0, scaleX: 0.5, scaleY: 0.5 }, easing: easeInBack },
  { name: 'skew-out', label: 'Skew out', state: { opacity: 0, skewX: -25, dx: 0.15 } },
  { name: 'stretch-out', label: 'Stretch out', state: { opacity: 0, scaleX: 1.6, scaleY: 0.4 }, easing: easeInBack },
];

/** Every hide animation, in editor order. */
export const HIDE_EFFECTS: readonly MotionEffect[] = SPECS.map((spec) => hideEffect(spec, easeInCubic));
