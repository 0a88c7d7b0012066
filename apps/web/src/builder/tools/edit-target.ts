import { animatedBox, type Box, type Item, roundTo, type Seconds } from '@reelwright/core';

/**
 * What a gesture on an item shapes at the playhead (D45): the keyframe at this very time when
 * there is one, else the item's own box. `box` is where that target stands now.
 */
export function editTarget(item: Item, playhead: Seconds): { box: Box; keyframeDelay?: Seconds } {
  const local = roundTo(playhead - item.timing.start, 2);
  if (!item.keyframes.some((keyframe) => keyframe.delay === local)) return { box: item.box };
  const at = animatedBox(item.box, item.keyframes, local);
  return {
    box: { left: at.left, top: at.top, width: at.width, height: at.height, rotate: at.rotate, opacity: at.opacity },
    keyframeDelay: local,
  };
}
