/**
 * `WebhookDeliveryJob` (STYLE 13): one attempt at one delivery. A 2xx answer delivers it; any
 * other answer, a refusal of the guarded fetch or a network error is recorded on the row and
 * the next attempt queued with a longer wait (`retryDelaySeconds`), until the attempts are
 * spent. Safe to run twice: a delivery that is no longer pending is left alone, and an attempt
 * is recorded only over the attempt count it started from.
 */
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { type FetchPolicy, FetchRefusedError, guardedFetch } from '../net/guarded-fetch';
import type { Boss } from '../plugins/queue';
import { webhookHeaders } from './signing';
import { webhookDeliveries, webhookEndpoints } from './tables';

export type WebhookDeliveryProps = { deliveryId: number };

export type WebhookJobContext = {
  db: Db;
  queue: Boss;
  fetchPolicy: FetchPolicy;
  /** config.webhooks */
  retries: { attempts: number; retrySeconds: number };
  log?: (message: string) => void;
};

const QUEUE = 'webhook-delivery';
/** Only for errors of our own (the database away): the receiver's failures are retried by hand. */
const JOB_RETRY_LIMIT = 2;
const JOB_RETRY_DELAY = 30;
const TIMEOUT_MS = 10_000;
/** Receivers answer with a short text; more is not worth reading. */
const MAX_ANSWER_BYTES = 64 * 1024;

/** The wait before the attempt after `attemptsMade` failed ones: `retrySeconds`, then four times longer each time. */
export function retryDelaySeconds(attemptsMade: number, retrySeconds: number): number {
  return retrySeconds * 4 ** Math.max(0, attemptsMade - 1);
}

export const WebhookDeliveryJob = {
  queue: QUEUE,

  async prepare(boss: Boss): Promise<void> {
    if (!(await boss.getQueue(QUEUE))) await boss.createQueue(QUEUE);
  },

  async enqueue(boss: Boss, props: WebhookDeliveryProps, startAfterSeconds = 0): Promise<void> {
    await WebhookDeliveryJob.prepare(boss);
    const id = await boss.send(QUEUE, props, {
      startAfter: startAfterSeconds,
      retryLimit: JOB_RETRY_LIMIT,
      retryDelay: JOB_RETRY_DELAY,
      expireInSeconds: 2 * (TIMEOUT_MS / 1000) + 30,
    });
    if (!id) throw new Error('the queue refused the webhook delivery');
  },

  /** Makes one attempt; returns the row as it was recorded. */
  async perform(context: WebhookJobContext, props: WebhookDeliveryProps) {
    const { db } = context;
    const [found] = await db
      .select({ delivery: webhookDeliveries, endpoint: webhookEndpoints })
      .from(webhookDeliveries)
      .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
      .where(eq(webhookDeliveries.id, props.deliveryId))
      .limit(1);
    if (found?.delivery.status !== 'pending') return found?.delivery;
    const { delivery, endpoint } = found;
    const outcome = await attempt(context, endpoint, delivery);
    const attempts = delivery.attempts + 1;
    const spent = attempts >= context.retries.attempts;
    const wait = retryDelaySeconds(attempts, context.retries.retrySeconds);
    const now = new Date();
    const [recorded] = await db
      .update(webhookDeliveries)
      .set({
        attempts,
        lastStatusCode: outcome.statusCode,
        lastError: outcome.error,
        status: outcome.delivered ? 'delivered' : spent ? 'failed' : 'pending',
        deliveredAt: outcome.delivered ? now : null,
        nextAttemptAt: outcome.delivered || spent ? null : new Date(now.getTime() + wait * 1000),
      })
      .where(and(eq(webhookDeliveries.id, delivery.id), eq(webhookDeliveries.attempts, delivery.attempts)))
      .returning();
    if (recorded?.status === 'pending') await WebhookDeliveryJob.enqueue(context.queue, props, wait);
    if (recorded?.status === 'failed') {
      context.log?.(`webhook delivery ${delivery.messageId} given up after ${attempts} attempts: ${outcome.error}`);
    }
    return recorded;
  },
};

type Outcome = { delivered: boolean; statusCode: number | null; error: string | null };

/** POSTs the stored payload, signed afresh, through the guarded fetch; redirects are not followed. */
async function attempt(
  context: WebhookJobContext,
  endpoint: typeof webhookEndpoints.$inferSelect,
  delivery: typeof webhookDeliveries.$inferSelect,
): Promise<Outcome> {
  const message = { id: delivery.messageId, timestamp: Math.floor(Date.now() / 1000), body: delivery.payload };
  try {
    const answer = await guardedFetch(
      endpoint.url,
      {
        method: 'POST',
        headers: webhookHeaders(endpoint.secret, message),
        body: delivery.payload,
        timeoutMs: TIMEOUT_MS,
        maxBytes: MAX_ANSWER_BYTES,
        maxRedirects: 0,
      },
      context.fetchPolicy,
    );
    if (answer.status >= 200 && answer.status < 300) return { delivered: true, statusCode: answer.status, error: null };
    const location = answer.headers.location ? ` (a redirect to ${answer.headers.location}, not followed)` : '';
    return { delivered: false, statusCode: answer.status, error: `The endpoint answered ${answer.status}${location}.` };
  } catch (error) {
    const why = error instanceof FetchRefusedError ? `Refused (${error.reason}): ` : '';
    return { delivered: false, statusCode: null, error: `${why}${(error as Error).message}`.slice(0, 500) };
  }
}
