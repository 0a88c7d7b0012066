/**
 * Webhooks (D73): a member's endpoints for render events, and the deliveries made to them. Other
 * units reach the domain here: the render outcome announces events (`announceEvent`), the
 * routes manage endpoints; `workers.ts` starts the delivery worker (worker.ts).
 */
import { randomUUID } from 'node:crypto';
import {
  MAX_WEBHOOK_ENDPOINTS,
  WEBHOOK_TEST_EVENT,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookEndpointInputSchema,
  type WebhookEvent,
} from '@reelwright/core';
import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { abilitiesFor, planOf } from '../accounts/service';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { conflict, notFound } from '../errors';
import type { FetchPolicy } from '../net/guarded-fetch';
import { newWebhookSecret } from './signing';
import { type WebhookDeliveryRow, type WebhookEndpointRow, webhookDeliveries, webhookEndpoints } from './tables';
import { checkWebhookUrl } from './url-policy';

/** What making deliveries needs: the database (the delivery worker claims them there) and the app config. */
export type WebhookContext = {
  db: Db;
  config: Pick<Config, 'fetch'>;
  log?: (message: string) => void;
  /** Overrides the fetch policy made from `config.fetch` (tests inject a resolver). */
  fetchPolicy?: FetchPolicy;
};

/** Recent deliveries an endpoint's list shows. */
const RECENT_DELIVERIES = 50;

const policyOf = (context: Pick<WebhookContext, 'config' | 'fetchPolicy'>): FetchPolicy =>
  context.fetchPolicy ?? { allowPrivate: context.config.fetch.allowPrivate };

/** Registers an endpoint; the answer holds the secret, shown this once. */
export async function createEndpoint(
  context: Pick<WebhookContext, 'db' | 'config' | 'fetchPolicy'>,
  userId: number,
  input: z.output<typeof WebhookEndpointInputSchema>,
): Promise<WebhookEndpoint & { secret: string }> {
  const { db } = context;
  await checkWebhookUrl(input.url, policyOf(context));
  const [{ value: existing } = { value: 0 }] = await db
    .select({ value: count() })
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.userId, userId));
  if (existing >= MAX_WEBHOOK_ENDPOINTS) {
    throw conflict(
      `You have ${MAX_WEBHOOK_ENDPOINTS} webhook endpoints, the most there can be: delete one to add another.`,
      'too_many_webhooks',
    );
  }
  const [row] = await db
    .insert(webhookEndpoints)
    .values({ userId, url: input.url, events: input.events, secret: newWebhookSecret() })
    .returning();
  if (!row) throw new Error('createEndpoint: the insert returned no row');
  return { ...presentEndpoint(row, null), secret: row.secret };
}

/** The member's endpoints, oldest first, each with its newest delivery. */
export async function listEndpoints(db: Db, userId: number): Promise<WebhookEndpoint[]> {
  const rows = await db
    .select()
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.userId, userId))
    .orderBy(webhookEndpoints.id);
  return Promise.all(
    rows.map(async (row) => {
      const [last] = await db
        .select()
        .from(webhookDeliveries)
        .where(eq(webhookDeliveries.endpointId, row.id))
        .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
        .limit(1);
      return presentEndpoint(row, last ?? null);
    }),
  );
}

/** Removes the member's endpoint and its deliveries (a queued attempt then finds nothing). */
export async function removeEndpoint(db: Db, userId: number, endpointId: number): Promise<void> {
  const removed = await db
    .delete(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, endpointId), eq(webhookEndpoints.userId, userId)))
    .returning({ id: webhookEndpoints.id });
  if (removed.length === 0) throw noSuchEndpoint();
}

/** The endpoint's recent deliveries, newest first. */
export async function endpointDeliveries(db: Db, userId: number, endpointId: number): Promise<WebhookDelivery[]> {
  await ownedEndpoint(db, userId, endpointId);
  const rows = await db
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.endpointId, endpointId))
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(RECENT_DELIVERIES);
  return rows.map(presentDelivery);
}

/** Queues a `webhook.test` event to one of the member's endpoints, unless it is disabled. */
export async function sendTestEvent(context: WebhookContext, userId: number, endpointId: number) {
  const endpoint = await ownedEndpoint(context.db, userId, endpointId);
  if (endpoint.disabledAt) {
    throw conflict('This endpoint is disabled: enable it, then send a test event.', 'webhook_disabled');
  }
  const delivery = await queueDelivery(context, endpoint, WEBHOOK_TEST_EVENT, {
    message: 'A test event from Reelwright: your endpoint is reached and can check the signature.',
    endpoint_id: endpoint.id,
  });
  return presentDelivery(delivery);
}

/** Turns a disabled endpoint back on, with a clean slate of failures; events from while it was off are not sent. */
export async function enableEndpoint(db: Db, userId: number, endpointId: number): Promise<WebhookEndpoint> {
  await ownedEndpoint(db, userId, endpointId);
  await db
    .update(webhookEndpoints)
    .set({ disabledAt: null, disabledReason: null, consecutiveFailures: 0, failingSince: null })
    .where(eq(webhookEndpoints.id, endpointId));
  const endpoint = (await listEndpoints(db, userId)).find((e) => e.id === endpointId);
  if (!endpoint) throw noSuchEndpoint();
  return endpoint;
}

/**
 * Queues one delivery of the event to each of the member's endpoints that subscribed to it, while
 * their plan has the API (a member who left it keeps the endpoints, silent, as with the API key)
 * and the endpoint is not disabled.
 * Never throws: a webhook must not fail the caller (a render's outcome); returns how many.
 */
export async function announceEvent(context: WebhookContext, userId: number, event: WebhookEvent): Promise<number> {
  try {
    const plan = await planOf(context.db, userId);
    if (!plan || !abilitiesFor(plan).apiKey) return 0;
    const endpoints = await context.db
      .select()
      .from(webhookEndpoints)
      .where(
        and(
          eq(webhookEndpoints.userId, userId),
          isNull(webhookEndpoints.disabledAt),
          sql`${event.type} = any(${webhookEndpoints.events})`,
        ),
      );
    for (const endpoint of endpoints) await queueDelivery(context, endpoint, event.type, event.data);
    return endpoints.length;
  } catch (error) {
    context.log?.(`webhooks for member ${userId} (${event.type}) not queued: ${(error as Error).message}`);
    return 0;
  }
}

/** Stores the payload as it will be signed and sent on every attempt, due now for the delivery worker. */
async function queueDelivery(
  context: WebhookContext,
  endpoint: WebhookEndpointRow,
  type: string,
  data: object,
): Promise<WebhookDeliveryRow> {
  const messageId = `msg_${randomUUID().replaceAll('-', '')}`;
  const payload = JSON.stringify({ id: messageId, type, created_at: new Date().toISOString(), data });
  const [row] = await context.db
    .insert(webhookDeliveries)
    .values({ messageId, endpointId: endpoint.id, event: type, payload, nextAttemptAt: new Date() })
    .returning();
  if (!row) throw new Error('queueDelivery: the insert returned no row');
  return row;
}

async function ownedEndpoint(db: Db, userId: number, endpointId: number): Promise<WebhookEndpointRow> {
  const [row] = await db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, endpointId), eq(webhookEndpoints.userId, userId)))
    .limit(1);
  if (!row) throw noSuchEndpoint();
  return row;
}

const noSuchEndpoint = () => notFound('There is no such webhook endpoint.');

function presentEndpoint(row: WebhookEndpointRow, last: WebhookDeliveryRow | null): WebhookEndpoint {
  return {
    id: row.id,
    url: row.url,
    events: row.events as WebhookEndpoint['events'],
    created_at: row.createdAt.toISOString(),
    disabled_at: row.disabledAt?.toISOString() ?? null,
    disabled_reason: row.disabledReason,
    last_delivery: last && presentDelivery(last),
  };
}

function presentDelivery(row: WebhookDeliveryRow): WebhookDelivery {
  return {
    id: row.messageId,
    event: row.event,
    status: row.status,
    attempts: row.attempts,
    last_status_code: row.lastStatusCode,
    last_error: row.lastError,
    next_attempt_at: row.nextAttemptAt?.toISOString() ?? null,
    delivered_at: row.deliveredAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  };
}
