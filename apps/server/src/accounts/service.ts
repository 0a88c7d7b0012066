import { messages, type Plan } from '@reelwright/core';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { badRequest, forbidden, unauthorized } from '../errors';
import type { Mailer } from '../mail/mailer';
import { admitMail, admitPasswordTry, forgetPasswordTries } from './attempt-limits';
import { issueCode } from './codes';
import {
  assertEmailFree,
  emailTaken,
  findMemberByEmail,
  isUniqueViolation,
  mailCode,
  tzChange,
  updateMember,
} from './members';
import { hashPassword, passwordMatches } from './passwords';
import { createSession, destroyOtherSessions, destroySession, type Member } from './sessions';
import { users } from './tables';

/** A member who just signed in, with the token for the session cookie. */
export type SignedIn = { member: Member; sessionToken: string };

type SessionOptions = {
  sessionTtlMs: number;
  /** The session the request came with; it ends when another one starts. */
  previousToken?: string | null;
};

/** Starts a new session, ending the one the browser had (inside the caller's transaction). */
export async function switchSession(db: Db, member: Member, options: SessionOptions): Promise<SignedIn> {
  if (options.previousToken) await destroySession(db, options.previousToken);
  const sessionToken = await createSession(db, { userId: member.id, ttlMs: options.sessionTtlMs });
  return { member, sessionToken };
}

/** The `info` action: the signed-in member (recording the timezone offset), or null. */
export async function currentMember(
  db: Db,
  options: { member: Member | null; tzOffset?: number },
): Promise<Member | null> {
  const { member, tzOffset } = options;
  if (!member || tzOffset === undefined || tzOffset === member.tzOffset) return member;
  return updateMember(db, member.id, { tzOffset });
}

/**
 * Creates an unverified free member, signs them in and mails a verification code. The password
 * is optional: the form asks only for the e-mail, and one can be set later.
 */
export async function signup(
  db: Db,
  options: SessionOptions & {
    email: string;
    password?: string;
    name?: string;
    tzOffset?: number;
    signupHidden: boolean;
    mailer: Mailer;
  },
): Promise<SignedIn> {
  if (options.signupHidden) throw forbidden('Sign-up is closed on this server.', 'signup_closed');
  const passwordHash = options.password ? await hashPassword(options.password) : null;
  try {
    const { signedIn, code } = await db.transaction(async (tx) => {
      await assertEmailFree(tx, options.email);
      // Counted in the transaction: a sign-up that sends no mail (address taken) counts nothing.
      await admitMail(tx, { to: options.email, purpose: 'verify' });
      const [member] = await tx
        .insert(users)
        .values({ email: options.email, name: options.name ?? '', passwordHash, ...tzChange(options.tzOffset) })
        .returning();
      if (!member) throw new Error('insert returned no member');
      const code = await issueCode(tx, { userId: member.id, purpose: 'verify', email: member.email });
      return { signedIn: await switchSession(tx, member, options), code };
    });
    mailCode(options.mailer, { purpose: 'verify', to: signedIn.member.email, code });
    return signedIn;
  } catch (error) {
    throw isUniqueViolation(error) ? emailTaken() : error;
  }
}

/** One answer for an unknown address, an account without a password and a wrong password. */
const wrongCredentials = () =>
  unauthorized("Wrong email or password. If you have not set a password yet, use 'Forgot password?' to create one.");

/**
 * Signs in with e-mail and password. Every failure answers alike, and tries are limited per
 * address: while it is locked even the right password is refused, or guessing would go on.
 */
export async function login(
  db: Db,
  options: SessionOptions & { email: string; password: string; tzOffset?: number },
): Promise<SignedIn> {
  await admitPasswordTry(db, options.email);
  const found = await findMemberByEmail(db, options.email);
  const matches = await passwordMatches(found?.passwordHash, options.password);
  if (!found || !matches) throw wrongCredentials();
  await forgetPasswordTries(db, options.email);
  return db.transaction(async (tx) => {
    const member = await updateMember(tx, found.id, tzChange(options.tzOffset));
    return switchSession(tx, member, options);
  });
}

/** Ends the session behind a token (logout). */
export async function logout(db: Db, options: { sessionToken: string | null }): Promise<void> {
  if (options.sessionToken) await destroySession(db, options.sessionToken);
}

/**
 * Updates name and e-mail. A new address must be proven again: the member becomes unverified
 * and a code goes to the new address.
 */
export async function updateProfile(
  db: Db,
  options: { member: Member; name: string; email: string; tzOffset?: number; mailer: Mailer },
): Promise<Member> {
  const emailChanged = options.email !== options.member.email;
  try {
    const { member, code } = await db.transaction(async (tx) => {
      if (emailChanged) {
        await assertEmailFree(tx, options.email, options.member.id);
        await admitMail(tx, { to: options.email, purpose: 'verify', accountId: options.member.id });
      }
      const member = await updateMember(tx, options.member.id, {
        name: options.name,
        ...(emailChanged ? { email: options.email, verified: false } : {}),
        ...tzChange(options.tzOffset),
      });
      const code = emailChanged
        ? await issueCode(tx, { userId: member.id, purpose: 'verify', email: member.email })
        : null;
      return { member, code };
    });
    if (code) mailCode(options.mailer, { purpose: 'verify', to: member.email, code });
    return member;
  } catch (error) {
    throw isUniqueViolation(error) ? emailTaken() : error;
  }
}

/**
 * Changes the signed-in member's password. The old one is required (and checked) when the
 * account has one. Every other session ends; the current one stays.
 */
export async function changePassword(
  db: Db,
  options: {
    member: Member;
    oldPassword?: string;
    newPassword: string;
    tzOffset?: number;
    keepToken: string | null;
  },
): Promise<Member> {
  const { member, oldPassword, newPassword } = options;
  if (member.passwordHash) {
    if (!oldPassword) throw badRequest('Please enter your current password.', 'old_password', 'old_password_missing');
    // The same guessing limit as login: a borrowed session must not become a way to guess.
    await admitPasswordTry(db, member.email);
    if (!(await passwordMatches(member.passwordHash, oldPassword))) {
      throw badRequest('Your current password is not correct.', 'old_password', 'old_password_wrong');
    }
    await forgetPasswordTries(db, member.email);
    if (oldPassword === newPassword) {
      throw badRequest(messages.newPasswordMustDiffer, 'new_password', 'password_unchanged');
    }
  }
  const passwordHash = await hashPassword(newPassword);
  return db.transaction(async (tx) => {
    const updated = await updateMember(tx, member.id, { passwordHash, ...tzChange(options.tzOffset) });
    await destroyOtherSessions(tx, { userId: member.id, keepToken: options.keepToken ?? undefined });
    return updated;
  });
}

/** Sets a member's plan (admin CLI); null when no member has that e-mail. */
export async function setPlan(db: Db, options: { email: string; plan: Plan }): Promise<Member | null> {
  const [member] = await db
    .update(users)
    .set({ plan: options.plan, updatedAt: new Date() })
    .where(eq(users.email, options.email.trim().toLowerCase()))
    .returning();
  return member ?? null;
}

/** The operator's address on their own machine: the account commands such as `make` act as. */
export const LOCAL_OPERATOR_EMAIL = 'operator@localhost';

/**
 * The account of a command run on the server's own machine without signing in (the `make`
 * command, D71): the operator, on the business plan, so no plan limit stands between the person
 * who runs the server and their own video. Made on first use.
 */
export async function localOperator(db: Db): Promise<Member> {
  const existing = await findMemberByEmail(db, LOCAL_OPERATOR_EMAIL);
  if (existing) return existing;
  const [member] = await db
    .insert(users)
    .values({ email: LOCAL_OPERATOR_EMAIL, name: 'Operator', plan: 'business', verified: true })
    .returning();
  if (!member) throw new Error('insert returned no member');
  return member;
}

/** A member by id (for work done outside a request, e.g. the API's video jobs); null when gone. */
export async function memberById(db: Db, userId: number): Promise<Member | null> {
  const [member] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  return member ?? null;
}

/** A member's plan by id (for work done outside a request, e.g. after a render); null when gone. */
export async function planOf(db: Db, userId: number): Promise<Plan | null> {
  const [row] = await db.select({ plan: users.plan }).from(users).where(eq(users.id, userId)).limit(1);
  return row?.plan ?? null;
}

export { abilitiesFor, abilitiesOf, authorize, dailyRenderQuota } from './policy';
// What other domains use of accounts: the member behind a request, and what their plan allows.
export { membersOnly } from './route-support';
export { requireMember } from './session-plugin';
export type { Member } from './sessions';
// The public API (`/api/v1`) takes the API key alone, never the session cookie.
export { findMemberByApiKey } from './sessions';
