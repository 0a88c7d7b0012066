import { randomInt } from 'node:crypto';
import { ONE_TIME_CODE_LENGTH, ONE_TIME_CODE_MAX_ATTEMPTS, ONE_TIME_CODE_TTL_MS } from '@reelwright/core';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
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

/** The refusal for "there is no code to check", also used when the e-mail is unknown. */
export const noCodeWaiting = () =>
  refused('There is no code waiting for this address. Request a new one.', 'code_missing');

/**
 * Checks a typed code against the member's newest code for the purpose and uses it up when it
 * matches. A wrong try counts even though the caller fails: callers return the refusal out of
 * their transaction rather than throwing inside it, so the count is committed.
 */
export async function consumeCode(
  db: Db,
  options: { userId: number; purpose: CodePurpose; code: string; now?: Date },
): Promise<CodeAccepted | CodeRefused> {
  const now = options.now ?? new Date();
  const [row] = await db
    .select()
    .from(oneTimeCodes)
    .where(and(eq(oneTimeCodes.userId, options.userId), eq(oneTimeCodes.purpose, options.purpose)))
    .orderBy(desc(oneTimeCodes.id))
    .limit(1);
  if (!row) return noCodeWaiting();
  if (row.usedAt) return refused('This code has already been used. Request a new one.', 'code_used');
  if (row.attempts >= ONE_TIME_CODE_MAX_ATTEMPTS) return burnt();
  if (row.expiresAt <= now) return refused('This code has expired. Request a new one.', 'code_expired');

  if (sha256(options.code) !== row.codeHash) {
    const [counted] = await db
      .update(oneTimeCodes)
      .set({ attempts: sql`${oneTimeCodes.attempts} + 1` })
      .where(eq(oneTimeCodes.id, row.id))
      .returning({ attempts: oneTimeCodes.attempts });
    const left = ONE_TIME_CODE_MAX_ATTEMPTS - (counted?.attempts ?? ONE_TIME_CODE_MAX_ATTEMPTS);
    if (left <= 0) return burnt();
    return refused(`That code is not right. ${left} ${left === 1 ? 'try' : 'tries'} left.`, 'code_wrong');
  }

  // Marks it used only if nobody else did in the meantime: two racing requests cannot both win.
  const [used] = await db
    .update(oneTimeCodes)
    .set({ usedAt: now })
    .where(and(eq(oneTimeCodes.id, row.id), isNull(oneTimeCodes.usedAt)))
    .returning({ email: oneTimeCodes.email });
  if (!used) return refused('This code has already been used. Request a new one.', 'code_used');
  return { ok: true, email: used.email };
}

function burnt(): CodeRefused {
  return refused('Too many wrong tries. Request a new code.', 'code_burnt');
}
