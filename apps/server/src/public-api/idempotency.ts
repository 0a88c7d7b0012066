/**
 * Idempotency keys of creating calls (`Idempotency-Key` header): a retry with the same key and
 * body answers what the first call answered; the same key with another request is a 422, so a
 * client's mistake does not pass silently. Only successful answers are kept: a refused call
 * changes nothing and may be retried as it is.
 */
import { canonicalJson, sha256Hex } from '@reelwright/core';
import { and, eq, gt, lt } from 'drizzle-orm';
import type { Db } from '../db/client';
import { AppError, badRequest } from '../errors';
import { apiIdempotencyKeys } from './tables';

/** How long a key's answer is kept: a day of retries. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

export type StoredAnswer = { status: number; body: unknown };

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

/** The answer stored under the member's key, null when none; a 422 when the key was used for another request. */
export async function storedAnswer(
  db: Db,
  options: { userId: number; key: string; requestHash: string; now?: Date },
): Promise<StoredAnswer | null> {
  const [row] = await db
    .select()
    .from(apiIdempotencyKeys)
    .where(
      and(
        eq(apiIdempotencyKeys.userId, options.userId),
        eq(apiIdempotencyKeys.key, options.key),
        gt(apiIdempotencyKeys.expiresAt, options.now ?? new Date()),
      ),
    )
    .limit(1);
  if (!row) return null;
  if (row.requestHash !== options.requestHash) {
    throw new AppError(
      422,
      'idempotency_key_reused',
      'This Idempotency-Key was already used for another request. Send a new key for a new request.',
    );
  }
  return { status: row.status, body: JSON.parse(row.body) };
}

/**
 * Keeps a successful answer under the key (expired keys go first, so one may be reused). When
 * two retries raced, the first stored answer stays.
 */
export async function storeAnswer(
  db: Db,
  options: { userId: number; key: string; requestHash: string; answer: StoredAnswer; now?: Date },
): Promise<void> {
  const now = options.now ?? new Date();
  await db.delete(apiIdempotencyKeys).where(lt(apiIdempotencyKeys.expiresAt, now));
  await db
    .insert(apiIdempotencyKeys)
    .values({
      userId: options.userId,
      key: options.key,
      requestHash: options.requestHash,
      status: options.answer.status,
      body: JSON.stringify(options.answer.body),
      expiresAt: new Date(now.getTime() + IDEMPOTENCY_TTL_MS),
    })
    .onConflictDoNothing();
}
