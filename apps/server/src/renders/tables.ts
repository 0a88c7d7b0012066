import { sql } from 'drizzle-orm';
import {
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from '../accounts/tables';

/** 'deleted': a finished render whose files the member deleted (the row stays for the quota). */
export const RENDER_STATUSES = ['queued', 'rendering', 'done', 'failed', 'deleted'] as const;
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
 * The project document each render was queued with (its hash is the row's `dataHash`): what the
 * job renders, whatever was saved since. Kept until the render is done or failed.
 */
export const renderDocuments = pgTable('render_documents', {
  renderJobId: integer()
    .primaryKey()
    .references(() => renderJobs.id, { onDelete: 'cascade' }),
  data: jsonb().notNull(),
});

// ─── Renders split across worker processes (issue 23 part 2, D76) ───────────────────────────

/**
 * What every chunk of a split render draws: the movie as it was when the render was split (the
 * publish rules applied, media not yet fetched), so an edit meanwhile cannot mix two versions.
 */
export const renderSplits = pgTable('render_splits', {
  renderJobId: integer()
    .primaryKey()
    .references(() => renderJobs.id, { onDelete: 'cascade' }),
  movie: jsonb().notNull(),
  width: integer().notNull(),
  height: integer().notNull(),
  fps: integer().notNull(),
  frames: integer().notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

export const CHUNK_STATUSES = ['queued', 'rendering', 'done', 'failed'] as const;

/**
 * One frame range of a split render (whole segments, D75), drawn by whichever worker process
 * takes its job. `done` is set only after all its segments are in the segment store.
 */
export const renderChunks = pgTable(
  'render_chunks',
  {
    renderJobId: integer()
      .notNull()
      .references(() => renderJobs.id, { onDelete: 'cascade' }),
    /** 0, 1, … in timeline order. */
    index: integer().notNull(),
    /** Frames [firstFrame, endFrame) of the movie. */
    firstFrame: integer().notNull(),
    endFrame: integer().notNull(),
    status: text({ enum: CHUNK_STATUSES }).notNull().default('queued'),
    /** Frames handed to the encoder by the current attempt. */
    framesDone: integer().notNull().default(0),
    /** Segments of the chunk found already stored (drawn by an earlier render), once done. */
    segmentsReused: integer().notNull().default(0),
    /** Attempts started, counting the one running. */
    attempts: integer().notNull().default(0),
    /** `host:pid` of the process of the latest attempt. */
    worker: text(),
    /** The last attempt's error. */
    error: text(),
    /** Wall-clock seconds the done attempt took, drawing to stored. */
    renderSeconds: doublePrecision(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.renderJobId, t.index] })],
);

export type RenderChunkRow = typeof renderChunks.$inferSelect;
export type RenderSplitRow = typeof renderSplits.$inferSelect;

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
