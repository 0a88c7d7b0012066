import { z } from 'zod';
import { rowIdSchema } from '../ids';

/**
 * Webhooks (issue 22 part 3): a member registers URLs that are told, by a signed POST, when a
 * video is rendered or its render failed. The wire format follows the Standard Webhooks
 * convention (docs/api.md, Webhooks; D73).
 */

/** The events a member can subscribe an endpoint to. */
export const WEBHOOK_EVENTS = ['video.rendered', 'video.render_failed'] as const;
export const WebhookEventTypeSchema = z.enum(WEBHOOK_EVENTS);
export type WebhookEventType = z.infer<typeof WebhookEventTypeSchema>;
/** What "Send a test event" delivers; never subscribed to, always sent when asked. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

/** How many endpoints one member may register. */
export const MAX_WEBHOOK_ENDPOINTS = 10;
export const WEBHOOK_URL_MAX = 2048;

/** `POST /api/members/webhooks`: where to send, and which events. */
export const WebhookEndpointInputSchema = z.object({
  url: z
    .string()
    .trim()
    .max(WEBHOOK_URL_MAX, { error: `url must be at most ${WEBHOOK_URL_MAX} characters.` })
    .refine((text) => URL.canParse(text) && ['https:', 'http:'].includes(new URL(text).protocol), {
      error: 'url must be an https address, such as https://example.com/hooks/reelwright.',
    }),
  events: z
    .array(WebhookEventTypeSchema, { error: `events must list some of: ${WEBHOOK_EVENTS.join(', ')}.` })
    .min(1, { error: `events must list at least one of: ${WEBHOOK_EVENTS.join(', ')}.` })
    .transform((events) => [...new Set(events)]),
});
export type WebhookEndpointInput = z.input<typeof WebhookEndpointInputSchema>;

/** `/api/members/webhooks/:id…`. */
export const WebhookEndpointParamsSchema = z.object({ id: rowIdSchema('Webhook id') });

/** Where a delivery stands: waiting for its (next) attempt, received with a 2xx, or given up. */
export const WebhookDeliveryStatusSchema = z.enum(['pending', 'delivered', 'failed']);

/** One event sent (or being sent) to one endpoint. */
export const WebhookDeliverySchema = z.object({
  /** Also the payload's `id` and the `Webhook-Id` header: the same on every retry. */
  id: z.string(),
  event: z.string(),
  status: WebhookDeliveryStatusSchema,
  attempts: z.number().int(),
  /** The receiver's HTTP status on the last attempt; null before one, or when none came. */
  last_status_code: z.number().int().nullable(),
  /** Why the last attempt failed, when it did. */
  last_error: z.string().nullable(),
  next_attempt_at: z.string().nullable(),
  delivered_at: z.string().nullable(),
  created_at: z.string(),
});
export type WebhookDelivery = z.infer<typeof WebhookDeliverySchema>;

export const WebhookEndpointSchema = z.object({
  id: z.number().int(),
  url: z.string(),
  events: z.array(WebhookEventTypeSchema),
  created_at: z.string(),
  /** When deliveries stopped after failing too long (the owner was e-mailed), or null while it is on. */
  disabled_at: z.string().nullable(),
  /** Why it was disabled: how many attempts failed since when, and the last error. */
  disabled_reason: z.string().nullable(),
  /** The newest delivery to this endpoint, or null before the first. */
  last_delivery: WebhookDeliverySchema.nullable(),
});
export type WebhookEndpoint = z.infer<typeof WebhookEndpointSchema>;

/** The answer to creating an endpoint: the only time the signing secret is shown. */
export const CreatedWebhookEndpointSchema = WebhookEndpointSchema.extend({
  /** `whsec_` and the base64 key: keep it to verify `Webhook-Signature`. */
  secret: z.string(),
});

export const WebhookEndpointListSchema = z.object({ endpoints: z.array(WebhookEndpointSchema) });
export const WebhookDeliveryListSchema = z.object({ deliveries: z.array(WebhookDeliverySchema) });
export const WebhookEndpointRemovedSchema = z.object({ removed: z.literal(true) });

/** What a video event tells the receiver, inside the payload's `data`. */
export type VideoEventData = {
  project_id: number;
  /** The render's public id. */
  render_id: string;
  title: string;
  /** The MP4's download address (video.rendered) or null. */
  video_url: string | null;
  /** The project in the app. */
  project_url: string;
  /** Seconds (video.rendered). */
  duration?: number;
  /** Why the render failed (video.render_failed). */
  error?: string;
};

/** An event for a member's endpoints: its type and its `data`. */
export type WebhookEvent = { type: WebhookEventType; data: VideoEventData };
