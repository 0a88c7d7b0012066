/**
 * A render's caption files (D68): its narration's cues as SubRip (`renders/<publicId>.srt`, for
 * video sites) and WebVTT (`renders/<publicId>.vtt`, for the embed page's player), stored beside
 * the MP4 when the render finishes. A video without narration words gets none.
 */
import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { type Movie, movieCues, toSrt, toVtt } from '@reelwright/core';
import type { FileStore } from '../storage';

export type CaptionFormat = 'srt' | 'vtt';

/** How each caption file is served. */
export const CAPTION_CONTENT_TYPES: Record<CaptionFormat, string> = {
  srt: 'application/x-subrip; charset=utf-8',
  vtt: 'text/vtt; charset=utf-8',
};

/** Storage key of a render's caption file. */
export const captionKey = (publicId: string, format: CaptionFormat) => `renders/${publicId}.${format}`;

/** Writes and stores the render's `.srt` and `.vtt`; answers whether there were cues to write. */
export async function storeCaptions(
  files: FileStore,
  movie: Movie,
  publicId: string,
  workDir: string,
): Promise<boolean> {
  const cues = movieCues(movie);
  if (cues.length === 0) return false;
  const written = { srt: toSrt(cues), vtt: toVtt(cues) };
  for (const format of ['srt', 'vtt'] as const) {
    const local = path.join(workDir, `${publicId}.${format}`);
    try {
      await writeFile(local, written[format], 'utf8');
      await files.put(captionKey(publicId, format), local, CAPTION_CONTENT_TYPES[format]);
    } finally {
      await rm(local, { force: true });
    }
  }
  return true;
}
