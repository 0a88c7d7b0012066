import type { AudioItem } from '@reelwright/core';
import type { ItemUtil } from './types';

/** Audio: heard, not seen (the audio plan plays it); draws nothing. */
export const audioUtil: ItemUtil<AudioItem> = {
  type: 'audio',
  visual: false,
  boxShadow: () => false,
  draw() {},
};
