import { randomInt } from 'node:crypto';
import { ONE_TIME_CODE_LENGTH, ONE_TIME_CODE_MAX_ATTEMPTS, ONE_TIME_CODE_TTL_MS } from '@reelwright/core';
import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { type AppError, badRequest } from '../errors';
import { sha256 } from './sessions';
import { oneTimeCodes } from './tables';

export type CodePurpose = (typeof oneTimeCodes.$inferSelect)['purpose'];

/** A fresh code of ONE_TIME_CODE_LENGTH digits, leading zeros kept. */
export function newCode(): string {
  return String(randomInt(0, 10 ** ONE_TIME_CODE_LENGTH)).padStart(ONE_TIME_CODE_LENGTH, '0');
}

/**
 * Issues a one-time code for a member and returns it in clear (only its hash is stored). Any
 * older code for the same purpose is withdrawn: only the newest one works.
 */
export async function issueCode(
  db: Db,
  options: { userId: number; purpose: CodePurpose; email: string; now?: Date },
): Promise<string> {
  const now = options.now ?? new Date();
  const code = newCode();
  await db
    .delete(oneTimeCodes)
    .where(and(eq(oneTimeCodes.userId, options.userId), eq(oneTimeCodes.purpose, options.purpose)));
  await db.insert(oneTimeCodes).values({
    userId: options.userId,
    purpose: options.purpose,
    email: options.email,
    codeHash: sha256(code),
    expiresAt: new Date(now.getTime() + ONE_TIME_CODE_TTL_MS),
  });
  return code;
}

/** The code was right: the address it was sent to is proven. */
export type CodeAccepted = { ok: true; email: string };
/** The code was refused; the error says why in words a person can act on. */
export type CodeRefused = { ok: false; error: AppError };

const refused = (message: string, code: string): CodeRefused => ({
  ok: false,
  error: badRequest(message, 'code', code),
});

/** The refusal for "there is no code to check". */
const noCodeWaiting = () => refused('There is no code waiting for this address. Request a new one.', 'code_missing');

/**
 * Checks a typed code against the member's newest code for the purpose and uses it up when it
 * matches. Each check first takes one try from the code in a single conditional update, so
 * concurrent guesses never get more than ONE_TIME_CODE_MAX_ATTEMPTS between them. A wrong try
 * counts even though the caller fails: callers return the refusal out of their transaction
 * rather than throwing inside it, so the count is committed.
 */
export async function consumeCode(
  db: Db,
  options: { userId: number; purpose: CodePurpose; code: string; now?: Date },
): Promise<CodeAccepted | CodeRefused> {
  const now = options.now ?? new Date();
  const [newest] = await db
    .select({ id: oneTimeCodes.id })
    .from(oneTimeCodes)
    .where(and(eq(oneTimeCodes.userId, options.userId), eq(oneTimeCodes.purpose, options.purpose)))
    .orderBy(desc(oneTimeCodes.id))
    .limit(1);
  if (!newest) return noCodeWaiting();
  const [row] = await db
    .update(oneTimeCodes)
    .set({ attempts: sql`${oneTimeCodes.attempts} + 1` })
    .where(
      and(
        eq(oneTimeCodes.id, newest.id),
        isNull(oneTimeCodes.usedAt),
        lt(oneTimeCodes.attempts, ONE_TIME_CODE_MAX_ATTEMPTS),
        gt(oneTimeCodes.expiresAt, now),
      ),
    )
    .returning();
  if (!row) return whyNoTryLeft(db, newest.id, now);

  if (sha256(options.code) !== row.codeHash) {
    const left = ONE_TIME_CODE_MAX_ATTEMPTS - row.attempts;
    if (left <= 0) return burnt();
    return refused(`That code is not right. ${left} ${left === 1 ? 'try' : 'tries'} left.`, 'code_wrong');
  }

  // Marks it used only if nobody else did in the meantime: two racing requests cannot both win.
  const [used] = await db
    .update(oneTimeCodes)
    .set({ usedAt: now })
    .where(and(eq(oneTimeCodes.id, row.id), isNull(oneTimeCodes.usedAt)))
    .returning({ email: oneTimeCodes.email });
  if (!used) return alreadyUsed();
  return { ok: true, email: used.email };
}

/** Why a code gave no try: used, out of tries, expired, or withdrawn meanwhile. */
async function whyNoTryLeft(db: Db, id: number, now: Date): Promise<CodeRefused> {
  const [row] = await db.select().from(oneTimeCodes).where(eq(oneTimeCodes.id, id));
  if (!row) return noCodeWaiting();
  if (row.usedAt) return alreadyUsed();
  if (row.attempts >= ONE_TIME_CODE_MAX_ATTEMPTS) return burnt();
  if (row.expiresAt <= now) return refused('This code has expired. Request a new one.', 'code_expired');
  return noCodeWaiting();
}

function alreadyUsed(): CodeRefused {
  return refused('This code has already been used. Request a new one.', 'code_used');
}

function burnt(): CodeRefused {
  return refused('Too many wrong tries. Request a new code.', 'code_burnt');
}
