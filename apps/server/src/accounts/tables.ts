import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/** Members. E-mail is stored lower-cased; a null password means none was set yet. */
export const users = pgTable(
  'users',
  {
    id: serial().primaryKey(),
    email: text().notNull(),
    name: text().notNull().default(''),
    passwordHash: text(),
    verified: boolean().notNull().default(false),
    plan: text({ enum: ['free', 'paid', 'business'] })
      .notNull()
      .default('free'),
    /** Browser timezone offset in minutes, as last sent by the member's browser. */
    tzOffset: integer().notNull().default(0),
    /** The identity provider's subject, once the account is linked. */
    googleSub: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('users_email_key').on(t.email), uniqueIndex('users_google_sub_key').on(t.googleSub)],
);

/** Server-side sessions; the cookie holds a random token, the table only its SHA-256. */
export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId), index('sessions_expires_at_idx').on(t.expiresAt)],
);

/** One-time codes for e-mail verification and password reset: hashed, single use, expiring. */
export const oneTimeCodes = pgTable(
  'one_time_codes',
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text({ enum: ['verify', 'reset'] }).notNull(),
    codeHash: text().notNull(),
    /** The address the code was sent to: verifying proves this address. */
    email: text().notNull(),
    attempts: integer().notNull().default(0),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('one_time_codes_user_purpose_idx').on(t.userId, t.purpose)],
);

/** API keys for automation (business plan): SHA-256 at rest, revocable. */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    keyHash: text().notNull(),
    /** The first characters of the key, shown so a member can tell keys apart. */
    hint: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('api_keys_key_hash_key').on(t.keyHash),
    uniqueIndex('api_keys_one_active_per_user').on(t.userId).where(sql`revoked_at is null`),
  ],
);

/**
 * Attempt counters shared by every server process (see throttle.ts): wrong passwords and codes,
 * and mail sent, per account or address. The subject is stored hashed: addresses typed by anyone,
 * registered or not, are not kept in clear.
 */
export const accessThrottles = pgTable(
  'access_throttles',
  {
    kind: text({ enum: ['password', 'code', 'mail-to', 'mail-account'] }).notNull(),
    /** SHA-256 of what is counted: an address, or an account id. */
    subjectHash: text().notNull(),
    /** Attempts since the window started. */
    count: integer().notNull(),
    windowStartedAt: timestamp({ withTimezone: true }).notNull(),
    /** Further attempts are refused until then (wrong passwords). */
    lockedUntil: timestamp({ withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.kind, t.subjectHash] }), index('access_throttles_window_idx').on(t.windowStartedAt)],
);
