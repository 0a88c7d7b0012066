import { eq } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';
import {
  apiIdempotencyKeys,
  apiKeys,
  libraryItems,
  memberKeywords,
  memberPresets,
  memberSettings,
  oneTimeCodes,
  projects,
  pushSubscriptions,
  recordings,
  renderJobs,
  sessions,
  transcriptions,
  ttsUsage,
  videoJobs,
  videoRatings,
  videoSiteConnections,
  videoUploads,
  webhookEndpoints,
} from '../db/schema';

/**
 * What happens to a table's rows when an address is proven on an account whose address never
 * was (sign-in with Google to an unverified account). `drop`: whoever opened the account may not
 * have been the address's owner, so what they made goes.
 */
type OnProof = 'drop';

/** One table whose rows belong to an account, through the column holding the member's id. */
export type OwnedTable = { table: PgTable; userId: PgColumn; onProof: OnProof; what: string };

/**
 * Every table with a member's id in it (a test checks the schema against this list, so a new
 * table cannot be forgotten). Tables reached through these (deliveries of an endpoint, a
 * project's thumbnail, a render's chunks) go with them by their foreign keys.
 *
 * Everything is dropped on proof (D83): the real owner made nothing before proving the
 * address, and anything kept could reach the one who opened the account — a push subscription
 * receives the owner's links, a channel or webhook receives the owner's videos, a project's
 * public render address shows the owner's later edits, a setting brands the owner's videos.
 */
export const OWNED_BY_ACCOUNT: readonly OwnedTable[] = [
  { table: sessions, userId: sessions.userId, onProof: 'drop', what: 'signed-in browsers' },
  { table: oneTimeCodes, userId: oneTimeCodes.userId, onProof: 'drop', what: 'verify and reset codes' },
  { table: apiKeys, userId: apiKeys.userId, onProof: 'drop', what: 'the API key' },
  { table: apiIdempotencyKeys, userId: apiIdempotencyKeys.userId, onProof: 'drop', what: 'API idempotency keys' },
  { table: videoJobs, userId: videoJobs.userId, onProof: 'drop', what: 'video jobs made through the API' },
  { table: pushSubscriptions, userId: pushSubscriptions.userId, onProof: 'drop', what: 'Web Push subscriptions' },
  {
    table: videoSiteConnections,
    userId: videoSiteConnections.userId,
    onProof: 'drop',
    what: 'connected video-site channels',
  },
  { table: videoUploads, userId: videoUploads.userId, onProof: 'drop', what: 'uploads to video sites' },
  { table: webhookEndpoints, userId: webhookEndpoints.userId, onProof: 'drop', what: 'webhook endpoints' },
  { table: renderJobs, userId: renderJobs.userId, onProof: 'drop', what: 'renders and their public pages' },
  { table: videoRatings, userId: videoRatings.userId, onProof: 'drop', what: 'ratings of videos' },
  { table: projects, userId: projects.userId, onProof: 'drop', what: 'projects and their history' },
  { table: libraryItems, userId: libraryItems.userId, onProof: 'drop', what: 'the media library' },
  { table: transcriptions, userId: transcriptions.userId, onProof: 'drop', what: 'voice-over transcriptions' },
  { table: recordings, userId: recordings.userId, onProof: 'drop', what: 'voice recordings they own' },
  { table: ttsUsage, userId: ttsUsage.userId, onProof: 'drop', what: 'speech allowance spent' },
  { table: memberSettings, userId: memberSettings.userId, onProof: 'drop', what: 'settings and pronunciations' },
  { table: memberPresets, userId: memberPresets.userId, onProof: 'drop', what: 'style presets' },
  { table: memberKeywords, userId: memberKeywords.userId, onProof: 'drop', what: 'keyword history' },
];

/**
 * Drops, inside the caller's transaction, what the account held before its address was proven.
 * The account row itself stays (its id, plan and e-mail); the caller resets its password.
 */
export async function dropUnprovenOwnersWork(db: Db, userId: number): Promise<void> {
  for (const owned of OWNED_BY_ACCOUNT) {
    if (owned.onProof === 'drop') await db.delete(owned.table).where(eq(owned.userId, userId));
  }
}
