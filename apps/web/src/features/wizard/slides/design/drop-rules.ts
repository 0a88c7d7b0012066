import type { SlideMedia } from '@reelwright/core';
import type { MediaFound } from './media-edits';

/**
 * What a drop onto the media area means (spec 001 §4 "Drops"). Pure, so the rules are tested
 * without a browser; `MediaSection` turns the decision into a question or an edit.
 */

/** What a dragged thing is, as far as the media area cares. */
export type DragKind = 'image' | 'video' | 'audio' | 'other';

/** Where a drag comes from: a file of the computer, or a media thumbnail of a slide. */
export type DragSource =
  | { from: 'file'; kind: DragKind }
  | { from: 'thumb'; kind: 'image' | 'video'; slideId: string; textId: string; mediaId: string };

/** What is under the pointer: a thumbnail of the active text, or the area around them. */
export type DropTarget = { kind: 'image' | 'video'; mediaId: string } | null;

export type DropDecision =
  /** A thumbnail of this very text moved: sort the list, no question. */
  | { action: 'reorder'; mediaId: string; toMediaId: string | null }
  /** Same type over an existing item: ask 'Replace' or 'Add as new'. */
  | { action: 'ask-replace'; targetId: string }
  /** Audio over the visual items: ask 'Attach' or 'Add to timeline'. */
  | { action: 'ask-audio' }
  /** Added at the end (or replaces when the text allows one media only, see media-edits.ts). */
  | { action: 'add' }
  | { action: 'ignore' };

/** The kind of a file, by its MIME type and else its extension. */
export function fileKind(mime: string, name: string): DragKind {
  const major = mime.split('/')[0];
  if (major === 'image' && mime !== 'image/svg+xml') return 'image';
  if (major === 'video') return 'video';
  if (major === 'audio') return 'audio';
  const ext = name.toLowerCase().split('.').pop() ?? '';
  if (['jpg', 'jpeg', 'png', 'webp', 'gif'].includes(ext)) return 'image';
  if (['mp4', 'webm', 'mov'].includes(ext)) return 'video';
  if (['mp3', 'wav', 'ogg', 'm4a'].includes(ext)) return 'audio';
  return 'other';
}

/**
 * Decides a drop. A thumbnail of the same text dropped anywhere in its own list is sorting (the
 * list is drag-sortable); a file or a thumbnail from another text or slide dropped on an item of
 * the same type asks Replace / Add as new; audio anywhere asks Attach / Add to timeline; any
 * other image or video is added. SVG and other files are ignored (the server refuses them).
 */
export function decideDrop(
  source: DragSource,
  target: DropTarget,
  here: { slideId: string; textId: string },
): DropDecision {
  if (source.kind === 'other') return { action: 'ignore' };
  if (source.kind === 'audio') return { action: 'ask-audio' };
  if (source.from === 'thumb' && source.slideId === here.slideId && source.textId === here.textId) {
    if (target?.mediaId === source.mediaId) return { action: 'ignore' };
    return { action: 'reorder', mediaId: source.mediaId, toMediaId: target?.mediaId ?? null };
  }
  if (target && target.kind === source.kind) return { action: 'ask-replace', targetId: target.mediaId };
  return { action: 'add' };
}

/** The MIME type a media thumbnail or a search result carries in a drag (JSON: `ThumbDragData`). */
export const THUMB_DRAG_TYPE = 'application/x-reelwright-media';

/**
 * What a dragged thumbnail carries: where it comes from and the item (a slide's media) or the
 * search result (`found`; slideId and textId 'search').
 */
export type ThumbDragData = {
  slideId: string;
  textId: string;
  mediaId: string;
  type: 'image' | 'video';
  media?: SlideMedia;
  found?: MediaFound;
};

/** Reads a drag's JSON; null when it is not one of ours. */
export function parseThumbDrag(json: string): ThumbDragData | null {
  try {
    const data = JSON.parse(json) as Partial<ThumbDragData>;
    if (typeof data.slideId !== 'string' || typeof data.textId !== 'string') return null;
    if (data.type !== 'image' && data.type !== 'video') return null;
    const url = data.media?.url ?? data.found?.url;
    if (typeof url !== 'string' || !url) return null;
    return { ...data, mediaId: typeof data.mediaId === 'string' ? data.mediaId : '' } as ThumbDragData;
  } catch {
    return null;
  }
}

/** The drag source of a thumbnail drag, for {@link decideDrop}. */
export const thumbSource = (data: ThumbDragData): DragSource => ({
  from: 'thumb',
  kind: data.type,
  slideId: data.slideId,
  textId: data.textId,
  mediaId: data.mediaId,
});
