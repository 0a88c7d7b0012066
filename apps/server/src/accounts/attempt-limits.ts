import type { Db } from '../db/client';
import { AppError } from '../errors';
import type { CodePurpose } from './codes';
import { claimAttempt, countAttempt, forgetAttempts, type Verdict } from './throttle';

/**
 * Per-account limits on guessing and on mail (ASVS 2.2.1), on top of the per-client rate limit.
 * Guesses are counted by e-mail address, registered or not, so an unknown address meets the same
 * limits and answers as a known one.
 */

const MINUTE = 60_000;

/** Code guesses one address may make in a window, across every code sent to it. */
export const CODE_GUESS_LIMIT = { limit: 10, windowMs: 15 * MINUTE };

/** Password tries per address: the 5th in a row locks for 1 minute, each later one twice as long, at most 15. */
export const PASSWORD_LOCK = {
  lockAtAttempt: 5,
  firstLockMs: MINUTE,
  maxLockMs: 15 * MINUTE,
  forgetAfterMs: 24 * 60 * MINUTE,
};

/** Mails an hour: to one address for one purpose, and sent at one account's request. */
export const MAIL_LIMIT = { perAddress: 5, perAccount: 10, windowMs: 60 * MINUTE };

/** "12 minutes": the wait rounded up, at least a minute. */
export function waitInWords(ms: number): string {
  const minutes = Math.max(1, Math.ceil(ms / MINUTE));
  return `${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`;
}

const tooMany = (verdict: Verdict, code: string, message: (wait: string) => string) => {
  if (!verdict.allowed) throw new AppError(429, code, message(waitInWords(verdict.retryAfterMs)));
};

/** Counts a code guess for an address; a 429 once it has had too many. */
export async function admitCodeGuess(db: Db, email: string, now?: Date): Promise<void> {
  const verdict = await countAttempt(db, { kind: 'code', subject: email, ...CODE_GUESS_LIMIT }, now);
  tooMany(verdict, 'too_many_codes', (wait) => `Too many wrong codes. Try again in ${wait}.`);
}

/** A right code ends the count. */
export const forgetCodeGuesses = (db: Db, email: string) => forgetAttempts(db, { kind: 'code', subject: email });

/** Counts a password try for an address; a 429 while it is locked, however right the password. */
export async function admitPasswordTry(db: Db, email: string, now?: Date): Promise<void> {
  const verdict = await claimAttempt(db, { kind: 'password', subject: email, ...PASSWORD_LOCK }, now);
  tooMany(
    verdict,
    'too_many_passwords',
    (wait) =>
      `Too many wrong passwords for this email. Try again in ${wait}, or use 'Forgot password?' to set a new one.`,
  );
}

/** A right password, a reset or a sign-in with Google ends the streak and any lock. */
export const forgetPasswordTries = (db: Db, email: string) => forgetAttempts(db, { kind: 'password', subject: email });

/**
 * Counts a mail about to be sent: to its address for its purpose, and, when a member asked for
 * it, to their account. A 429 when either has had its share. Callers that may end up sending
 * nothing (an address already taken) count inside the transaction that decides, so only mails
 * sent are counted; a reset code counts every request, sent or not, so that the limit does not
 * tell a registered address from an unknown one.
 */
export async function admitMail(
  db: Db,
  options: { to: string; purpose: CodePurpose; accountId?: number; now?: Date },
): Promise<void> {
  const { windowMs } = MAIL_LIMIT;
  if (options.accountId !== undefined) {
    const subject = String(options.accountId);
    const verdict = await countAttempt(
      db,
      { kind: 'mail-account', subject, limit: MAIL_LIMIT.perAccount, windowMs },
      options.now,
    );
    tooMany(verdict, 'too_many_emails', (wait) => `Too many emails from this account. Try again in ${wait}.`);
  }
  const subject = `${options.purpose}:${options.to}`;
  const verdict = await countAttempt(
    db,
    { kind: 'mail-to', subject, limit: MAIL_LIMIT.perAddress, windowMs },
    options.now,
  );
  tooMany(verdict, 'too_many_emails', (wait) => `Too many emails to this address. Try again in ${wait}.`);
}
