import type { Item } from '@reelwright/core';
import { audioUtil } from './audio';
import { galleryUtil } from './gallery';
import { imageUtil } from './image';
import { slideUtil } from './slide';
import { textUtil } from './text';
import type { ItemUtil } from './types';
import { videoUtil } from './video';

/** The util of each item type (STYLE principle 8). */
export const ITEM_UTILS: { [K in Item['type']]: ItemUtil<Extract<Item, { type: K }>> } = {
  text: textUtil,
  image: imageUtil,
  video: videoUtil,
  gallery: galleryUtil,
  audio: audioUtil,
  slide: slideUtil,
};

/** The util for an item. */
export function utilFor<T extends Item>(item: T): ItemUtil<T> {
  return ITEM_UTILS[item.type] as unknown as ItemUtil<T>;
}
