import { doublePrecision, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../accounts/tables';

/**
 * A member's local library (issue 6, spec 002 add-item panel): their uploads and imports
 * (`source` `upload` | `url`) and media they used before (`used`), searchable by name and
 * keywords through the `library` media engine. One row per member and URL.
 */
export const libraryItems = pgTable(
  'library_items',
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** `/media/uploads/<random>.<ext>` for uploads and imports; any http(s) URL for media used before. */
    url: text().notNull(),
    kind: text({ enum: ['image', 'video', 'audio'] }).notNull(),
    name: text().notNull(),
    /** Lower-cased search words besides the name. */
    keywords: text().array().notNull().default([]),
    /** Pixels; 0 when unknown (audio). */
    width: integer().notNull().default(0),
    height: integer().notNull().default(0),
    /** Seconds, for video and audio. */
    duration: doublePrecision(),
    /** A 320 px wide JPEG for images and video; null for audio. */
    thumbnail: text(),
    source: text({ enum: ['upload', 'url', 'used'] }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex().on(t.userId, t.url), index().on(t.userId, t.createdAt)],
);

export type LibraryItem = typeof libraryItems.$inferSelect;
