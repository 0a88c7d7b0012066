/**
 * Members' connected channels: stored with sealed tokens, an access token that is refreshed when
 * it is about to expire, and removed on disconnect or once Google stops honouring the grant.
 */
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import type { VideoSites } from './context';
import { type VideoSiteConnectionRow, videoSiteConnections } from './tables';
import type { TokenGrant } from './youtube';

/** A token this close to its expiry is refreshed first: an upload request must not outlive it. */
const EXPIRY_MARGIN_MS = 2 * 60_000;

export async function findConnection(db: Db, memberId: number): Promise<VideoSiteConnectionRow | undefined> {
  const [row] = await db
    .select()
    .from(videoSiteConnections)
    .where(and(eq(videoSiteConnections.userId, memberId), eq(videoSiteConnections.site, 'youtube')))
    .limit(1);
  return row;
}

/** Stores (or replaces) the member's channel and tokens, sealed. */
export async function saveConnection(
  db: Db,
  sites: VideoSites,
  memberId: number,
  grant: TokenGrant & { refreshToken: string },
  channel: { id: string; title: string },
): Promise<VideoSiteConnectionRow> {
  const values = {
    channelId: channel.id,
    channelTitle: channel.title,
    refreshToken: sites.cipher.encrypt(grant.refreshToken, memberId),
    accessToken: sites.cipher.encrypt(grant.accessToken, memberId),
    accessExpiresAt: grant.expiresAt,
    scope: grant.scope ?? '',
    updatedAt: new Date(),
  };
  const [row] = await db
    .insert(videoSiteConnections)
    .values({ userId: memberId, site: 'youtube', ...values })
    .onConflictDoUpdate({ target: [videoSiteConnections.userId, videoSiteConnections.site], set: values })
    .returning();
  if (!row) throw new Error('the connection was not stored');
  return row;
}

export async function deleteConnection(db: Db, memberId: number): Promise<void> {
  await db
    .delete(videoSiteConnections)
    .where(and(eq(videoSiteConnections.userId, memberId), eq(videoSiteConnections.site, 'youtube')));
}

/** The refresh token in the clear (for revocation). */
export const refreshTokenOf = (sites: VideoSites, row: VideoSiteConnectionRow) =>
  sites.cipher.decrypt(row.refreshToken, row.userId);

/**
 * A working access token: the stored one while it lasts, else a refreshed one (stored). `force`
 * refreshes even so (after YouTube refused the stored one). A refused grant throws `revoked`.
 */
export async function accessTokenOf(
  db: Db,
  sites: VideoSites,
  row: VideoSiteConnectionRow,
  options: { force?: boolean } = {},
): Promise<string> {
  if (!options.force && row.accessExpiresAt.getTime() - EXPIRY_MARGIN_MS > Date.now()) {
    return sites.cipher.decrypt(row.accessToken, row.userId);
  }
  const grant = await sites.client.refresh(refreshTokenOf(sites, row));
  const sealed = sites.cipher.encrypt(grant.accessToken, row.userId);
  await db
    .update(videoSiteConnections)
    .set({ accessToken: sealed, accessExpiresAt: grant.expiresAt, updatedAt: new Date() })
    .where(eq(videoSiteConnections.id, row.id));
  row.accessToken = sealed;
  row.accessExpiresAt = grant.expiresAt;
  return grant.accessToken;
}
