import type { Item } from '@reelwright/core';
import type { NewItemSource } from './new-items';

/** What may be dropped onto the stage (spec 002 §2: image, video, audio or text only). */
export const DROPPABLE_TYPES = ['image', 'video', 'audio', 'text'] as const;

/** A media type from a file name's or link path's extension; null when it names none. */
export function mediaTypeOfName(name: string): 'image' | 'video' | 'audio' | null {
  const lower = name.toLowerCase();
  if (/\.(mp4|webm|mov|m4v|ogv)$/.test(lower)) return 'video';
  if (/\.(mp3|wav|ogg|oga|m4a|aac|flac)$/.test(lower)) return 'audio';
  if (/\.(png|jpe?g|gif|webp|avif|svg|bmp)$/.test(lower)) return 'image';
  return null;
}

/** The question a drop onto an item asks, with its two answers in the spec's words. */
export type DropQuestion =
  | { kind: 'replace'; answers: readonly ['Replace', 'Add as new'] }
  | { kind: 'attach'; answers: readonly ['Attach', 'Add to timeline'] };
export type DropAnswer = 'Replace' | 'Add as new' | 'Attach' | 'Add to timeline';

export const REPLACE_QUESTION: DropQuestion = { kind: 'replace', answers: ['Replace', 'Add as new'] };
export const ATTACH_QUESTION: DropQuestion = { kind: 'attach', answers: ['Attach', 'Add to timeline'] };

/**
 * What a drop does (spec 002 §2): media dropped on an item of the same type asks 'Replace' or
 * 'Add as new'; audio dropped on a visual item asks 'Attach' or 'Add to timeline'; anything else
 * is added as a new item. Null when `type` cannot be dropped.
 */
export function dropOutcome(type: string, target: Item | null): 'add' | DropQuestion | null {
  if (!(DROPPABLE_TYPES as readonly string[]).includes(type)) return null;
  if (!target) return 'add';
  if (type === 'audio' && target.type !== 'audio') return ATTACH_QUESTION;
  if (type !== 'text' && target.type === type) return REPLACE_QUESTION;
  return 'add';
}

/** A drop waiting for the author's answer. */
export type PendingDrop = {
  source: NewItemSource;
  targetId: string;
  question: DropQuestion;
  at: { x: number; y: number };
};
