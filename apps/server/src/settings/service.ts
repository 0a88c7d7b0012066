import { SETTINGS_MAX_BYTES, type Settings } from '@reelwright/core';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { findUnstorableJson } from '../db/jsonb';
import { badRequest, tooLarge } from '../errors';
import { memberSettings } from './tables';

/** The member's settings object; `{}` until they first save one. */
export async function getSettings(db: Db, options: { userId: number }): Promise<Settings> {
  const [row] = await db.select().from(memberSettings).where(eq(memberSettings.userId, options.userId));
  return (row?.data as Settings | undefined) ?? {};
}

/**
 * Replaces the member's settings object. One larger than the limit, or holding what jsonb cannot
 * store, is refused and the stored settings stay as they were.
 */
export async function saveSettings(db: Db, options: { userId: number; settings: Settings }): Promise<Settings> {
  const { userId, settings } = options;
  const bytes = Buffer.byteLength(JSON.stringify(settings));
  if (bytes > SETTINGS_MAX_BYTES) {
    throw tooLarge(
      `Settings are ${bytes} bytes; the limit is ${SETTINGS_MAX_BYTES}. Remove some entries and try again.`,
    );
  }
  const unstorable = findUnstorableJson(settings);
  if (unstorable) throw badRequest(`Settings cannot be stored: ${unstorable}`, undefined, 'invalid_settings');
  await db
    .insert(memberSettings)
    .values({ userId, data: settings })
    .onConflictDoUpdate({ target: memberSettings.userId, set: { data: settings, updatedAt: new Date() } });
  return settings;
}
