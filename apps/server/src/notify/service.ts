import type { PushSubscriptionInput } from '@reelwright/core';
import { and, desc, eq, inArray } from 'drizzle-orm';
import webpush from 'web-push';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { type FetchPolicy, FetchRefusedError, guardedFetch } from '../net/guarded-fetch';
import { pushSubscriptions } from './tables';
import { loadVapidKeys, type VapidKeys, vapidSubject } from './vapid';

/** What a push notification says; the service worker shows title and body and opens `url`. */
export type PushMessage = { title: string; body: string; url: string };

/** What `notifyMember` needs; a render job passes its db, the app config and its log. */
export type NotifyContext = {
  db: Db;
  config: Pick<Config, 'fetch' | 'vapidSubject' | 'publicUrl' | 'mailFrom'>;
  log?: (message: string) => void;
  /** Overrides the fetch policy made from `config.fetch` (tests inject a resolver). */
  fetchPolicy?: FetchPolicy;
};

/** A member rarely has more browsers than this; older subscriptions beyond it are dropped. */
const MAX_SUBSCRIPTIONS_PER_MEMBER = 20;
/** How long a push service keeps an undelivered message (seconds): a day, like the render links. */
const PUSH_TTL_SECONDS = 24 * 60 * 60;
const PUSH_TIMEOUT_MS = 10_000;
/** A push service answers with an empty body or a short error; more is not worth reading. */
const PUSH_MAX_ANSWER_BYTES = 64 * 1024;

/**
 * Stores a browser's subscription for the member. An endpoint names one browser profile, so
 * subscribing an endpoint that exists moves it to this member with the new keys (another
 * member signed in on that browser).
 */
export async function subscribe(db: Db, userId: number, subscription: PushSubscriptionInput): Promise<void> {
  const { endpoint, keys } = subscription;
  await db.transaction(async (tx) => {
    await tx
      .insert(pushSubscriptions)
      .values({ userId, endpoint, p256dh: keys.p256dh, auth: keys.auth })
      .onConflictDoUpdate({
        target: pushSubscriptions.endpoint,
        set: { userId, p256dh: keys.p256dh, auth: keys.auth, createdAt: new Date() },
      });
    const stale = await tx
      .select({ id: pushSubscriptions.id })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, userId))
      .orderBy(desc(pushSubscriptions.createdAt), desc(pushSubscriptions.id))
      .offset(MAX_SUBSCRIPTIONS_PER_MEMBER);
    if (stale.length) {
      await tx.delete(pushSubscriptions).where(
        inArray(
          pushSubscriptions.id,
          stale.map((row) => row.id),
        ),
      );
    }
  });
}

/** Removes the member's subscription with this endpoint; says whether there was one. */
export async function unsubscribe(db: Db, userId: number, endpoint: string): Promise<boolean> {
  const removed = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)))
    .returning({ id: pushSubscriptions.id });
  return removed.length > 0;
}

/** The member's subscription endpoints (for tests and a future settings screen). */
export async function listSubscriptionEndpoints(db: Db, userId: number): Promise<string[]> {
  const rows = await db
    .select({ endpoint: pushSubscriptions.endpoint })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(pushSubscriptions.id);
  return rows.map((row) => row.endpoint);
}

/**
 * Sends `message` to every browser the member subscribed, encrypted for each (RFC 8291,
 * aes128gcm) and signed with our VAPID key (RFC 8292), through the guarded fetch client. A
 * subscription the push service no longer knows (404/410) is deleted. Never throws: a failed
 * push is logged and must not fail the caller (a render). Returns how many were delivered.
 */
export async function notifyMember(context: NotifyContext, userId: number, message: PushMessage): Promise<number> {
  const log = context.log ?? (() => {});
  try {
    const rows = await context.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
    if (rows.length === 0) return 0;
    const keys = await vapidKeysFor(context.db);
    const payload = JSON.stringify({ title: message.title, body: message.body, url: message.url });
    const results = await Promise.all(rows.map((row) => pushTo(context, keys, row, payload)));
    const gone = rows.filter((_, i) => results[i] === 'gone').map((row) => row.id);
    if (gone.length) await context.db.delete(pushSubscriptions).where(inArray(pushSubscriptions.id, gone));
    return results.filter((result) => result === 'delivered').length;
  } catch (error) {
    log(`push to member ${userId} failed: ${(error as Error).message}`);
    return 0;
  }
}

type PushResult = 'delivered' | 'gone' | 'failed';

async function pushTo(
  context: NotifyContext,
  keys: VapidKeys,
  row: typeof pushSubscriptions.$inferSelect,
  payload: string,
): Promise<PushResult> {
  const log = context.log ?? (() => {});
  const where = describeEndpoint(row.endpoint);
  try {
    const request = webpush.generateRequestDetails(
      { endpoint: row.endpoint, keys: { p256dh: row.p256dh, auth: row.auth } },
      payload,
      {
        vapidDetails: { subject: vapidSubject(context.config), ...keys },
        TTL: PUSH_TTL_SECONDS,
        contentEncoding: 'aes128gcm',
      },
    );
    const answer = await guardedFetch(
      request.endpoint,
      {
        method: 'POST',
        headers: request.headers as Record<string, string | number>,
        body: request.body ?? Buffer.alloc(0),
        timeoutMs: PUSH_TIMEOUT_MS,
        maxBytes: PUSH_MAX_ANSWER_BYTES,
        maxRedirects: 0,
      },
      context.fetchPolicy ?? { allowPrivate: context.config.fetch.allowPrivate },
    );
    if (answer.status >= 200 && answer.status < 300) return 'delivered';
    if (answer.status === 404 || answer.status === 410) {
      log(`push subscription ${row.id} at ${where} is gone (${answer.status}); removing it`);
      return 'gone';
    }
    log(`push to ${where} answered ${answer.status}: ${answer.body.toString('utf8').slice(0, 200)}`);
    return 'failed';
  } catch (error) {
    const why = error instanceof FetchRefusedError ? `refused (${error.reason})` : (error as Error).name;
    log(`push to ${where} failed: ${why}`);
    return 'failed';
  }
}

/** The origin only: it names the push service, and the endpoint's path is a capability. */
function describeEndpoint(endpoint: string): string {
  return URL.canParse(endpoint) ? new URL(endpoint).origin : 'an invalid endpoint';
}

/** One read of the key pair per database (it never changes once made). */
const vapidCache = new WeakMap<Db, Promise<VapidKeys>>();

export function vapidKeysFor(db: Db): Promise<VapidKeys> {
  let keys = vapidCache.get(db);
  if (!keys) {
    keys = loadVapidKeys(db);
    vapidCache.set(db, keys);
    keys.catch(() => vapidCache.delete(db));
  }
  return keys;
}
