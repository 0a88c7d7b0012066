import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { conflict } from '../errors';
import type { Mailer } from '../mail/mailer';
import { codeMail } from '../mail/messages';
import type { CodePurpose } from './codes';
import type { Member } from './sessions';
import { users } from './tables';

/** The member with this (already normalised) e-mail, or null. */
export async function findMemberByEmail(db: Db, email: string): Promise<Member | null> {
  const [member] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  return member ?? null;
}

/** Updates a member's row (always bumping updatedAt) and returns the new row. */
export async function updateMember(
  db: Db,
  memberId: number,
  changes: Partial<Omit<typeof users.$inferInsert, 'id'>>,
): Promise<Member> {
  const [member] = await db
    .update(users)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(users.id, memberId))
    .returning();
  if (!member) throw new Error(`member ${memberId} vanished during an update`);
  return member;
}

/** The changes that record the browser's timezone offset, when the request sent one. */
export const tzChange = (tzOffset: number | undefined) => (tzOffset === undefined ? {} : { tzOffset });

export const emailTaken = () =>
  conflict(
    "An account with this email already exists. Log in, or use 'Forgot password?' to reset its password.",
    'email_taken',
  );

/** Fails with emailTaken when another member already uses the address. */
export async function assertEmailFree(db: Db, email: string, exceptMemberId?: number): Promise<void> {
  const owner = await findMemberByEmail(db, email);
  if (owner && owner.id !== exceptMemberId) throw emailTaken();
}

/** True for PostgreSQL's unique-violation, whether or not the driver wrapped it. */
export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

/** Sends a one-time code by mail without holding up the answer. */
export function mailCode(mailer: Mailer, options: { purpose: CodePurpose; to: string; code: string }): void {
  mailer.sendInBackground(codeMail({ ...options, appUrl: mailer.appUrl }));
}
