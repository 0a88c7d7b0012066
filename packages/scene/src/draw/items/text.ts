import type { TextItem } from '@reelwright/core';
import { drawText } from '../../text/draw-text';
import type { ItemUtil } from './types';

/** Text: rich runs wrapped in the box, with container, highlighter and split motion. */
export const textUtil: ItemUtil<TextItem> = {
  type: 'text',
  visual: true,
  boxShadow: (item) => !!item.container,
  draw(dc, item, rect, local) {
    drawText(dc, item, rect, local);
  },
};
