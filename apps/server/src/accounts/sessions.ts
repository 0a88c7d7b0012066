import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import type { Db } from '../db/client';
import { abilitiesOf } from './policy';
import { apiKeys, sessions, users } from './tables';

export type Member = typeof users.$inferSelect;

export const SESSION_COOKIE = 'rw_session';

export const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** Starts a session for a member; returns the token for the cookie (only its hash is stored). */
export async function createSession(db: Db, options: { userId: number; ttlMs: number }): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.insert(sessions).values({
    tokenHash: sha256(token),
    userId: options.userId,
    expiresAt: new Date(Date.now() + options.ttlMs),
  });
  return token;
}

/** The member behind a session token, or null when unknown or expired. */
export async function findMemberBySession(db: Db, token: string): Promise<Member | null> {
  const rows = await db
    .select({ user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, sha256(token)), gt(sessions.expiresAt, new Date())))
    .limit(1);
  return rows[0]?.user ?? null;
}

export async function destroySession(db: Db, token: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.tokenHash, sha256(token)));
}

/** Ends every session of a member except, optionally, the current one (after a password change). */
export async function destroyOtherSessions(db: Db, options: { userId: number; keepToken?: string }): Promise<void> {
  const rows = await db
    .select({ tokenHash: sessions.tokenHash })
    .from(sessions)
    .where(eq(sessions.userId, options.userId));
  const keep = options.keepToken ? sha256(options.keepToken) : undefined;
  for (const row of rows) {
    if (row.tokenHash !== keep) await db.delete(sessions).where(eq(sessions.tokenHash, row.tokenHash));
  }
}

/** Removes expired sessions (housekeeping.ts runs it at start and every hour). */
export async function purgeExpiredSessions(db: Db, now = new Date()): Promise<void> {
  await db.delete(sessions).where(lt(sessions.expiresAt, now));
}

/** The member behind an active (not revoked) API key, or null. */
export async function findMemberByApiKey(db: Db, key: string): Promise<Member | null> {
  const rows = await db
    .select({ user: users })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.userId))
    .where(and(eq(apiKeys.keyHash, sha256(key)), isNull(apiKeys.revokedAt)))
    .limit(1);
  const member = rows[0]?.user ?? null;
  // Keys belong to the plans with the API key ability: a member moved off them loses access at once.
  return member && abilitiesOf(member).apiKey ? member : null;
}
