import type { TextItem } from '@reelwright/core';
import { boxToPx, layoutText, REFERENCE_HEIGHT } from '@reelwright/scene';
import type { LayoutCache, MeasureText } from '../../../builder/text-refit';

let context: CanvasRenderingContext2D | null = null;

/**
 * Lays a text item out as the renderer does, at the movie's own size, in this browser: the line
 * breaks the author sees, kept for the export (DESIGN §6). Null until the item's font is loaded,
 * so a fallback font's lines are never stored.
 */
export const measureTextInBrowser: MeasureText = (item: TextItem, movie): LayoutCache | null => {
  const family = item.font.family;
  if (!document.fonts.check(`400 16px "${family}"`)) return null;
  context ??= document.createElement('canvas').getContext('2d');
  if (!context) return null;
  const rect = boxToPx(item.box, movie);
  return layoutText(context, item, rect, movie.height / REFERENCE_HEIGHT).cache;
};
