import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { type MediaSearchProvider, rankByWords } from '../providers/media/types';
import { libraryItems } from './tables';

/** How many of a member's latest items a search ranks. */
const SEARCH_WINDOW = 1000;

/**
 * The `library` engine: the member's own uploads, imports and media used before, searched by
 * name and keywords (the same ranking as the other offline engines). Without a member it finds
 * nothing; it never sees another member's items.
 */
export function libraryEngine(db: Db): MediaSearchProvider {
  return {
    engine: 'library',
    types: ['image', 'video', 'audio'],
    async search(query) {
      if (query.memberId === undefined) return [];
      const rows = await db
        .select()
        .from(libraryItems)
        .where(and(eq(libraryItems.userId, query.memberId), eq(libraryItems.kind, query.type)))
        .orderBy(desc(libraryItems.createdAt), desc(libraryItems.id))
        .limit(SEARCH_WINDOW);
      return rankByWords(rows, query.keyword, (row) => ({ name: row.name, tags: row.keywords }), query.num).map(
        (row) => ({
          url: row.url,
          thumbnail: row.thumbnail ?? (row.kind === 'image' ? row.url : ''),
          name: row.name,
          width: row.width,
          height: row.height,
          ...(row.duration === null ? {} : { duration: row.duration }),
        }),
      );
    },
  };
}
