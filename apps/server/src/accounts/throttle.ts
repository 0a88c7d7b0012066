import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { sha256 } from './sessions';
import { accessThrottles } from './tables';

/**
 * Attempt counters in the database, so every server process shares them. Each attempt is
 * counted by one atomic statement before it is evaluated: concurrent requests each take their
 * own turn and none slips past a limit.
 */

export type ThrottleKind = (typeof accessThrottles.$inferSelect)['kind'];

/** Who is counted: a kind of attempt and its subject (an address, an account id). */
export type ThrottleSubject = { kind: ThrottleKind; subject: string };

/** Whether the attempt may go ahead; if not, how long until one may. */
export type Verdict = { allowed: true } | { allowed: false; retryAfterMs: number };

/** At most `limit` attempts in a window of `windowMs`; a window starts with its first attempt. */
export type WindowRule = ThrottleSubject & { limit: number; windowMs: number };

/**
 * The `lockAtAttempt`-th attempt of a streak locks the subject for `firstLockMs`, and each later
 * one for twice as long as the one before, up to `maxLockMs`. The caller ends a streak on success;
 * one that started more than `forgetAfterMs` ago starts again from zero.
 */
export type LockRule = ThrottleSubject & {
  lockAtAttempt: number;
  firstLockMs: number;
  maxLockMs: number;
  forgetAfterMs: number;
};

const t = accessThrottles;
const at = (time: Date) => sql`${time.toISOString()}::timestamptz`;
const keyOf = (subject: ThrottleSubject) => ({ kind: subject.kind, subjectHash: sha256(subject.subject) });
const rowOf = (subject: ThrottleSubject) => and(eq(t.kind, subject.kind), eq(t.subjectHash, sha256(subject.subject)));

/** Counts one attempt in the subject's window and says whether it is within the limit. */
export async function countAttempt(db: Db, rule: WindowRule, now = new Date()): Promise<Verdict> {
  const stale = sql`${t.windowStartedAt} <= ${at(new Date(now.getTime() - rule.windowMs))}`;
  const [row] = await db
    .insert(t)
    .values({ ...keyOf(rule), count: 1, windowStartedAt: now })
    .onConflictDoUpdate({
      target: [t.kind, t.subjectHash],
      set: {
        count: sql`case when ${stale} then 1 else ${t.count} + 1 end`,
        windowStartedAt: sql`case when ${stale} then ${at(now)} else ${t.windowStartedAt} end`,
      },
    })
    .returning({ count: t.count, windowStartedAt: t.windowStartedAt });
  if (!row) throw new Error('throttle upsert returned no row');
  if (row.count <= rule.limit) return { allowed: true };
  return { allowed: false, retryAfterMs: row.windowStartedAt.getTime() + rule.windowMs - now.getTime() };
}

/**
 * Counts one attempt unless the subject is locked, setting the lock this attempt earns before it
 * is evaluated: while locked, no attempt is evaluated at all, right or wrong.
 */
export async function claimAttempt(db: Db, rule: LockRule, now = new Date()): Promise<Verdict> {
  const stale = sql`${t.windowStartedAt} <= ${at(new Date(now.getTime() - rule.forgetAfterMs))}`;
  const next = sql`(case when ${stale} then 1 else ${t.count} + 1 end)`;
  const lockMs = sql`least(${rule.firstLockMs}::float8 * power(2, ${next} - ${rule.lockAtAttempt}), ${rule.maxLockMs})`;
  const [row] = await db
    .insert(t)
    .values({ ...keyOf(rule), count: 1, windowStartedAt: now, lockedUntil: lockAfter(rule, 1, now) })
    .onConflictDoUpdate({
      target: [t.kind, t.subjectHash],
      set: {
        count: next,
        windowStartedAt: sql`case when ${stale} then ${at(now)} else ${t.windowStartedAt} end`,
        lockedUntil: sql`case when ${next} >= ${rule.lockAtAttempt} then ${at(now)} + ${lockMs} * interval '1 millisecond' end`,
      },
      setWhere: or(isNull(t.lockedUntil), sql`${t.lockedUntil} <= ${at(now)}`),
    })
    .returning({ count: t.count });
  if (row) return { allowed: true };
  const [locked] = await db.select({ until: t.lockedUntil }).from(t).where(rowOf(rule));
  // Unlocked in the meantime (a success): still refused, the next try will be counted afresh.
  return { allowed: false, retryAfterMs: Math.max(1000, (locked?.until?.getTime() ?? 0) - now.getTime()) };
}

/** The lock that the `count`-th attempt of a streak sets, or null before `lockAtAttempt`. */
function lockAfter(rule: LockRule, count: number, now: Date): Date | null {
  if (count < rule.lockAtAttempt) return null;
  const ms = Math.min(rule.firstLockMs * 2 ** (count - rule.lockAtAttempt), rule.maxLockMs);
  return new Date(now.getTime() + ms);
}

/** Forgets the subject's attempts (after a success). */
export async function forgetAttempts(db: Db, subject: ThrottleSubject): Promise<void> {
  await db.delete(t).where(rowOf(subject));
}

/** Removes counters whose window started before `before` and that lock nothing any more. */
export async function purgeStaleThrottles(db: Db, options: { before: Date; now?: Date }): Promise<void> {
  const now = options.now ?? new Date();
  await db
    .delete(t)
    .where(and(lt(t.windowStartedAt, options.before), or(isNull(t.lockedUntil), lt(t.lockedUntil, now))));
}
