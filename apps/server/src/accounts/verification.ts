import type { Db } from '../db/client';
import { badRequest } from '../errors';
import type { Mailer } from '../mail/mailer';
import { codeMail } from '../mail/messages';
import { admitCodeGuess, admitMail, forgetCodeGuesses, forgetPasswordTries } from './attempt-limits';
import { consumeCode, issueCode } from './codes';
import {
  assertEmailFree,
  emailTaken,
  findMemberByEmail,
  isUniqueViolation,
  mailCode,
  tzChange,
  updateMember,
} from './members';
import { dropUnprovenOwnersWork } from './owned-by-account';
import { hashPassword } from './passwords';
import { type SignedIn, switchSession } from './service';
import { destroyOtherSessions, type Member } from './sessions';

/**
 * (Re)sends the verification code. With a different `email` the account first moves to that
 * address (the Verify screen's 'Change email?'). Waits for delivery: the person asked for it.
 */
export async function sendVerificationCode(
  db: Db,
  options: { member: Member; email?: string; tzOffset?: number; mailer: Mailer },
): Promise<Member> {
  const email = options.email ?? options.member.email;
  const switching = email !== options.member.email;
  if (!switching && options.member.verified) {
    throw badRequest('Your email address is already verified.', 'email', 'already_verified');
  }
  try {
    const { member, code } = await db.transaction(async (tx) => {
      if (switching) await assertEmailFree(tx, email, options.member.id);
      await admitMail(tx, { to: email, purpose: 'verify', accountId: options.member.id });
      const member = await updateMember(tx, options.member.id, {
        ...(switching ? { email, verified: false } : {}),
        ...tzChange(options.tzOffset),
      });
      const code = await issueCode(tx, { userId: member.id, purpose: 'verify', email });
      return { member, code };
    });
    await options.mailer.send(codeMail({ purpose: 'verify', to: email, code, appUrl: options.mailer.appUrl }));
    return member;
  } catch (error) {
    throw isUniqueViolation(error) ? emailTaken() : error;
  }
}

/** Checks the verification code and marks the address verified. */
export async function checkVerificationCode(
  db: Db,
  options: { member: Member; code: string; tzOffset?: number; now?: Date },
): Promise<Member> {
  await admitCodeGuess(db, options.member.email, options.now);
  const outcome = await db.transaction(async (tx) => {
    const checked = await consumeCode(tx, {
      userId: options.member.id,
      purpose: 'verify',
      code: options.code,
      now: options.now,
    });
    if (!checked.ok) return checked;
    // Codes are withdrawn when the address changes, so a good code always proves the current one.
    const member = await updateMember(tx, options.member.id, { verified: true, ...tzChange(options.tzOffset) });
    return { ok: true as const, member };
  });
  if (!outcome.ok) throw outcome.error;
  await forgetCodeGuesses(db, options.member.email);
  return outcome.member;
}

/**
 * Mails a password-reset code when the address belongs to a member. Unknown addresses get no
 * mail and the same answer, limits included; mail leaves in the background so timing tells
 * nothing either.
 */
export async function sendResetCode(db: Db, options: { email: string; mailer: Mailer }): Promise<void> {
  await admitMail(db, { to: options.email, purpose: 'reset' });
  const member = await findMemberByEmail(db, options.email);
  if (!member) return;
  const code = await db.transaction((tx) =>
    issueCode(tx, { userId: member.id, purpose: 'reset', email: member.email }),
  );
  mailCode(options.mailer, { purpose: 'reset', to: member.email, code });
}

/**
 * The one refusal of forgot/check, whatever went wrong (unknown address, no code, wrong, used,
 * expired or spent code): it must not tell whether the address is registered.
 */
const resetCodeRefused = () =>
  badRequest(
    'That code does not work for this address. Check the newest email, or request a new code.',
    'code',
    'code_wrong',
  );

/**
 * Sets a new password with a reset code. The code proves the address, so the account becomes
 * verified, and an account that was not loses everything its opener attached (D83); every
 * earlier session ends, any password lock is lifted, and a new session starts.
 */
export async function resetPasswordWithCode(
  db: Db,
  options: {
    email: string;
    code: string;
    newPassword: string;
    tzOffset?: number;
    sessionTtlMs: number;
    previousToken?: string | null;
    now?: Date;
  },
): Promise<SignedIn> {
  await admitCodeGuess(db, options.email, options.now);
  // Hashed before the lookup, so an unknown address takes as long as a known one.
  const passwordHash = await hashPassword(options.newPassword);
  const found = await findMemberByEmail(db, options.email);
  if (!found) throw resetCodeRefused();
  const outcome = await db.transaction(async (tx) => {
    const checked = await consumeCode(tx, { userId: found.id, purpose: 'reset', code: options.code, now: options.now });
    if (!checked.ok) return checked;
    const proves = !found.verified && checked.email === found.email;
    // The code proves the address as Google's sign-in does: what the unproven opener attached goes (D83).
    if (proves) await dropUnprovenOwnersWork(tx, found.id);
    const member = await updateMember(tx, found.id, {
      passwordHash,
      verified: found.verified || proves,
      ...(proves ? { name: '' } : {}),
      ...tzChange(options.tzOffset),
    });
    await destroyOtherSessions(tx, { userId: member.id });
    return { ok: true as const, signedIn: await switchSession(tx, member, options) };
  });
  if (!outcome.ok) throw resetCodeRefused();
  await forgetCodeGuesses(db, options.email);
  await forgetPasswordTries(db, options.email);
  return outcome.signedIn;
}
