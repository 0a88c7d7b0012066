import type { Db } from '../db/client';
import { badRequest } from '../errors';
import type { Mailer } from '../mail/mailer';
import { codeMail } from '../mail/messages';
import { consumeCode, issueCode, noCodeWaiting } from './codes';
import {
  assertEmailFree,
  emailTaken,
  findMemberByEmail,
  isUniqueViolation,
  mailCode,
  tzChange,
  updateMember,
} from './members';
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
  return outcome.member;
}

/**
 * Mails a password-reset code when the address belongs to a member. Unknown addresses get no
 * mail and the same answer; mail leaves in the background so timing tells nothing either.
 */
export async function sendResetCode(db: Db, options: { email: string; mailer: Mailer }): Promise<void> {
  const member = await findMemberByEmail(db, options.email);
  if (!member) return;
  const code = await db.transaction((tx) =>
    issueCode(tx, { userId: member.id, purpose: 'reset', email: member.email }),
  );
  mailCode(options.mailer, { purpose: 'reset', to: member.email, code });
}

/**
 * Sets a new password with a reset code. The code proves the address, so the account becomes
 * verified; every earlier session ends and a new one starts.
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
  // Hashed first, so an unknown address takes as long as a known one.
  const passwordHash = await hashPassword(options.newPassword);
  const found = await findMemberByEmail(db, options.email);
  // Unknown address: the same refusal as "no code sent", so registration stays private.
  if (!found) throw noCodeWaiting().error;
  const outcome = await db.transaction(async (tx) => {
    const checked = await consumeCode(tx, { userId: found.id, purpose: 'reset', code: options.code, now: options.now });
    if (!checked.ok) return checked;
    const member = await updateMember(tx, found.id, {
      passwordHash,
      verified: found.verified || checked.email === found.email,
      ...tzChange(options.tzOffset),
    });
    await destroyOtherSessions(tx, { userId: member.id });
    return { ok: true as const, signedIn: await switchSession(tx, member, options) };
  });
  if (!outcome.ok) throw outcome.error;
  return outcome.signedIn;
}
