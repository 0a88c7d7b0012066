import { SETTINGS_MAX_BYTES, type Settings } from '@reelwright/core';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { tooLarge } from '../errors';
import { memberSettings } from './tables';

export async function getSettings(db: Db, userId: number): Promise<Settings> {
  const [row] = await db.select().from(memberSettings).where(eq(memberSettings.userId, userId));
  return (row?.data as Settings | undefined) ?? {};
}

/** Replaces the member's settings object; refuses one larger than the limit and keeps the old. */
export async function saveSettings(db: Db, userId: number, settings: Settings): Promise<Settings> {
  const bytes = Buffer.byteLength(JSON.stringify(settings));
  if (bytes > SETTINGS_MAX_BYTES) {
    throw tooLarge(
      `Settings are ${bytes} bytes; the limit is ${SETTINGS_MAX_BYTES}. Remove some entries and try again.`,
    );
  }
  await db
    .insert(memberSettings)
    .values({ userId, data: settings })
    .onConflictDoUpdate({ target: memberSettings.userId, set: { data: settings, updatedAt: new Date() } });
  return settings;
}
