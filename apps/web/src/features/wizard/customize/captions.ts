import type { CaptionSettings, Movie } from '@reelwright/core';

/**
 * The customize step's captions choice on the video (D68): a style burns them in, 'off' takes them
 * out, and no choice leaves what the builder set.
 */
export function applyWizardCaptions(video: Pick<Movie, 'captions'>, style: CaptionSettings['style'] | undefined) {
  if (style === undefined) return;
  if (style === 'off') delete video.captions;
  else video.captions = { style };
}
