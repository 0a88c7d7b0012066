import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../accounts/tables';

/** A member's webhook endpoint: where events are POSTed, which ones, and the key they are signed with. */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    url: text().notNull(),
    /** Event types (`video.rendered`, `video.render_failed`). */
    events: text().array().notNull(),
    /**
     * The signing secret (`whsec_…`), kept as it is: we must sign with it, so it cannot be
     * hashed, and an encryption key beside it in the same deployment would protect nothing (D73).
     */
    secret: text().notNull(),
    /** Failed attempts since the last delivered one; past a few, attempts get a short timeout. */
    consecutiveFailures: integer().notNull().default(0),
    /** When the current run of failures began (null while the endpoint answers). */
    failingSince: timestamp({ withTimezone: true }),
    /** Set when the failures went on too long: nothing is sent until the owner enables it again. */
    disabledAt: timestamp({ withTimezone: true }),
    disabledReason: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('webhook_endpoints_user_idx').on(t.userId)],
);

/** One event for one endpoint and how its attempts went; retries keep the row (and its id). */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: serial().primaryKey(),
    /** `msg_…`: the payload's `id` and the `Webhook-Id` header, so receivers can drop repeats. */
    messageId: text().notNull().unique(),
    endpointId: integer()
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    event: text().notNull(),
    /** The exact JSON body sent (and signed) on every attempt. */
    payload: text().notNull(),
    status: text({ enum: ['pending', 'delivered', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer().notNull().default(0),
    lastStatusCode: integer(),
    lastError: text(),
    nextAttemptAt: timestamp({ withTimezone: true }),
    /** A worker's claim on the attempt in flight; a claim past its time is free again (the worker died). */
    lockedUntil: timestamp({ withTimezone: true }),
    deliveredAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('webhook_deliveries_endpoint_idx').on(t.endpointId, t.createdAt),
    index('webhook_deliveries_due_idx').on(t.status, t.nextAttemptAt),
  ],
);

export type WebhookEndpointRow = typeof webhookEndpoints.$inferSelect;
export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect;
