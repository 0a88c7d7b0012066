import type { Abilities } from '../account/schemas';
import { MIN_ITEM_DURATION, type Movie, type Watermark } from '../video';

/** What a plan imposes on a published video (spec 000 §1: free videos carry a watermark and stop at 60 s). */
export type PublishRules = {
  /** The product's watermark replaces the member's own. */
  watermarkForced: boolean;
  /** The longest video in seconds, or null for no limit. */
  maxSeconds: number | null;
};

/** The rules a member's abilities set on what they publish: the forced watermark and the longest video. */
export function publishRulesFor(abilities: Pick<Abilities, 'watermarkForced' | 'maxVideoSeconds'>): PublishRules {
  return { watermarkForced: abilities.watermarkForced, maxSeconds: abilities.maxVideoSeconds };
}

/** The watermark of free videos: the product's name, bottom right, as the model's defaults place it. */
export const PRODUCT_WATERMARK: Watermark = {
  type: 'text',
  text: 'Made with Reelwright',
  positionX: 'right',
  positionY: 'bottom',
  opacity: 0.7,
  margin: 15,
  fontFamily: 'Inter',
  color: '#ffffff',
};

/**
 * The movie cut to `seconds`: frames that start at or after the cut are dropped and the frame
 * across it is shortened (unless less than MIN_ITEM_DURATION of it would remain). Items and sounds past a frame's end are already neither drawn nor
 * heard, so nothing else needs trimming.
 */
export function trimMovie(movie: Movie, seconds: number): Movie {
  const frames: Movie['frames'] = [];
  let at = 0;
  for (const frame of movie.frames) {
    // A sliver too short to be a frame is left out: the video ends a moment early instead.
    if (seconds - at < MIN_ITEM_DURATION) break;
    frames.push(at + frame.duration > seconds ? { ...frame, duration: seconds - at } : frame);
    at += frame.duration;
  }
  return { ...movie, frames };
}

/** The movie as the plan lets it be published. */
export function applyPublishRules(movie: Movie, rules: PublishRules): Movie {
  const limited = rules.maxSeconds === null ? movie : trimMovie(movie, rules.maxSeconds);
  return rules.watermarkForced ? { ...limited, watermark: PRODUCT_WATERMARK } : limited;
}
