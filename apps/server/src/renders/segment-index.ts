/** The segment store's index in the database (`render_segments`, D75), for `createSegmentCache`. */
import { and, inArray, lt } from 'drizzle-orm';
import type { Db } from '../db/client';
import type { SegmentIndex } from '../render/segment-cache';
import { renderSegments } from './tables';

export function segmentIndex(db: Db): SegmentIndex {
  return {
    async record(hash, bytes, now) {
      await db
        .insert(renderSegments)
        .values({ hash, bytes, createdAt: now, lastUsedAt: now })
        .onConflictDoUpdate({ target: renderSegments.hash, set: { bytes, lastUsedAt: now } });
    },
    async touch(hashes, now) {
      if (hashes.length === 0) return new Set();
      const rows = await db
        .update(renderSegments)
        .set({ lastUsedAt: now })
        .where(inArray(renderSegments.hash, [...new Set(hashes)]))
        .returning({ hash: renderSegments.hash });
      return new Set(rows.map((r) => r.hash));
    },
    list: () => db.select().from(renderSegments).orderBy(renderSegments.lastUsedAt),
    async remove(hashes, before) {
      if (hashes.length === 0) return [];
      const rows = await db
        .delete(renderSegments)
        .where(and(inArray(renderSegments.hash, hashes), lt(renderSegments.lastUsedAt, before)))
        .returning({ hash: renderSegments.hash });
      return rows.map((r) => r.hash);
    },
  };
}
