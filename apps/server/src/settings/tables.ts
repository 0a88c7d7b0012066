import { integer, jsonb, pgTable, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../accounts/tables';

/** One free-form settings object per member (spec 000 §3). */
export const memberSettings = pgTable('member_settings', {
  userId: integer()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  data: jsonb().notNull(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
