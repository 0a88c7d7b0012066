import type { Box, Keyframe, KeyframeStyle } from '@reelwright/core';

/** The box and extra transforms at an instant, after keyframes. */
export type AnimatedBox = Required<KeyframeStyle>;

type Prop = keyof KeyframeStyle;
const PROPS: readonly Prop[] = [
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

/** The item's own values, which apply until a keyframe sets a property. */
function baseStyle(box: Box): AnimatedBox {
  return { ...box, rotateX: 0, rotateY: 0, scale: 1, scaleX: 1, scaleY: 1 };
}

/**
 * The box at a local playhead. Keyframes build on each other (each sets some properties, the rest
 * carry over), and between the active keyframe and the next every property moves linearly, so
 * the active keyframe's values apply exactly at its delay (spec 002 §4). The item's own values
 * act as a keyframe at delay 0 (unless one is there), and the last keyframe's values hold after it.
 */
export function boxAt(box: Box, keyframes: readonly Keyframe[], local: number): AnimatedBox {
  const base = baseStyle(box);
  if (keyframes.length === 0) return base;
  const sorted = keyframes.filter((k) => k.delay >= 0).sort((a, b) => a.delay - b.delay);
  let from = { delay: 0, state: base };
  for (const keyframe of sorted) {
    const state = { ...from.state, ...definedOnly(keyframe.style) };
    if (keyframe.delay <= local) {
      from = { delay: keyframe.delay, state };
      continue;
    }
    const span = keyframe.delay - from.delay;
    const t = span > 0 ? (local - from.delay) / span : 1;
    const out = { ...from.state };
    for (const prop of PROPS) out[prop] = from.state[prop] + (state[prop] - from.state[prop]) * t;
    return out;
  }
  return from.state;
}

function definedOnly(style: KeyframeStyle): KeyframeStyle {
  const out: KeyframeStyle = {};
  for (const prop of PROPS) if (style[prop] !== undefined) out[prop] = style[prop];
  return out;
}
