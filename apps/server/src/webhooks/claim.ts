/**
 * Which delivery a worker attempts next, fairly between members (issue 31): a member has at most
 * `MAX_IN_FLIGHT_PER_MEMBER` attempts in flight across all worker processes, and the member with
 * the fewest in flight goes first, so one member's slow or silent endpoints cannot hold up
 * another's events. The claim is a lease on the row (`locked_until`): a worker that dies leaves a
 * lease that runs out, and the delivery is claimed again.
 */
import { and, eq, gt, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { webhookDeliveries, webhookEndpoints } from './tables';

export const MAX_IN_FLIGHT_PER_MEMBER = 2;

/** Serialises claims across processes, so two of them cannot both take a member's last free slot. */
const CLAIM_LOCK = 0x5748_4f4b; // 'WHOK'

/** Claims the fairest due delivery for `leaseMs`; null when none may start now. */
export async function claimDueDelivery(db: Db, leaseMs: number): Promise<number | null> {
  const d = webhookDeliveries;
  const e = webhookEndpoints;
  const leased = and(eq(d.status, 'pending'), gt(d.lockedUntil, sql`now()`));
  const startable = and(
    eq(d.status, 'pending'),
    lte(d.nextAttemptAt, sql`now()`),
    or(isNull(d.lockedUntil), lte(d.lockedUntil, sql`now()`)),
  );
  // The workers ask every second: with nothing due, one indexed read answers, with no
  // transaction and no lock taken.
  const [due] = await db.select({ id: d.id }).from(d).where(startable).limit(1);
  if (!due) return null;
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${CLAIM_LOCK}, 0)`);
    // Pending rows are few (delivered and failed ones are the bulk), and the due index finds them.
    const inFlight = tx.$with('in_flight').as(
      tx
        .select({ userId: e.userId, count: sql<number>`count(*)::int`.as('in_flight_count') })
        .from(d)
        .innerJoin(e, eq(e.id, d.endpointId))
        .where(leased)
        .groupBy(e.userId),
    );
    const busy = sql`coalesce(${inFlight.count}, 0)`;
    const [next] = await tx
      .with(inFlight)
      .select({ id: d.id })
      .from(d)
      .innerJoin(e, eq(e.id, d.endpointId))
      .leftJoin(inFlight, eq(inFlight.userId, e.userId))
      .where(and(startable, isNull(e.disabledAt), sql`${busy} < ${MAX_IN_FLIGHT_PER_MEMBER}`))
      .orderBy(busy, d.nextAttemptAt, d.id)
      .limit(1);
    if (!next) return null;
    await tx
      .update(d)
      .set({ lockedUntil: sql`now() + make_interval(secs => ${leaseMs / 1000})` })
      .where(eq(d.id, next.id));
    return next.id;
  });
}
