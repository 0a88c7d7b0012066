import type { SlideItem } from '@reelwright/core';
import type { ItemUtil } from './types';

/**
 * Slide: a panel whose whole picture is its background, which `drawItem` paints for every item
 * inside the item's rounded corners, under its border and with its box shadow (D37).
 */
export const slideUtil: ItemUtil<SlideItem> = {
  type: 'slide',
  visual: true,
  boxShadow: () => true,
  draw() {},
};
