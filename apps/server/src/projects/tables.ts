import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../accounts/tables';

/** Saved projects: the document `{ schemaVersion, wizard, video }` and its canonical hash. */
export const projects = pgTable(
  'projects',
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text().notNull().default(''),
    title: text().notNull().default(''),
    /** 'project', or 'reserved' for the member's one special project. */
    category: text().notNull().default('project'),
    thumbnail: text(),
    tutorial: boolean().notNull().default(false),
    data: jsonb().notNull(),
    /** SHA-256 of the canonical JSON of `data`, checked against every patch. */
    dataHash: text().notNull(),
    /** Unguessable id of the public embed page (`embed.html?hash=`), made on first request. */
    embedHash: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('projects_user_updated_idx').on(t.userId, t.updatedAt),
    uniqueIndex('projects_embed_hash').on(t.embedHash),
    uniqueIndex('projects_one_reserved_per_user').on(t.userId).where(sql`category = 'reserved'`),
  ],
);

/**
 * The current poster frame of each project (D69): the stored WebP's key and the document it was
 * drawn from (`sourceHash`: the document hash and the poster version), so an unchanged save
 * draws nothing. One row per project, gone with the project.
 */
export const projectThumbnails = pgTable('project_thumbnails', {
  projectId: integer()
    .primaryKey()
    .references(() => projects.id, { onDelete: 'cascade' }),
  sourceHash: text().notNull(),
  /** `thumbnails/<project id>-<hash of the image>.webp` in the file store. */
  fileKey: text().notNull(),
  width: integer().notNull(),
  height: integer().notNull(),
  drawnAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
