/**
 * Signing by the Standard Webhooks convention (https://www.standardwebhooks.com): the secret is
 * `whsec_` and a base64 key; the signature is the base64 HMAC-SHA256, under that key, of
 * `{id}.{timestamp}.{body}`, sent as `Webhook-Signature: v1,<signature>` beside `Webhook-Id` and
 * `Webhook-Timestamp` (Unix seconds). Receivers' libraries for the convention verify it as is.
 */
import { createHmac, randomBytes } from 'node:crypto';

const SECRET_PREFIX = 'whsec_';
/** 24 random bytes: within the 24–64 the convention asks for. */
const SECRET_BYTES = 24;

/** A new endpoint's signing secret. */
export function newWebhookSecret(): string {
  return `${SECRET_PREFIX}${randomBytes(SECRET_BYTES).toString('base64')}`;
}

/** The `Webhook-Signature` value of one message. */
export function webhookSignature(secret: string, message: { id: string; timestamp: number; body: string }): string {
  const key = Buffer.from(secret.slice(SECRET_PREFIX.length), 'base64');
  const mac = createHmac('sha256', key).update(`${message.id}.${message.timestamp}.${message.body}`).digest('base64');
  return `v1,${mac}`;
}

/** The headers of one attempt; the timestamp is the attempt's, so a retry is signed afresh. */
export function webhookHeaders(secret: string, message: { id: string; timestamp: number; body: string }) {
  return {
    'content-type': 'application/json',
    'webhook-id': message.id,
    'webhook-timestamp': String(message.timestamp),
    'webhook-signature': webhookSignature(secret, message),
  };
}
