import {
  animatedBox,
  type Item,
  type Keyframe,
  type KeyframeStyle,
  MIN_ITEM_DURATION,
  normalizeKeyframes,
  roundTo,
  type Seconds,
  videoTime,
  zIndexAt,
} from '@reelwright/core';
import { current, isDraft } from 'immer';
import { defineCommand } from './define';
import { frameOf } from './lookup';

/*
 * Split at the playhead (issue 32, D91): one item becomes two whose timings meet at the cut. What
 * shows on the stage at every instant stays the same: keyframes are cut with a keyframe of the
 * values at the cut on both sides, a clip's or sound's second part plays on from where the first
 * stops, the entrance effect stays with the first part and the exit effect with the second.
 */

/** Whether `at` (seconds in the slide) cuts the item into two parts of at least 0.1 s each. */
export function canSplit(item: Pick<Item, 'timing'>, at: Seconds): boolean {
  const cut = roundTo(at, 2);
  return cut - item.timing.start >= MIN_ITEM_DURATION - 1e-9 && item.timing.stop - cut >= MIN_ITEM_DURATION - 1e-9;
}

/** Every property keyframes set, as they stand at `local` seconds into the item. */
function valuesAt(item: Item, local: Seconds): KeyframeStyle {
  const { left, top, width, height, rotate, rotateX, rotateY, scale, scaleX, scaleY, opacity } = animatedBox(
    item.box,
    item.keyframes,
    local,
  );
  const zIndex = zIndexAt(item.keyframes, local);
  return {
    left,
    top,
    width,
    height,
    rotate,
    rotateX,
    rotateY,
    scale,
    scaleX,
    scaleY,
    opacity,
    ...(zIndex === undefined ? {} : { zIndex }),
  };
}

/**
 * The two parts of `item` cut at `at` (seconds in the slide), the second under `newId`; null
 * when a part would last less than 0.1 s.
 */
export function splitItem(item: Item, at: Seconds, newId: string): [Item, Item] | null {
  if (!canSplit(item, at)) return null;
  const cut = roundTo(at, 2);
  const local = roundTo(cut - item.timing.start, 2);
  const first = structuredClone(item);
  const second = structuredClone(item);
  second.id = newId;
  first.timing = { start: item.timing.start, stop: cut };
  second.timing = { start: cut, stop: item.timing.stop };

  if (item.keyframes.length > 0) {
    const atCut: Keyframe = { delay: local, style: valuesAt(item, local) };
    const later = item.keyframes.some((keyframe) => keyframe.delay > local);
    first.keyframes = normalizeKeyframes([
      ...first.keyframes.filter((keyframe) => keyframe.delay < local),
      ...(later ? [atCut] : []),
    ]);
    second.keyframes = normalizeKeyframes([
      { delay: 0, style: atCut.style },
      ...second.keyframes
        .filter((keyframe) => keyframe.delay > local)
        .map((keyframe) => ({ ...keyframe, delay: keyframe.delay - local })),
    ]);
  }

  // The entrance belongs to the first part, the exit to the second.
  delete first.fx.hide;
  delete second.fx.show;

  if (item.type === 'video' && first.type === 'video' && second.type === 'video' && !item.loop) {
    // The second part plays on from where the first stops (a looping clip restarts its loop).
    const into = videoTime(item, local);
    const clamped = item.stopTime > item.startTime;
    first.stopTime = into;
    // A clip held on its last frame stays held (stopTime at or before startTime would unclamp it).
    second.startTime = clamped ? Math.min(into, item.stopTime - 0.01) : into;
  }
  if (item.type === 'audio' && second.type === 'audio') second.offset = roundTo(item.offset + local, 3);
  // Sound attached to a visual item plays from the item's start and has no offset of its own:
  // it stays with the first part, which ends it at the cut, rather than starting over.
  if (second.type !== 'audio') delete second.audio;
  return [first, second];
}

const plain = (item: Item): Item => (isDraft(item) ? current(item) : item);

/**
 * Splits items of a slide at `at`; each second part goes just below its first part in the
 * layers, under the id the editor chose (so redo makes the same ids). Items the cut misses stay.
 */
export const splitItems = defineCommand<{ frameId: string; at: Seconds; splits: { id: string; newId: string }[] }>({
  name: 'splitItems',
  perform(draft, { frameId, at, splits }) {
    const frame = frameOf(draft, frameId);
    for (const { id, newId } of splits) {
      const index = frame.items.findIndex((item) => item.id === id);
      if (index < 0) continue;
      const parts = splitItem(plain(frame.items[index]!), at, newId);
      if (parts) frame.items.splice(index, 1, ...parts);
    }
  },
});
