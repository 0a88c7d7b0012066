import type { AutoFetchResponse } from '../../media/api';
import type { SlideMedia } from './schema';

/** Seconds of a found clip a slide plays at first; the member trims it later. */
export const FOUND_CLIP_SECONDS = 5;

/**
 * A line's picture or clip as the media auto-fetch found it (spec 001 §4), ready to attach to
 * the line: the wizard in the browser and the maker on the server attach it alike.
 */
export function slideMediaOf(found: AutoFetchResponse, id: string): SlideMedia {
  return {
    id,
    type: found.type,
    url: found.url,
    thumbnail: found.thumbnail ?? undefined,
    width: found.width,
    height: found.height,
    duration: found.duration,
    ...(found.type === 'video'
      ? { startTime: 0, stopTime: Math.min(found.duration ?? FOUND_CLIP_SECONDS, FOUND_CLIP_SECONDS) }
      : {}),
  };
}
