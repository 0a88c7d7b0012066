/**
 * How an endpoint's attempts have been going (issue 31): a run of failures shortens the time it
 * is given (`attemptTimeoutMs`), and one that goes on past both limits of the config disables
 * the endpoint, gives up its pending deliveries and tells its owner by e-mail, once.
 */
import { and, eq, isNull, lte, sql } from 'drizzle-orm';
import { memberById } from '../accounts/service';
import type { Db } from '../db/client';
import type { Mailer } from '../mail/mailer';
import { escapeHtml, type OutgoingMail } from '../mail/messages';
import type { WebhooksConfig } from './config';
import { type WebhookEndpointRow, webhookDeliveries, webhookEndpoints } from './tables';

/** Failed attempts in a row after which an endpoint gets the short timeout. */
export const FAILURES_BEFORE_SHORT_TIMEOUT = 3;

export type HealthContext = {
  db: Db;
  config: WebhooksConfig;
  mailer?: Pick<Mailer, 'send' | 'appUrl'>;
  log?: (message: string) => void;
};

/** The time an attempt at this endpoint is given: short once it keeps failing. */
export function attemptTimeoutMs(endpoint: Pick<WebhookEndpointRow, 'consecutiveFailures'>, config: WebhooksConfig) {
  return endpoint.consecutiveFailures >= FAILURES_BEFORE_SHORT_TIMEOUT ? config.failingTimeoutMs : config.timeoutMs;
}

/** Records one attempt's outcome on its endpoint; disables the endpoint when its failures went on too long. */
export async function recordEndpointOutcome(
  context: HealthContext,
  endpointId: number,
  outcome: { delivered: boolean; error: string | null },
) {
  const { db, config } = context;
  if (outcome.delivered) {
    await db
      .update(webhookEndpoints)
      .set({ consecutiveFailures: 0, failingSince: null })
      .where(eq(webhookEndpoints.id, endpointId));
    return;
  }
  const now = new Date();
  const [failing] = await db
    .update(webhookEndpoints)
    .set({
      consecutiveFailures: sql`${webhookEndpoints.consecutiveFailures} + 1`,
      failingSince: sql`coalesce(${webhookEndpoints.failingSince}, now())`,
    })
    .where(eq(webhookEndpoints.id, endpointId))
    .returning();
  if (!failing || failing.disabledAt || failing.consecutiveFailures < config.disableAfterFailures) return;
  const reason =
    `${failing.consecutiveFailures} attempts in a row failed since ${failing.failingSince?.toISOString()}. ` +
    `The last: ${outcome.error}`;
  // Only one process wins this update, so the owner gets one e-mail.
  const [disabled] = await db
    .update(webhookEndpoints)
    .set({ disabledAt: now, disabledReason: reason })
    .where(
      and(
        eq(webhookEndpoints.id, endpointId),
        isNull(webhookEndpoints.disabledAt),
        lte(webhookEndpoints.failingSince, new Date(now.getTime() - config.disableAfterMs)),
      ),
    )
    .returning();
  if (!disabled) return;
  await db
    .update(webhookDeliveries)
    .set({ status: 'failed', nextAttemptAt: null, lastError: 'Given up: the endpoint was disabled.' })
    .where(and(eq(webhookDeliveries.endpointId, endpointId), eq(webhookDeliveries.status, 'pending')));
  await tellOwner(context, disabled);
}

async function tellOwner(context: HealthContext, endpoint: WebhookEndpointRow) {
  const owner = await memberById(context.db, endpoint.userId);
  context.log?.(`webhook endpoint ${endpoint.id} disabled: ${endpoint.disabledReason}`);
  if (!owner?.email || !context.mailer) return;
  try {
    await context.mailer.send(disabledMail(owner.email, endpoint, context.mailer.appUrl));
  } catch (error) {
    context.log?.(`the mail about disabled webhook endpoint ${endpoint.id} was not sent: ${(error as Error).message}`);
  }
}

/** The owner's e-mail about a disabled endpoint: which one, why, and how to turn it back on. */
export function disabledMail(to: string, endpoint: WebhookEndpointRow, appUrl: string): OutgoingMail {
  const lead = `We stopped sending events to your webhook endpoint ${endpoint.url}: ${endpoint.disabledReason}`;
  const how =
    'Once it answers again, open Reelwright, choose "API key" in your account menu and press "Enable" beside ' +
    'the endpoint. Events from while it was disabled are not sent.';
  return {
    to,
    subject: `Webhook endpoint disabled: ${endpoint.url}`,
    text: `${lead}\n\n${how}\n\nReelwright - ${appUrl}\n`,
    html: `<p>${escapeHtml(lead)}</p><p>${escapeHtml(how)}</p><p><a href="${escapeHtml(appUrl)}">Reelwright</a></p>`,
  };
}
