/**
 * One attempt at one delivery, claimed by the worker (claim.ts). A 2xx answer delivers it; any
 * other answer, a refusal of the guarded fetch or a network error is recorded on the row, which
 * comes due again after a longer wait (`retryDelaySeconds`), until the attempts are spent. Safe
 * to run twice: a delivery that is no longer pending is left alone, and an attempt is recorded
 * only over the attempt count it started from.
 */
import { and, eq } from 'drizzle-orm';
import { type FetchPolicy, FetchRefusedError, guardedFetch } from '../net/guarded-fetch';
import { attemptTimeoutMs, type HealthContext, recordEndpointOutcome } from './endpoint-health';
import { webhookHeaders } from './signing';
import { webhookDeliveries, webhookEndpoints } from './tables';

export type WebhookJobContext = HealthContext & { fetchPolicy: FetchPolicy };

/** Receivers answer with a short text; more is not worth reading. */
const MAX_ANSWER_BYTES = 64 * 1024;

/** The wait before the attempt after `attemptsMade` failed ones: `retrySeconds`, then four times longer each time. */
export function retryDelaySeconds(attemptsMade: number, retrySeconds: number): number {
  return retrySeconds * 4 ** Math.max(0, attemptsMade - 1);
}

/** Makes one attempt at a claimed delivery; returns the row as it was recorded. */
export async function attemptDelivery(context: WebhookJobContext, deliveryId: number) {
  const { db, config } = context;
  const [found] = await db
    .select({ delivery: webhookDeliveries, endpoint: webhookEndpoints })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .where(eq(webhookDeliveries.id, deliveryId))
    .limit(1);
  if (found?.delivery.status !== 'pending') return found?.delivery;
  const { delivery, endpoint } = found;
  const outcome = await attempt(context, endpoint, delivery);
  const attempts = delivery.attempts + 1;
  const spent = attempts >= config.attempts;
  const wait = retryDelaySeconds(attempts, config.retrySeconds);
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
      lockedUntil: null,
    })
    .where(and(eq(webhookDeliveries.id, delivery.id), eq(webhookDeliveries.attempts, delivery.attempts)))
    .returning();
  if (recorded?.status === 'failed') {
    context.log?.(`webhook delivery ${delivery.messageId} given up after ${attempts} attempts: ${outcome.error}`);
  }
  if (recorded) await recordEndpointOutcome(context, endpoint.id, outcome);
  return recorded;
}

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
        timeoutMs: attemptTimeoutMs(endpoint, context.config),
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
