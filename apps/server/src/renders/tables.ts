import { sql } from 'drizzle-orm';
import {
  boolean,
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
import { users } from '../accounts/tables';

export const RENDER_STATUSES = ['queued', 'rendering', 'done', 'failed'] as const;
export type RenderStatus = (typeof RENDER_STATUSES)[number];

/** What the member chose in the publish dialog (spec 000 §3 Publish step); '' is none. */
export const PUBLISH_ACTIONS = ['download', 'youtube', 'embed', 'optimize', ''] as const;
export type PublishAction = (typeof PUBLISH_ACTIONS)[number];

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
    /** Unguessable id naming the finished files and their public links (download, embed). */
    publicId: text().notNull(),
    /** Where the download link is e-mailed (changeable while queued: queue-video/update). */
    email: text(),
    action: text({ enum: PUBLISH_ACTIONS }).notNull().default('download'),
    /** The plan's rules applied when queued: the forced watermark and the longest video. */
    watermarkForced: boolean().notNull().default(false),
    maxSeconds: doublePrecision(),
    /** Pixels on the video's short side (1080 or 720, the publish dialog's choice); 0 for the movie's own size. */
    shortSide: integer().notNull().default(0),
    status: text({ enum: RENDER_STATUSES }).notNull().default('queued'),
    /** 0–1, updated while rendering. */
    progress: real().notNull().default(0),
    /** Frames done (drawn, or in reused segments) of all the video's, updated while rendering (0 before). */
    framesDone: integer().notNull().default(0),
    framesTotal: integer().notNull().default(0),
    /** Segments taken from the segment store, of the video's segments (D75; 0 before they are known). */
    segmentsReused: integer().notNull().default(0),
    segmentsTotal: integer().notNull().default(0),
    /** The last error (kept while a retry is pending; the reason when failed). */
    error: text(),
    /** The finished MP4's storage key (set only once it is complete). */
    outputPath: text(),
    /** Its JPEG thumbnail's storage key. */
    thumbnailPath: text(),
    /** Whether captions are drawn into its pictures (D68), so players leave their own track off. */
    burnedCaptions: boolean().notNull().default(false),
    /** Seconds of video. */
    duration: doublePrecision(),
    bytes: integer(),
    renderSeconds: doublePrecision(),
    /** The pg-boss job that performs it. */
    bossJobId: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp({ withTimezone: true }),
    /** When the member was told the outcome (e-mail, push); set once, so a retried job tells once. */
    notifiedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('render_jobs_user_project_idx').on(t.userId, t.projectId, t.createdAt),
    uniqueIndex('render_jobs_public_id').on(t.publicId),
    uniqueIndex('render_jobs_one_active_per_content')
      .on(t.projectId, t.dataHash, t.shortSide)
      .where(sql`status in ('queued', 'rendering')`),
  ],
);

export type RenderJobRow = typeof renderJobs.$inferSelect;

/**
 * The segment store's index (D75): each encoded segment kept under `segments/<hash>.mp4` in the
 * file store, its size and when it was stored and last used, for eviction by age and total size.
 */
export const renderSegments = pgTable(
  'render_segments',
  {
    hash: text().primaryKey(),
    bytes: integer().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('render_segments_last_used_idx').on(t.lastUsedAt)],
);
