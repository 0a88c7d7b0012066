import { type Frame, MIN_ITEM_DURATION, roundTo, type Seconds } from '@reelwright/core';
import { defineCommand } from './define';
import { frameOf } from './lookup';

/** The longest slide the duration field takes: an hour. */
export const MAX_SLIDE_DURATION: Seconds = 3600;

/** What shortening a slide to `duration` does to its items: the ones trimmed and the ones removed. */
export function shorteningEffect(
  frame: Pick<Frame, 'items'>,
  duration: Seconds,
): { trimmed: string[]; removed: string[] } {
  const end = roundTo(duration, 2);
  const removed = frame.items.filter((item) => end - item.timing.start < MIN_ITEM_DURATION - 1e-9);
  const trimmed = frame.items.filter((item) => !removed.includes(item) && item.timing.stop > end);
  return { trimmed: trimmed.map((item) => item.id), removed: removed.map((item) => item.id) };
}

/**
 * A slide's length (issue 32, D91), longer or shorter. Shorter, as a video editor trims a
 * sequence: items running past the new end stop at it (their keyframes past it go), and an item
 * that would have less than 0.1 s left on the slide is removed. Undo brings all of it back.
 */
export const setSlideDuration = defineCommand<{ frameId: string; duration: Seconds }>({
  name: 'setSlideDuration',
  perform(draft, { frameId, duration }) {
    const frame = frameOf(draft, frameId);
    const end = roundTo(Math.min(Math.max(duration, MIN_ITEM_DURATION), MAX_SLIDE_DURATION), 2);
    const { trimmed, removed } = shorteningEffect(frame, end);
    frame.items = frame.items.filter((item) => !removed.includes(item.id));
    for (const item of frame.items) {
      if (!trimmed.includes(item.id)) continue;
      item.timing.stop = end;
      const length = end - item.timing.start;
      if (item.keyframes.some((keyframe) => keyframe.delay > length)) {
        item.keyframes = item.keyframes.filter((keyframe) => keyframe.delay <= length);
      }
    }
    frame.duration = end;
  },
});
