import { bigint, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../accounts/tables';

/**
 * A member's connected YouTube channel. The tokens are sealed with AES-256-GCM
 * (token-crypto.ts); disconnecting deletes the row.
 */
export const videoSiteConnections = pgTable(
  'video_site_connections',
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    site: text({ enum: ['youtube'] })
      .notNull()
      .default('youtube'),
    channelId: text().notNull(),
    channelTitle: text().notNull(),
    refreshToken: text().notNull(),
    accessToken: text().notNull(),
    accessExpiresAt: timestamp({ withTimezone: true }).notNull(),
    /** The scopes Google granted. */
    scope: text().notNull().default(''),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('video_site_connections_user_site').on(t.userId, t.site)],
);

export type VideoSiteConnectionRow = typeof videoSiteConnections.$inferSelect;

export const VIDEO_UPLOAD_STATUSES = ['queued', 'uploading', 'done', 'failed'] as const;

/** One upload of a finished render to the member's channel; the pg-boss job carries only its id. */
export const videoUploads = pgTable(
  'video_uploads',
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    site: text({ enum: ['youtube'] })
      .notNull()
      .default('youtube'),
    /** No foreign keys: the record outlives a deleted project. */
    projectId: integer().notNull(),
    renderJobId: integer().notNull(),
    /** The MP4's storage key, taken from the render when queued. */
    fileKey: text().notNull(),
    title: text().notNull(),
    description: text().notNull(),
    tags: jsonb().$type<string[]>().notNull().default([]),
    privacy: text({ enum: ['public', 'unlisted', 'private'] }).notNull(),
    status: text({ enum: VIDEO_UPLOAD_STATUSES }).notNull().default('queued'),
    bytesSent: bigint({ mode: 'number' }).notNull().default(0),
    bytesTotal: bigint({ mode: 'number' }).notNull().default(0),
    /** The resumable session (valid about a week), so a retried job continues where it stopped. */
    sessionUrl: text(),
    videoId: text(),
    videoUrl: text(),
    errorCode: text(),
    error: text(),
    bossJobId: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index('video_uploads_user_idx').on(t.userId, t.createdAt)],
);

export type VideoUploadRow = typeof videoUploads.$inferSelect;
