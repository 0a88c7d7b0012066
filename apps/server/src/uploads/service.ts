import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { searchWords } from '../providers/media/types';
import type { FileStore } from '../storage';
import { writeCleanCopy } from './clean-copy';
import { inspectMedia, type MediaKind, makeThumbnail } from './inspect';
import { type LibraryItem, libraryItems } from './tables';

export type UploadDeps = { db: Db; files: FileStore; limits: Record<MediaKind, number> };

/** What an upload or import answers (issue 6). */
export type UploadedMedia = {
  url: string;
  thumbnail: string | null;
  name: string;
  width: number;
  height: number;
  duration: number | null;
  type: MediaKind;
};

/**
 * Checks, measures and stores a local file as `uploads/<random>.<ext>` (+ `.thumb.jpg`) and
 * adds it to the member's library. What is stored is the clean copy: no metadata, nothing
 * after the media data (clean-copy.ts). Nothing is stored unless every check passed; a failed
 * database write removes the stored files again.
 */
export async function importMedia(
  deps: UploadDeps,
  options: { userId: number; file: string; name: string; source: 'upload' | 'url' },
): Promise<UploadedMedia> {
  const media = await inspectMedia(options.file, deps.limits);
  const cleanFile = `${options.file}.clean`;
  await writeCleanCopy(options.file, media, cleanFile);
  const thumbFile = `${options.file}.thumb.jpg`;
  const hasThumb = await makeThumbnail(cleanFile, media, thumbFile);
  const base = `uploads/${randomBytes(16).toString('hex')}`;
  const key = `${base}.${media.ext}`;
  const thumbKey = hasThumb ? `${base}.thumb.jpg` : null;
  const name = cleanName(options.name) || `${media.kind} ${new Date().toISOString().slice(0, 10)}`;
  try {
    if (thumbKey) await deps.files.put(thumbKey, thumbFile, 'image/jpeg');
    await deps.files.put(key, cleanFile, media.mime);
    const [row] = await deps.db
      .insert(libraryItems)
      .values({
        userId: options.userId,
        url: `/media/${key}`,
        kind: media.kind,
        name,
        keywords: searchWords(name),
        width: media.width,
        height: media.height,
        duration: media.duration ?? null,
        thumbnail: thumbKey ? `/media/${thumbKey}` : null,
        source: options.source,
      })
      .returning();
    return presentUpload(row as LibraryItem);
  } catch (error) {
    await Promise.all([deps.files.remove(key), thumbKey ? deps.files.remove(thumbKey) : undefined]).catch(() => {});
    throw error;
  }
}

export function presentUpload(item: LibraryItem): UploadedMedia {
  return {
    url: item.url,
    thumbnail: item.thumbnail,
    name: item.name,
    width: item.width,
    height: item.height,
    duration: item.duration,
    type: item.kind,
  };
}

/** A file name as a display name: no folders, no extension, no control characters, at most 200 characters. */
export function cleanName(fileName: string): string {
  const base = fileName.split(/[/\\]/).pop() ?? '';
  return base
    .replace(/\.[A-Za-z0-9]{1,5}$/, '')
    .replace(/[\p{Cc}]/gu, '')
    .replace(/[_]+/g, ' ')
    .trim()
    .slice(0, 200);
}

export type UsedMediaInput = {
  url: string;
  name: string;
  keywords: string[];
  type: MediaKind;
  thumbnail?: string | undefined;
  width?: number | undefined;
  height?: number | undefined;
  duration?: number | undefined;
};

/**
 * Records media the member used (spec 002: the library holds media used before). Using the same
 * URL again refreshes its name and keywords and moves it to the top.
 */
export async function recordUsedMedia(db: Db, userId: number, input: UsedMediaInput): Promise<UploadedMedia> {
  const keywords = [...new Set([...searchWords(input.name), ...input.keywords.flatMap(searchWords)])].slice(0, 50);
  const values = {
    userId,
    url: input.url,
    kind: input.type,
    name: input.name.trim().slice(0, 200),
    keywords,
    width: input.width ?? 0,
    height: input.height ?? 0,
    duration: input.duration ?? null,
    thumbnail: input.thumbnail ?? null,
    source: 'used' as const,
  };
  const [row] = await db
    .insert(libraryItems)
    .values(values)
    .onConflictDoUpdate({
      target: [libraryItems.userId, libraryItems.url],
      set: { name: values.name, keywords: sql`excluded.keywords`, createdAt: sql`now()` },
    })
    .returning();
  return presentUpload(row as LibraryItem);
}

export { checkImageSize, IMAGE_INPUT_LIMITS } from './image-limits';
export { formatBytes } from './inspect';
// What other domains use of uploads: the library's search engine, and the image checks of media
// a member adds (background removal makes a new upload).
export { libraryEngine } from './library-search';
export { ownUploadUrls } from './owners';
export { uploadWorkspace } from './workspace';
