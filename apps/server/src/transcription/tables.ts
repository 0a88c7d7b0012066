import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../accounts/tables';
import type { TranscriptItem } from '../providers/transcription/types';

export const TRANSCRIPTION_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export type TranscriptionStatus = (typeof TRANSCRIPTION_STATUSES)[number];

/**
 * A requested transcription of a voice-over (spec 001 §7 `POST /api/members/transcribe`): the
 * recording, the script it is aligned with, and the outcome the client polls for. The pg-boss
 * job carries only the row's id.
 */
export const transcriptions = pgTable(
  'transcriptions',
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The project the voice-over is for (no foreign key: the result outlives a deleted project). */
    projectId: integer(),
    /** The recording's key in the file store (`recordings/<name>.mp3`). */
    recordingKey: text().notNull(),
    /** The script: one entry per slide text ([] when only recognition is possible). */
    texts: jsonb().$type<string[]>().notNull().default([]),
    /** Which provider transcribes: 'align' (embedded), 'openai' … */
    provider: text().notNull(),
    status: text({ enum: TRANSCRIPTION_STATUSES }).notNull().default('queued'),
    /** The words with their times once done. */
    items: jsonb().$type<TranscriptItem[]>(),
    /** The last error (kept while a retry is pending; the reason when failed). */
    error: text(),
    /** The pg-boss job that performs it. */
    bossJobId: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index('transcriptions_user_idx').on(t.userId, t.createdAt)],
);

export type TranscriptionRow = typeof transcriptions.$inferSelect;
