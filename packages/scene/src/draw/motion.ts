import type { Ctx2D, MotionState, Rect } from '../motion/types';
import { centre } from './context';

const rad = (deg: number) => (deg * Math.PI) / 180;

/** Whether a motion state leaves the item as it is. */
export function isIdentity(m: MotionState): boolean {
  const still = m.dx === 0 && m.dy === 0 && m.rotate === 0 && m.skewX === 0 && m.skewY === 0;
  return still && m.scaleX === 1 && m.scaleY === 1 && m.opacity === 1 && m.clip === null;
}

/**
 * Applies a motion state to the context about the centre of `rect`: translate, then rotate,
 * skew and scale; multiplies the opacity into globalAlpha and clips to a reveal. Call between
 * save() and restore().
 */
export function applyMotion(ctx: Ctx2D, rect: Rect, motion: MotionState): void {
  if (isIdentity(motion)) return;
  const c = centre(rect);
  ctx.translate(c.x + motion.dx * rect.width, c.y + motion.dy * rect.height);
  if (motion.rotate) ctx.rotate(rad(motion.rotate));
  if (motion.skewX || motion.skewY) ctx.transform(1, Math.tan(rad(motion.skewY)), Math.tan(rad(motion.skewX)), 1, 0, 0);
  if (motion.scaleX !== 1 || motion.scaleY !== 1) ctx.scale(motion.scaleX || 1e-6, motion.scaleY || 1e-6);
  ctx.translate(-c.x, -c.y);
  ctx.globalAlpha *= Math.max(0, Math.min(1, motion.opacity));
  if (motion.clip) clipTo(ctx, rect, motion.clip);
}

function clipTo(ctx: Ctx2D, rect: Rect, clip: NonNullable<MotionState['clip']>): void {
  ctx.beginPath();
  if (clip.kind === 'inset') {
    const x = rect.x + clip.left * rect.width;
    const y = rect.y + clip.top * rect.height;
    const w = rect.width * (1 - clip.left - clip.right);
    const h = rect.height * (1 - clip.top - clip.bottom);
    ctx.rect(x, y, Math.max(0, w), Math.max(0, h));
  } else {
    const c = centre(rect);
    const r = (Math.max(0, clip.radius) * Math.hypot(rect.width, rect.height)) / 2;
    ctx.arc(c.x, c.y, r, 0, Math.PI * 2);
  }
  ctx.clip();
}
