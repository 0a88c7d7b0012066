import { integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../accounts/tables';

/**
 * The answers of creating `/api/v1` calls by the `Idempotency-Key` their caller sent: a retry
 * with the same key and body gets the stored answer again instead of a second render. Rows
 * expire (`expiresAt`) and are purged as new ones are written.
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
    status: integer().notNull(),
    /** The answer's JSON. */
    body: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('api_idempotency_keys_user_key').on(t.userId, t.key)],
);
