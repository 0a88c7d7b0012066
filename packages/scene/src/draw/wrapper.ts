import type { Background } from '@reelwright/core';
import type { Rect } from '../motion/types';
import type { DrawContext } from './context';
import { rectPath } from './style';

/**
 * The rect of a frame background's wrapper panel (spec 002 §3 wrapperEnable / wrapperStyle):
 * the stage inset on all four sides by `padding` times the stage's shorter side, so the margin
 * is even on wide, square and vertical movies alike (padding 0.05 on 1024×576 = 28.8 px; D18).
 */
export function wrapperRect(padding: number, stage: Rect): Rect {
  const inset = Math.max(0, Math.min(padding, 0.5)) * Math.min(stage.width, stage.height);
  return {
    x: stage.x + inset,
    y: stage.y + inset,
    width: Math.max(0, stage.width - 2 * inset),
    height: Math.max(0, stage.height - 2 * inset),
  };
}

/**
 * Draws the wrapper of a frame background: a panel in the wrapper colour (alpha included), inset
 * by `padding` (see {@link wrapperRect}), with corners rounded by `radius` px of a 576-high stage
 * (scaled by `unit` like every px value, D12; at most half the panel's shorter side). It lies over
 * the background and under every item; disabled or absent wrappers draw nothing.
 */
export function drawWrapper(dc: DrawContext, wrapper: Background['wrapper'], stage: Rect): void {
  if (!wrapper?.enabled) return;
  const rect = wrapperRect(wrapper.padding, stage);
  if (rect.width <= 0 || rect.height <= 0) return;
  const { ctx } = dc;
  ctx.save();
  ctx.fillStyle = wrapper.color;
  ctx.beginPath();
  rectPath(ctx, rect, Math.max(0, wrapper.radius) * dc.unit);
  ctx.fill();
  ctx.restore();
}
