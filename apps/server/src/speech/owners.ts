import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client';
import { recordings, ttsUsage } from './tables';

/**
 * Which of these storage keys (`tts/<clip>.mp3`, `recordings/<name>.mp3`) a member may put in a
 * project (docs/security.md V12): speech clips they had spoken, and recordings they made. A
 * recording saved before owners were recorded has no owner row and stays usable by whoever holds
 * its random name (it is served to anyone at that address too).
 */
export async function usableSpeechKeys(db: Db, userId: number, keys: readonly string[]): Promise<Set<string>> {
  const usable = new Set<string>();
  const clips = keys.filter((key) => key.startsWith('tts/')).map((key) => key.slice(4, -'.mp3'.length));
  if (clips.length > 0) {
    const spoken = await db
      .selectDistinct({ clipKey: ttsUsage.clipKey })
      .from(ttsUsage)
      .where(and(eq(ttsUsage.userId, userId), inArray(ttsUsage.clipKey, clips)));
    for (const row of spoken) usable.add(`tts/${row.clipKey}.mp3`);
  }
  const recorded = keys.filter((key) => key.startsWith('recordings/'));
  if (recorded.length > 0) {
    const owners = await db
      .select({ key: recordings.key, userId: recordings.userId })
      .from(recordings)
      .where(inArray(recordings.key, recorded));
    const ownerOf = new Map(owners.map((row) => [row.key, row.userId]));
    for (const key of recorded) if ((ownerOf.get(key) ?? userId) === userId) usable.add(key);
  }
  return usable;
}
