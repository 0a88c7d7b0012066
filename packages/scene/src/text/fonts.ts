import type { TextRun } from '@reelwright/core';

/** The canvas font string of a run at a pixel size (bold = 700, italic), with a generic fallback. */
export function runFont(family: string, size: number, run: Pick<TextRun, 'bold' | 'italic'>): string {
  const px = Math.round(size * 100) / 100;
  return `${run.italic ? 'italic ' : ''}${run.bold ? 700 : 400} ${px}px "${family}", sans-serif`;
}
