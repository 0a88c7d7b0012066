import { sql } from 'drizzle-orm';
import {
  doublePrecision,
  index,
  integer,
  pgTable,
  real,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from '../../accounts/tables';

export const RENDER_STATUSES = ['queued', 'rendering', 'done', 'failed'] as const;
export type RenderStatus = (typeof RENDER_STATUSES)[number];

/**
 * One requested render of a project to MP4. The pg-boss job carries only this row's id; the row
 * is what members and operators see. At most one queued or rendering row per project and content.
 */
export const renderJobs = pgTable(
  'render_jobs',
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The project rendered (no foreign key: a render outlives a deleted project). */
    projectId: integer().notNull(),
    /** The project's data hash when the render was queued. */
    dataHash: text().notNull(),
    status: text({ enum: RENDER_STATUSES }).notNull().default('queued'),
    /** 0–1, updated while rendering. */
    progress: real().notNull().default(0),
    /** The last error (kept while a retry is pending; the reason when failed). */
    error: text(),
    /** The finished MP4 under the data folder (set only once it is complete). */
    outputPath: text(),
    /** Seconds of video. */
    duration: doublePrecision(),
    bytes: integer(),
    renderSeconds: doublePrecision(),
    /** The pg-boss job that performs it. */
    bossJobId: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('render_jobs_user_project_idx').on(t.userId, t.projectId, t.createdAt),
    uniqueIndex('render_jobs_one_active_per_content')
      .on(t.projectId, t.dataHash)
      .where(sql`status in ('queued', 'rendering')`),
  ],
);

export type RenderJobRow = typeof renderJobs.$inferSelect;
