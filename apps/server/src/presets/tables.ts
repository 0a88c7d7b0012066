import { integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../accounts/tables';

/**
 * A member's own slide presets (spec 001 §3 Preset, §7 presets/save): a name and the slide
 * `{ style, settings }` it applies. One row per member and name: saving a name again replaces it.
 */
export const memberPresets = pgTable(
  'member_presets',
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Trimmed, 1–80 characters. */
    name: text().notNull(),
    /** `{ style, settings }`, validated by the core slide schemas. */
    data: jsonb().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex().on(t.userId, t.name)],
);

export type MemberPresetRow = typeof memberPresets.$inferSelect;
