/** Composing motion states: a show or hide effect on top of a stay effect, a container's on an item's. */
import type { Clip, MotionState } from './types';

/** Visible share of a square box (the shape is unknown here; only used to choose between clips). */
const visibleArea = (clip: Clip): number =>
  clip.kind === 'inset'
    ? Math.max(0, 1 - clip.left - clip.right) * Math.max(0, 1 - clip.top - clip.bottom)
    : Math.min(1, (Math.PI * clip.radius * clip.radius) / 2);

const intersectClips = (a: Clip | null, b: Clip | null): Clip | null => {
  if (a === null) return b;
  if (b === null) return a;
  if (a.kind === 'inset' && b.kind === 'inset') {
    return {
      kind: 'inset',
      top: Math.max(a.top, b.top),
      right: Math.max(a.right, b.right),
      bottom: Math.max(a.bottom, b.bottom),
      left: Math.max(a.left, b.left),
    };
  }
  if (a.kind === 'circle' && b.kind === 'circle') return { kind: 'circle', radius: Math.min(a.radius, b.radius) };
  // An inset and a circle: the contract has no shape for their intersection, so keep the one
  // that shows less. Rare (no stay or container effect clips).
  return visibleArea(a) <= visibleArea(b) ? a : b;
};

/**
 * Both states at once: translations, rotations and skews add, scales and opacities multiply,
 * blur is the larger, clips intersect. The identity is neutral on either side, and the order of
 * the two does not matter.
 */
export const combineMotion = (a: MotionState, b: MotionState): MotionState => ({
  dx: a.dx + b.dx,
  dy: a.dy + b.dy,
  scaleX: a.scaleX * b.scaleX,
  scaleY: a.scaleY * b.scaleY,
  rotate: a.rotate + b.rotate,
  skewX: a.skewX + b.skewX,
  skewY: a.skewY + b.skewY,
  opacity: a.opacity * b.opacity,
  blur: Math.max(a.blur, b.blur),
  clip: intersectClips(a.clip, b.clip),
});
