/**
 * The size of an exported video. The stage keeps the spec's size (1024×576 for Wide) and all
 * geometry is relative to it, so the export can be any size of the same shape: the member picks
 * the short side in the publish dialog, 1080p by default (1920×1080 for Wide).
 */

/** The short sides the publish dialog offers, best first. */
export const EXPORT_QUALITIES = { '1080p': 1080, '720p': 720 } as const;
export type ExportQuality = keyof typeof EXPORT_QUALITIES;
export const DEFAULT_EXPORT_QUALITY: ExportQuality = '1080p';

/** The nearest even number (H.264 in yuv420p needs even sides). */
const even = (n: number) => Math.max(2, 2 * Math.round(n / 2));

/** Pixel size of an export whose short side is `shortSide`, at the movie's aspect ratio. */
export function exportSize(
  movieSize: { width: number; height: number },
  shortSide: number,
): { width: number; height: number } {
  const { width, height } = movieSize;
  if (width >= height) return { width: even((shortSide * width) / height), height: even(shortSide) };
  return { width: even(shortSide), height: even((shortSide * height) / width) };
}
