/**
 * How large a picture we decode (issue 15): the size is read from the file's header, which costs
 * nothing, and checked before any pixel is decoded. A decoder needs memory for every pixel, so a
 * small file declaring a huge picture (a 12 KB PNG of 100000000×1) would otherwise take gigabytes.
 */
import type { Metadata } from 'sharp';
import { AppError } from '../errors';

/** Longest side, in pixels (WebP's own limit is 16383). */
export const MAX_IMAGE_SIDE = 16_384;
/** Pixels of a picture, or of all frames of an animation together: a 50-megapixel phone photo (8160×6120) fits. */
export const MAX_IMAGE_PIXELS = 50_000_000;

/**
 * Options for `sharp()` that make the decoder itself refuse more than the limit, as a second
 * guard behind `checkImageSize`.
 */
export const IMAGE_INPUT_LIMITS = { limitInputPixels: MAX_IMAGE_PIXELS } as const;

/** What is wrong with a picture's declared size, or undefined when it is within the limits. */
export function imageSizeProblem(size: { width: number; height: number; frames?: number }): string | undefined {
  const { width, height } = size;
  const frames = Math.max(1, size.frames ?? 1);
  const limits = `Images can be at most ${MAX_IMAGE_SIDE} pixels on a side and ${MAX_IMAGE_PIXELS / 1_000_000} megapixels`;
  if (width > MAX_IMAGE_SIDE || height > MAX_IMAGE_SIDE || width * height > MAX_IMAGE_PIXELS) {
    return `${limits}; this one is ${width}×${height}.`;
  }
  if (width * height * frames > MAX_IMAGE_PIXELS) {
    return `${limits} over all frames of an animation; this one is ${width}×${height} with ${frames} frames.`;
  }
  return undefined;
}

/**
 * 413 when the header in `metadata` declares too large a picture. Opened with `animated: true`, an
 * animation reports its frame height as `pageHeight` and all its frames are decoded, so they
 * count together; opened without, only the first frame is.
 */
export function checkImageSize(metadata: Metadata, field = 'file'): void {
  const animated = metadata.pageHeight !== undefined;
  const problem = imageSizeProblem({
    width: metadata.width,
    height: metadata.pageHeight ?? metadata.height,
    frames: animated ? metadata.pages : 1,
  });
  if (problem) throw new AppError(413, 'image_too_large', problem, field);
}
