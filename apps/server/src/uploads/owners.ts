import { and, eq, inArray, or } from 'drizzle-orm';
import type { Db } from '../db/client';
import { libraryItems } from './tables';

/**
 * Which of these `/media/uploads/…` addresses (files or their thumbnails) are the member's own
 * uploads or imports (docs/security.md V12). Media merely recorded as used does not count: that
 * row names an address, it does not prove whose file it is.
 */
export async function ownUploadUrls(db: Db, userId: number, urls: readonly string[]): Promise<Set<string>> {
  if (urls.length === 0) return new Set();
  const rows = await db
    .select({ url: libraryItems.url, thumbnail: libraryItems.thumbnail })
    .from(libraryItems)
    .where(
      and(
        eq(libraryItems.userId, userId),
        inArray(libraryItems.source, ['upload', 'url']),
        or(inArray(libraryItems.url, [...urls]), inArray(libraryItems.thumbnail, [...urls])),
      ),
    );
  return new Set(rows.flatMap((row) => [row.url, ...(row.thumbnail ? [row.thumbnail] : [])]));
}
