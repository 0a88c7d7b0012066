import { randomBytes } from 'node:crypto';
import type { ApiKeyInfo } from '@reelwright/core';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../db/client';
import { sha256 } from './sessions';
import { apiKeys } from './tables';

/** Characters of the key kept as its hint: the prefix plus four random ones. */
const HINT_LENGTH = 7;

/** A new key: `rw_` and 32 base64url characters (24 random bytes). */
export function newApiKey(): string {
  return `rw_${randomBytes(24).toString('base64url')}`;
}

const hintOf = (key: string) => `${key.slice(0, HINT_LENGTH)}…`;

async function activeKey(db: Db, userId: number) {
  const [row] = await db
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)))
    .limit(1);
  return row ?? null;
}

/** Creates a key; null when the member already has an active one (the partial unique index). */
async function insertKey(db: Db, userId: number): Promise<ApiKeyInfo | null> {
  const key = newApiKey();
  const [row] = await db
    .insert(apiKeys)
    .values({ userId, keyHash: sha256(key), hint: hintOf(key) })
    .onConflictDoNothing()
    .returning();
  return row ? { apiKey: key, hint: row.hint, created_at: row.createdAt.toISOString() } : null;
}

/**
 * The member's key: made and shown in full when there is none yet, otherwise only its hint
 * (the full key is never stored, so it cannot be shown again).
 */
export async function getOrCreateApiKey(db: Db, options: { userId: number }): Promise<ApiKeyInfo> {
  return db.transaction(async (tx) => {
    const created = await insertKey(tx, options.userId);
    if (created) return created;
    const row = await activeKey(tx, options.userId);
    if (!row) throw new Error('api key neither created nor found');
    return { apiKey: null, hint: row.hint, created_at: row.createdAt.toISOString() };
  });
}

/** Revokes the member's active key, if any. */
export async function revokeApiKey(db: Db, options: { userId: number }): Promise<ApiKeyInfo> {
  await db
    .update(apiKeys)
    .set({ revokedAt: new Date() })
    .where(and(eq(apiKeys.userId, options.userId), isNull(apiKeys.revokedAt)));
  return { apiKey: null, hint: null, created_at: null };
}

/** Revokes the active key and makes a new one, shown in full once. */
export async function rotateApiKey(db: Db, options: { userId: number }): Promise<ApiKeyInfo> {
  return db.transaction(async (tx) => {
    await revokeApiKey(tx, options);
    const created = await insertKey(tx, options.userId);
    if (!created) throw new Error('api key not created after revoking the old one');
    return created;
  });
}
