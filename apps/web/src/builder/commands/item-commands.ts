import {
  type AttachedAudio,
  addKeyframe,
  type Box,
  type Item,
  type KeyframeStyle,
  normalizeKeyframes,
  type Paragraph,
  roundTo,
  type Seconds,
  type StageFraction,
  type Timing,
  withMinDuration,
} from '@reelwright/core';
import { current } from 'immer';
import { defineCommand } from './define';
import { fitFrameDuration, frameOf, itemOf } from './lookup';

/** Box fields a gesture sets. */
type BoxFields = Partial<Pick<Box, 'left' | 'top' | 'width' | 'height' | 'rotate'>>;

/**
 * Writes box fields into the item's own box, or, given `keyframeDelay`, into the style of the
 * keyframe at that delay: a gesture at a keyframe's time shapes that keyframe (D45).
 */
function writeBox(item: Item, fields: BoxFields, keyframeDelay?: Seconds): void {
  const keyframe = keyframeDelay === undefined ? undefined : item.keyframes.find((k) => k.delay === keyframeDelay);
  if (keyframe) Object.assign(keyframe.style, fields);
  else Object.assign(item.box, fields);
}

/** Puts a new item on a slide, on top unless `index` says where (the list is top layer first). */
export const insertItem = defineCommand<{ frameId: string; item: Item; index?: number }>({
  name: 'insertItem',
  perform(draft, { frameId, item, index = 0 }) {
    const frame = frameOf(draft, frameId);
    frame.items.splice(index, 0, item);
    fitFrameDuration(frame);
  },
});

/** Moves items to new top-left corners (a drag, or arrow-key nudges). */
export const moveItems = defineCommand<{
  frameId: string;
  moves: { id: string; left: StageFraction; top: StageFraction; keyframeDelay?: Seconds }[];
}>({
  name: 'moveItems',
  perform(draft, { frameId, moves }) {
    const frame = frameOf(draft, frameId);
    for (const { id, left, top, keyframeDelay } of moves) writeBox(itemOf(frame, id), { left, top }, keyframeDelay);
  },
});

/** Gives an item a new box (a resize from any handle moves the corner too). */
export const resizeItem = defineCommand<{
  frameId: string;
  id: string;
  box: Pick<Box, 'left' | 'top' | 'width' | 'height'>;
  keyframeDelay?: Seconds;
}>({
  name: 'resizeItem',
  perform(draft, { frameId, id, box, keyframeDelay }) {
    writeBox(itemOf(frameOf(draft, frameId), id), box, keyframeDelay);
  },
});

export const rotateItem = defineCommand<{ frameId: string; id: string; rotate: number; keyframeDelay?: Seconds }>({
  name: 'rotateItem',
  perform(draft, { frameId, id, rotate, keyframeDelay }) {
    writeBox(itemOf(frameOf(draft, frameId), id), { rotate }, keyframeDelay);
  },
});

/** New start and stop; an item lasts at least 0.1 s and the slide grows to show it (spec 002 §5). */
export const retimeItem = defineCommand<{ frameId: string; id: string; timing: Timing }>({
  name: 'retimeItem',
  perform(draft, { frameId, id, timing }) {
    const frame = frameOf(draft, frameId);
    itemOf(frame, id).timing = withMinDuration(timing);
    fitFrameDuration(frame);
  },
});

/** Fields of some kind of item, without its id and type. */
export type ItemProps = Item extends infer Kind
  ? Kind extends Item
    ? Partial<Omit<Kind, 'id' | 'type'>>
    : never
  : never;

/** Sets fields of an item (style, fx, fit, volume …): the inspector's edits. */
export const setItemProps = defineCommand<{ frameId: string; id: string; props: ItemProps }>({
  name: 'setItemProps',
  perform(draft, { frameId, id, props }) {
    Object.assign(itemOf(frameOf(draft, frameId), id), props);
  },
});

/** The words of a text item; a burst of typing in one item is one undo step. */
export const setItemText = defineCommand<{ frameId: string; id: string; paragraphs: Paragraph[] }>({
  name: 'setItemText',
  mergeKey: ({ frameId, id }) => `text:${frameId}/${id}`,
  perform(draft, { frameId, id, paragraphs }) {
    const item = itemOf(frameOf(draft, frameId), id);
    if (item.type !== 'text') return;
    item.paragraphs = paragraphs;
    item.layoutCache = undefined; // the lines were for the old words
  },
});

/** A keyframe at the playhead, only while the playhead is inside the item (spec 002 §5). */
export const addItemKeyframe = defineCommand<{ frameId: string; id: string; playhead: Seconds; style: KeyframeStyle }>({
  name: 'addKeyframe',
  perform(draft, { frameId, id, playhead, style }) {
    const item = itemOf(frameOf(draft, frameId), id);
    const keyframes = addKeyframe(item, playhead, style);
    if (keyframes) item.keyframes = keyframes;
  },
});

/** Moves a keyframe to another delay (a marker dragged on the timeline); the list stays sorted. */
export const moveKeyframe = defineCommand<{ frameId: string; id: string; from: Seconds; to: Seconds }>({
  name: 'moveKeyframe',
  perform(draft, { frameId, id, from, to }) {
    const item = itemOf(frameOf(draft, frameId), id);
    const keyframe = item.keyframes.find((k) => k.delay === from);
    if (!keyframe) return;
    const delay = roundTo(Math.min(Math.max(0, to), item.timing.stop - item.timing.start), 2);
    item.keyframes = normalizeKeyframes([...item.keyframes.filter((k) => k !== keyframe), { ...keyframe, delay }]);
  },
});

export const deleteKeyframe = defineCommand<{ frameId: string; id: string; delay: Seconds }>({
  name: 'deleteKeyframe',
  perform(draft, { frameId, id, delay }) {
    const item = itemOf(frameOf(draft, frameId), id);
    item.keyframes = item.keyframes.filter((k) => k.delay !== delay);
  },
});

/** Moves an item to a layer: index 0 is the top (spec 002 §2 layer order). */
export const reorderItem = defineCommand<{ frameId: string; id: string; toIndex: number }>({
  name: 'reorderItem',
  perform(draft, { frameId, id, toIndex }) {
    const frame = frameOf(draft, frameId);
    const from = frame.items.findIndex((item) => item.id === id);
    if (from < 0) return;
    const [item] = frame.items.splice(from, 1);
    frame.items.splice(Math.max(0, Math.min(toIndex, frame.items.length)), 0, item!);
  },
});

export const deleteItems = defineCommand<{ frameId: string; ids: string[] }>({
  name: 'deleteItems',
  perform(draft, { frameId, ids }) {
    const frame = frameOf(draft, frameId);
    frame.items = frame.items.filter((item) => !ids.includes(item.id));
  },
});

/**
 * Copies items, each just above its original and offset by `offset` of the stage, under the new
 * ids given (the editor picks them, so redo makes the same ids).
 */
export const duplicateItems = defineCommand<{
  frameId: string;
  copies: { id: string; newId: string }[];
  offset: StageFraction;
}>({
  name: 'duplicateItems',
  perform(draft, { frameId, copies, offset }) {
    const frame = frameOf(draft, frameId);
    for (const { id, newId } of copies) {
      const index = frame.items.findIndex((item) => item.id === id);
      const copy = structuredClone(current(frame.items[index]!));
      copy.id = newId;
      copy.box.left += offset;
      copy.box.top += offset;
      frame.items.splice(index, 0, copy);
    }
  },
});

/** Swaps the media of an image or video item (the 'Replace' answer to a drop). */
export const replaceMedia = defineCommand<{ frameId: string; id: string; url: string }>({
  name: 'replaceMedia',
  perform(draft, { frameId, id, url }) {
    const item = itemOf(frameOf(draft, frameId), id);
    if (item.type === 'image' || item.type === 'video' || item.type === 'audio') item.url = url;
  },
});

/** Gives a visual item a sound of its own that plays from its start (the 'Attach' answer to a drop). */
export const attachAudio = defineCommand<{ frameId: string; id: string; audio: AttachedAudio }>({
  name: 'attachAudio',
  perform(draft, { frameId, id, audio }) {
    const item = itemOf(frameOf(draft, frameId), id);
    if (item.type !== 'audio' && item.type !== 'slide') item.audio = audio;
  },
});
