import type { SpokenWord } from '@reelwright/core';
import { doublePrecision, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../accounts/tables';

/**
 * Synthesised speech, made once per (provider, voice, spoken text, options): the SHA-256 of those
 * is the key, and the MP3 is stored as `tts/<key>.mp3` in the file store.
 */
export const ttsClips = pgTable('tts_clips', {
  /** SHA-256 hex of the clip's identity (see `clipKey`). */
  key: text().primaryKey(),
  provider: text().notNull(),
  voiceId: text().notNull(),
  /** Seconds, measured with ffprobe. */
  duration: doublePrecision().notNull(),
  bytes: integer().notNull(),
  /**
   * The words spoken, timed from the clip's start (captions, D68): the vendor's, or the aligner's.
   * Null until known — clips made before captions are aligned when next asked for; an empty list
   * when the aligner found none.
   */
  words: jsonb().$type<SpokenWord[]>(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/**
 * The speech a member has generated for each project: one row per distinct clip, so the sum of
 * `seconds` is the project's accumulated audio that the free plan caps (spec 001 §6: 35 s).
 * `projectId` 0 is speech made outside a saved project. Pronunciation previews are not counted.
 */
export const ttsUsage = pgTable(
  'tts_usage',
  {
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The project (pid) as the client sent it; not a foreign key, so usage outlives a deleted project. */
    projectId: integer().notNull(),
    clipKey: text().notNull(),
    seconds: doublePrecision().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.projectId, t.clipKey] })],
);

/**
 * Who made each voice recording (`recordings/<random>.mp3`): a project may use only its member's
 * own (docs/security.md V12). Recordings saved before this table have no row.
 */
export const recordings = pgTable('recordings', {
  /** The storage key, `recordings/<name>.mp3`. */
  key: text().primaryKey(),
  userId: integer()
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
