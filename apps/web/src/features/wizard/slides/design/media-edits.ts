import type { SlideMedia, SlideText } from '@reelwright/core';
import { UPLOADED_CLIP_SECONDS } from '../../../media-edit/trim-rules';

/**
 * Edits of a text's media list, as mutators for `updateText` (they change the text in place).
 * Pure apart from that, so the add / replace / sort rules are unit-tested.
 */

/** A search result or an upload answer, as the server sends it. */
export type MediaFound = {
  url: string;
  thumbnail?: string | null;
  width?: number | null;
  height?: number | null;
  duration?: number | null;
};

/**
 * A media item from a search result or an upload. A clip gets the uploaded-clip default trim
 * 0–10 s (spec 001 §9), shorter when the clip is.
 */
export function mediaFrom(found: MediaFound, type: 'image' | 'video', id: string): SlideMedia {
  const media: SlideMedia = { id, type, url: found.url };
  if (found.thumbnail) media.thumbnail = found.thumbnail;
  if (found.width) media.width = found.width;
  if (found.height) media.height = found.height;
  if (found.duration) media.duration = found.duration;
  if (type === 'video') {
    media.startTime = 0;
    media.stopTime = Math.min(UPLOADED_CLIP_SECONDS, found.duration || UPLOADED_CLIP_SECONDS);
  }
  return media;
}

/** Adds at the end, or replaces the whole list when the text does not allow multiple media. */
export function addMedia(text: SlideText, media: SlideMedia) {
  if (text.allowMultipleMedia) text.media.push(media);
  else text.media = [media];
}

/** Puts `media` where `targetId` was (same position); adds when the target is gone. */
export function replaceMedia(text: SlideText, targetId: string, media: SlideMedia) {
  const index = text.media.findIndex((m) => m.id === targetId);
  if (index < 0) addMedia(text, media);
  else text.media[index] = media;
}

/** Adds as a new item even when the text allowed one media only: it now allows several. */
export function addMediaAsNew(text: SlideText, media: SlideMedia) {
  text.allowMultipleMedia = true;
  text.media.push(media);
}

export function removeMedia(text: SlideText, mediaId: string) {
  text.media = text.media.filter((m) => m.id !== mediaId);
}

/** Moves `mediaId` to the place of `beforeId` (before it), or to the end when null. */
export function moveMedia(text: SlideText, mediaId: string, beforeId: string | null) {
  const from = text.media.findIndex((m) => m.id === mediaId);
  if (from < 0 || mediaId === beforeId) return;
  const [moved] = text.media.splice(from, 1);
  const to = beforeId === null ? -1 : text.media.findIndex((m) => m.id === beforeId);
  if (to < 0) text.media.push(moved!);
  else text.media.splice(to, 0, moved!);
}

/**
 * Where a thumbnail dropped on `targetId` goes, as the `beforeId` of {@link moveMedia}: dragged
 * forward it lands after the target, dragged back before it, so every drop moves something.
 */
export function dropBeforeId(ids: readonly string[], mediaId: string, targetId: string | null): string | null {
  if (targetId === null) return null;
  const from = ids.indexOf(mediaId);
  const to = ids.indexOf(targetId);
  if (from < 0 || to < 0 || from > to) return targetId;
  return ids[to + 1] ?? null;
}
