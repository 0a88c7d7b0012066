import {
  createTextItem,
  type Item,
  ItemSchema,
  type MediaCredit,
  type ObjectFit,
  newItemTiming,
  type Seconds,
  type StageFraction,
} from '@reelwright/core';

/** What can be put on the stage: dropped, pasted or picked in the add-item panel (spec 002 §2). */
export type NewItemSource =
  | { type: 'text'; text: string }
  | (MediaSource & { type: 'image'; fit?: ObjectFit })
  | (MediaSource & { type: 'video' })
  | (MediaSource & { type: 'audio'; duration?: Seconds });

/** What every media source may say beside its url: the timeline's name for it, and its credit. */
type MediaSource = { url: string; label?: string; credit?: MediaCredit };

/** A new item's share of the stage's width and height (spec 002 §9: 50 %). */
export const NEW_ITEM_SIZE = 0.5;
/** The words a text item starts with when none are given. */
export const NEW_TEXT = 'Your text here';

/**
 * A new item (spec 002 §2): it starts at the playhead and stops 3 s later, and takes half the
 * stage's width and height, centred on `centre` (the stage's centre by default) and kept on it.
 * Found media keeps its credit (engine and licence) for the video's credits.
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
    default:
      // The source's own fields (url, label, credit; an audio's duration, a picture's fit).
      return ItemSchema.parse({ ...source, id, timing, box });
  }
}

function clampToStage(edge: StageFraction): StageFraction {
  return Math.min(Math.max(edge, 0), 1 - NEW_ITEM_SIZE);
}
