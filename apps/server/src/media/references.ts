/**
 * The media a member's project may name (issue 31 finding 1, docs/security.md V12): the pure rule
 * of `storage/media-rule.ts` for every media field of the movie, then the ownership of stored
 * files that must be the member's own. Checked when a project is saved (a 400 naming the item)
 * and again by every job that reads a project's media (a refusal, not a read).
 */
import { type MediaField, type Movie, movieMediaFields } from '@reelwright/core';
import type { Db } from '../db/client';
import { badRequest } from '../errors';
import { usableSpeechKeys } from '../speech/service';
import { mediaReferenceOf } from '../storage/media-rule';
import { ownUploadUrls } from '../uploads/service';

/** A media address the project may not use, where it sits, and why. */
export type RefusedMedia = { url: string; field: MediaField; reason: 'not_allowed' | 'not_yours' };

/**
 * Every media address of `movie` the member may not use (none when all are allowed). Stored files
 * in `ownedBefore` (a patch's document before it: already checked when it was saved) are not
 * looked up again, so an autosave costs no ownership query unless it adds a stored file.
 */
export async function refusedMedia(
  db: Db,
  userId: number,
  movie: Movie,
  ownedBefore: ReadonlySet<string> = new Set(),
): Promise<RefusedMedia[]> {
  const refused: RefusedMedia[] = [];
  const owned: { url: string; field: MediaField; key: string; folder: string }[] = [];
  for (const { url, field } of movieMediaFields(movie)) {
    const reference = mediaReferenceOf(url);
    if (reference.kind === 'refused') refused.push({ url, field, reason: 'not_allowed' });
    else if (reference.kind === 'owned' && !ownedBefore.has(url)) {
      owned.push({ url, field, key: reference.key, folder: reference.folder });
    }
  }
  if (owned.length > 0) {
    const uploads = await ownUploadUrls(
      db,
      userId,
      owned.filter((o) => o.folder === 'uploads').map((o) => o.url),
    );
    const speech = await usableSpeechKeys(
      db,
      userId,
      owned.filter((o) => o.folder !== 'uploads').map((o) => o.key),
    );
    for (const o of owned) {
      const usable = o.folder === 'uploads' ? uploads.has(o.url) : speech.has(o.key);
      if (!usable) refused.push({ url: o.url, field: o.field, reason: 'not_yours' });
    }
  }
  return refused;
}

/**
 * Whether the member may use one stored media address (`/media/…`): a file every member may use,
 * or one of their own uploads, recordings or speech clips. Anything else, malformed included,
 * may not be used.
 */
export async function storedMediaUsable(db: Db, userId: number, url: string): Promise<boolean> {
  const reference = mediaReferenceOf(url);
  if (reference.kind === 'shared') return true;
  if (reference.kind !== 'owned') return false;
  if (reference.folder === 'uploads') return (await ownUploadUrls(db, userId, [url])).has(url);
  return (await usableSpeechKeys(db, userId, [reference.key])).has(reference.key);
}

/**
 * The member's own stored files a stored document names anywhere (it was checked when saved). A
 * walk over its strings rather than its media fields: a stored document may be of an older version.
 */
export function ownedMediaUrls(document: unknown): Set<string> {
  const found = new Set<string>();
  const walk = (value: unknown): void => {
    if (typeof value === 'string') {
      if (value.startsWith('/media/') && mediaReferenceOf(value).kind === 'owned') found.add(value);
    } else if (Array.isArray(value)) {
      for (const item of value) walk(item);
    } else if (value !== null && typeof value === 'object') {
      for (const item of Object.values(value)) walk(item);
    }
  };
  walk(document);
  return found;
}

/** The address as the member gave it, short enough for a message. */
export const shownUrl = (url: string) => JSON.stringify(url.length > 120 ? `${url.slice(0, 120)}…` : url);

/** Where a field is, as a person finds it: `slide 2, image item "photo"` (or the movie's music, …). */
export function describeField(field: MediaField): string {
  const [first, , , , ...rest] = field.path;
  if (field.frameIndex === undefined) {
    if (first === 'audio') return 'the background music';
    if (first === 'watermark') return 'the watermark image';
    return 'the video background';
  }
  const slide = `slide ${field.frameIndex + 1}`;
  if (!field.item) return `the background of ${slide}`;
  const item = `${slide}, ${field.item.type} item "${field.item.id}"`;
  const part = rest[0];
  if (part === 'background') return `the background of ${item}`;
  if (part === 'audio') return `the sound of ${item}`;
  if (part === 'poster') return `the poster of ${item}`;
  return item;
}

/** One sentence per refusal, naming the item and the address. */
export function refusalSentence(refusal: RefusedMedia): string {
  const why =
    refusal.reason === 'not_yours'
      ? 'is not one of your uploads, recordings or speech clips'
      : 'is not media the video can use (use your uploads, the media search, or an http(s) address)';
  return `${describeField(refusal.field)}: ${shownUrl(refusal.url)} ${why}.`;
}

/**
 * A 400 naming the first refused items, for a save; `input` is the part of the request the
 * document came from (`data_json` or `diff`).
 */
export async function assertMediaAllowed(
  db: Db,
  options: { userId: number; movie: Movie; input: 'data_json' | 'diff'; ownedBefore?: ReadonlySet<string> },
): Promise<void> {
  const refused = await refusedMedia(db, options.userId, options.movie, options.ownedBefore);
  if (refused.length === 0) return;
  const named = refused.slice(0, 3).map(refusalSentence).join(' ');
  const more = refused.length > 3 ? ` (and ${refused.length - 3} more)` : '';
  throw badRequest(`${options.input}: ${named}${more}`, options.input, 'media_not_allowed');
}

/** A job refuses to read a project whose media the member may not use (saved before the rule). */
export class MediaRefusedError extends Error {
  constructor(readonly refused: RefusedMedia[]) {
    super(`The video uses media it may not: ${refused.map(refusalSentence).join(' ')}`);
    this.name = 'MediaRefusedError';
  }
}

/** Throws MediaRefusedError unless every media address of the movie is one the member may use. */
export async function assertMovieMediaUsable(db: Db, userId: number, movie: Movie): Promise<void> {
  const refused = await refusedMedia(db, userId, movie);
  if (refused.length > 0) throw new MediaRefusedError(refused);
}
