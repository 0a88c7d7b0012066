import type { Item } from '@reelwright/core';
import type { Rect } from '../../motion/types';
import type { DrawContext } from '../context';

/**
 * Per-kind drawing behaviour (STYLE principle 8): one util per item type, looked up in
 * `ITEM_UTILS`, so drawFrame has no switch on the item type.
 */
export type ItemUtil<T extends Item = Item> = {
  type: T['type'];
  /** False for items that draw nothing (audio): no background, border or shadow either. */
  visual: boolean;
  /** Whether the style's shadow falls from the box (media, containers) rather than the glyphs. */
  boxShadow(item: T): boolean;
  /**
   * Draws the item's content into `rect` (output pixels); the box transform, motion, opacity
   * and filters are already applied to the context. `local` is seconds since the item appeared.
   */
  draw(dc: DrawContext, item: T, rect: Rect, local: number): void;
};
