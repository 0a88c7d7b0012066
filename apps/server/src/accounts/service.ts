import type { Plan } from '@reelwright/core';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import type { Member } from './sessions';
import { users } from './tables';

/** Sets a member's plan (admin CLI); null when no member has that e-mail. */
export async function setPlan(db: Db, options: { email: string; plan: Plan }): Promise<Member | null> {
  const [member] = await db
    .update(users)
    .set({ plan: options.plan, updatedAt: new Date() })
    .where(eq(users.email, options.email.trim().toLowerCase()))
    .returning();
  return member ?? null;
}
