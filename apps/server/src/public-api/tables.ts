import { index, integer, jsonb, pgTable, real, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../accounts/tables';
import { projects } from '../projects/tables';
import { renderJobs } from '../renders/tables';

/**
 * The answers of creating `/api/v1` calls by the `Idempotency-Key` their caller sent: a retry
 * with the same key and body gets the stored answer again instead of a second render. A row is
 * written before the call's work (the key's claim, with no answer yet), so concurrent duplicates
 * find it. Rows expire (`expiresAt`) and are purged as new ones are written.
 */
export const apiIdempotencyKeys = pgTable(
  'api_idempotency_keys',
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text().notNull(),
    /** SHA-256 of the method, path and canonical body: another request under the same key is refused. */
    requestHash: text().notNull(),
    /** The answer's status; null while the first call is still working (the key is only claimed). */
    status: integer(),
    /** The answer's JSON; null while the first call is still working. */
    body: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** A day after the answer; a claim's expires sooner (`CLAIM_TTL_MS`), should its process die. */
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('api_idempotency_keys_user_key').on(t.userId, t.key)],
);

/**
 * Videos made in one call (`POST /api/v1/videos`, D74): the request, how far the maker got, and
 * once it saved the project and queued its render, both; from then on the render job's row
 * says how the video goes.
 */
export const videoJobs = pgTable(
  'video_jobs',
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The validated request (`MakeVideoRequestSchema`'s output). */
    request: jsonb().notNull(),
    /** The maker's part: `done` once the project is saved and its render queued. */
    status: text({ enum: ['queued', 'working', 'done', 'failed'] })
      .notNull()
      .default('queued'),
    stage: text(),
    /** 0–1 over the maker's steps (the render's own progress is the render job's). */
    progress: real().notNull().default(0),
    error: text(),
    projectId: integer().references(() => projects.id, { onDelete: 'set null' }),
    renderJobId: integer().references(() => renderJobs.id, { onDelete: 'set null' }),
    bossJobId: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index('video_jobs_user_idx').on(t.userId, t.createdAt)],
);

export type VideoJobRow = typeof videoJobs.$inferSelect;
