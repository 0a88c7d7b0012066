import {
  createTextItem,
  type Item,
  ItemSchema,
  newItemTiming,
  type Seconds,
  type StageFraction,
} from '@reelwright/core';

/** What can be put on the stage: dropped, pasted or picked in the add-item panel (spec 002 §2). */
export type NewItemSource =
  | { type: 'text'; text: string }
  | { type: 'image'; url: string }
  | { type: 'video'; url: string }
  | { type: 'audio'; url: string; duration?: Seconds };

/** A new item's share of the stage's width and height (spec 002 §9: 50 %). */
export const NEW_ITEM_SIZE = 0.5;
/** The words a text item starts with when none are given. */
export const NEW_TEXT = 'Your text here';

/**
 * A new item (spec 002 §2): it starts at the playhead and stops 3 s later, and takes half the
 * stage's width and height, centred on `centre` (the stage's centre by default) and kept on it.
 */
export function newItem(
  id: string,
  source: NewItemSource,
  playhead: Seconds,
  centre: { x: StageFraction; y: StageFraction } = { x: 0.5, y: 0.5 },
): Item {
  const timing = newItemTiming(playhead);
  const box = {
    left: clampToStage(centre.x - NEW_ITEM_SIZE / 2),
    top: clampToStage(centre.y - NEW_ITEM_SIZE / 2),
    width: NEW_ITEM_SIZE,
    height: NEW_ITEM_SIZE,
  };
  switch (source.type) {
    case 'text':
      return createTextItem(id, source.text || NEW_TEXT, { timing, box: { ...box, rotate: 0, opacity: 1 } });
    case 'audio':
      return ItemSchema.parse({ id, type: 'audio', url: source.url, duration: source.duration, timing, box });
    default:
      return ItemSchema.parse({ id, type: source.type, url: source.url, timing, box });
  }
}

function clampToStage(edge: StageFraction): StageFraction {
  return Math.min(Math.max(edge, 0), 1 - NEW_ITEM_SIZE);
}
