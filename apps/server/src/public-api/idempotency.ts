/**
 * Idempotency keys of creating calls (`Idempotency-Key` header): a retry with the same key and
 * body answers what the first call answered; the same key with another request is a 422, so a
 * client's mistake does not pass silently.
 *
 * The key is claimed before the work starts (a unique row with no answer yet), so concurrent
 * duplicates cannot each do the work: they wait for the first call's answer and get it too, or
 * after `IN_PROGRESS_WAIT_MS` a 409 telling them to retry. Only successful answers are kept: a
 * refused first call releases its claim, so a retry can proceed as if it never happened.
 */
import { canonicalJson, sha256Hex } from '@reelwright/core';
import { and, eq, lt } from 'drizzle-orm';
import type { Db } from '../db/client';
import { AppError, badRequest, conflict } from '../errors';
import { apiIdempotencyKeys } from './tables';

/** How long a key's answer is kept: a day of retries. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
/**
 * How long a claim without an answer holds its key: far longer than any creating call takes, so
 * only the claim of a process that died mid-call expires, and then the key can be used again.
 */
export const CLAIM_TTL_MS = 5 * 60 * 1000;
/** How long a duplicate waits for the first call's answer before it is told to retry (409). */
export const IN_PROGRESS_WAIT_MS = 5000;
const POLL_MS = 50;
/** The `Retry-After` of the 409. */
export const IN_PROGRESS_RETRY_SECONDS = 1;
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

export type StoredAnswer = { status: number; body: unknown };
/** One member's use of one key for one request. */
export type KeyedCall = { userId: number; key: string; requestHash: string };

/** The header's key, checked (printable ASCII, at most 255 characters), or null when none was sent. */
export function idempotencyKeyOf(header: string | string[] | undefined): string | null {
  if (header === undefined) return null;
  const key = Array.isArray(header) ? header[0] : header;
  if (!key || !KEY_PATTERN.test(key)) {
    throw badRequest('Idempotency-Key must be 1 to 255 printable characters without spaces, such as a UUID.');
  }
  return key;
}

/** What makes two requests the same: method, path and body (its key order aside). */
export const requestHashOf = (request: { method: string; path: string; body: unknown }) =>
  sha256Hex(`${request.method} ${request.path}\n${canonicalJson(request.body ?? null)}`);

export const isInProgress = (error: unknown) => error instanceof AppError && error.code === 'idempotency_in_progress';

/**
 * Answers the call once per member and key: the first runs `work` and its answer is kept for
 * `IDEMPOTENCY_TTL_MS`; the others get that answer (`replayed`), waiting for it while the first
 * is still working. `work` throwing releases the key and throws on.
 */
export async function answerOnce(
  db: Db,
  call: KeyedCall,
  work: () => Promise<StoredAnswer>,
  options: { waitMs?: number } = {},
): Promise<{ answer: StoredAnswer; replayed: boolean }> {
  const until = Date.now() + (options.waitMs ?? IN_PROGRESS_WAIT_MS);
  for (;;) {
    const claim = await claimKey(db, call);
    if (claim.claimId !== undefined) {
      return { answer: await answerClaimed(db, claim.claimId, work), replayed: false };
    }
    const { row } = claim;
    if (!row) continue; // The claim was released between our insert and our look: try again.
    if (row.requestHash !== call.requestHash) {
      throw new AppError(
        422,
        'idempotency_key_reused',
        'This Idempotency-Key was already used for another request. Send a new key for a new request.',
      );
    }
    if (row.status !== null && row.body !== null) {
      return { answer: { status: row.status, body: JSON.parse(row.body) }, replayed: true };
    }
    if (Date.now() >= until) {
      throw conflict(
        `A request with this Idempotency-Key is still being worked on. Retry in ${IN_PROGRESS_RETRY_SECONDS} s to get its answer.`,
        'idempotency_in_progress',
      );
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

type KeyRow = typeof apiIdempotencyKeys.$inferSelect;

/** Claims the key (an expired row, answered or abandoned, gives way first), or reads whoever holds it. */
async function claimKey(
  db: Db,
  call: KeyedCall,
): Promise<{ claimId: number; row?: never } | { claimId?: never; row?: KeyRow }> {
  const now = new Date();
  const ours = and(eq(apiIdempotencyKeys.userId, call.userId), eq(apiIdempotencyKeys.key, call.key));
  await db.delete(apiIdempotencyKeys).where(and(ours, lt(apiIdempotencyKeys.expiresAt, now)));
  const [claimed] = await db
    .insert(apiIdempotencyKeys)
    .values({
      userId: call.userId,
      key: call.key,
      requestHash: call.requestHash,
      expiresAt: new Date(now.getTime() + CLAIM_TTL_MS),
    })
    .onConflictDoNothing()
    .returning({ id: apiIdempotencyKeys.id });
  if (claimed) return { claimId: claimed.id };
  const [row] = await db.select().from(apiIdempotencyKeys).where(ours).limit(1);
  return { row };
}

/** Runs the work under our claim: its answer is kept, or its failure releases the key. */
async function answerClaimed(db: Db, claimId: number, work: () => Promise<StoredAnswer>): Promise<StoredAnswer> {
  let answer: StoredAnswer;
  try {
    answer = await work();
  } catch (error) {
    await db.delete(apiIdempotencyKeys).where(eq(apiIdempotencyKeys.id, claimId));
    throw error;
  }
  const now = new Date();
  await db
    .update(apiIdempotencyKeys)
    .set({
      status: answer.status,
      body: JSON.stringify(answer.body),
      expiresAt: new Date(now.getTime() + IDEMPOTENCY_TTL_MS),
    })
    .where(eq(apiIdempotencyKeys.id, claimId));
  // Every member's expired keys go as answers are kept, so the table holds a day of them.
  await db.delete(apiIdempotencyKeys).where(lt(apiIdempotencyKeys.expiresAt, now));
  return answer;
}
