import { animatedBox, type Box, type Seconds } from '@reelwright/core';
import { current, isDraft } from 'immer';
import { defineCommand } from './define';
import { frameOf, itemOf } from './lookup';

/** The scale control's range, in per cent of the stage (an item may reach four stage sizes). */
export const SCALE_MIN_PERCENT = 5;
export const SCALE_MAX_PERCENT = 400;

/**
 * An item's scale in per cent: its larger side as a share of the stage's (100 % is an item that
 * fills the stage one way, as CapCut's 100 % fits the canvas; a new item is 50 %).
 */
export function scalePercent(box: Pick<Box, 'width' | 'height'>): number {
  return Math.max(box.width, box.height) * 100;
}

/**
 * The box scaled to `percent` about its centre, keeping its proportions; no side goes under
 * `minSide` (fractions of the stage, per axis) nor the larger side over 4 stages.
 */
export function scaledBox(
  box: Pick<Box, 'left' | 'top' | 'width' | 'height'>,
  percent: number,
  minSide: { width: number; height: number },
): Pick<Box, 'left' | 'top' | 'width' | 'height'> {
  const target = Math.min(Math.max(percent, SCALE_MIN_PERCENT), SCALE_MAX_PERCENT) / 100;
  const floor = Math.max(minSide.width / box.width, minSide.height / box.height);
  const factor = Math.max(target / Math.max(box.width, box.height), floor);
  const width = box.width * factor;
  const height = box.height * factor;
  return {
    left: box.left + (box.width - width) / 2,
    top: box.top + (box.height - height) / 2,
    width,
    height,
  };
}

/**
 * Scales an item about its centre to a share of the stage (the inspector's Scale slider, one
 * gesture per drag); at a keyframe's time the keyframe is what scales (D45).
 */
export const scaleItem = defineCommand<{
  frameId: string;
  id: string;
  percent: number;
  minSide: { width: number; height: number };
  keyframeDelay?: Seconds;
}>({
  name: 'scaleItem',
  perform(draft, { frameId, id, percent, minSide, keyframeDelay }) {
    const item = itemOf(frameOf(draft, frameId), id);
    const keyframe =
      keyframeDelay === undefined ? undefined : item.keyframes.find((candidate) => candidate.delay === keyframeDelay);
    if (keyframe) {
      const keyframes = isDraft(item.keyframes) ? current(item.keyframes) : item.keyframes;
      const at = animatedBox(item.box, keyframes, keyframe.delay);
      Object.assign(keyframe.style, scaledBox(at, percent, minSide));
    } else {
      Object.assign(item.box, scaledBox(item.box, percent, minSide));
    }
  },
});
