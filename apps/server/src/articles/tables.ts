import { integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../accounts/tables';

/**
 * Keywords a member has used in the wizard (spec 001 §6: saved to the account only when logged
 * in). One row per member and keyword (lower-cased); using it again moves `lastUsedAt`.
 */
export const memberKeywords = pgTable(
  'member_keywords',
  {
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    keyword: text().notNull(),
    uses: integer().notNull().default(1),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.keyword] })],
);
