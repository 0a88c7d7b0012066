/**
 * Web Push subscriptions as the browser sends them (`PushSubscription.toJSON()`) and the answers
 * of `/api/notify/app/webpush`.
 */
import { z } from 'zod';

const BASE64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** The bytes base64url text (RFC 4648 §5, unpadded) stands for, or null when it is not such text. */
export function base64urlBytes(text: string): number[] | null {
  if (!/^[A-Za-z0-9_-]*$/.test(text) || text.length % 4 === 1) return null;
  const bytes: number[] = [];
  let buffer = 0;
  let bits = 0;
  for (const char of text) {
    buffer = ((buffer << 6) | BASE64URL.indexOf(char)) & 0xfff;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      bytes.push((buffer >> bits) & 0xff);
    }
  }
  return bytes;
}

/** Base64url, padding allowed and dropped, decoding to exactly `length` bytes. */
function base64urlOf(length: number, what: string) {
  return z
    .string()
    .max(200)
    .transform((text) => text.replace(/=+$/, ''))
    .refine((text) => base64urlBytes(text)?.length === length, {
      message: `${what} must be base64url of ${length} bytes`,
    });
}

/**
 * What the browser's `PushSubscription.toJSON()` gives (expirationTime is ignored): an http(s)
 * endpoint and the browser's keys. The server allows plain http only where the operator allows
 * private addresses (tests, with a push service on loopback): `httpsPushEndpoint`.
 */
export const PushSubscriptionSchema = z.object({
  endpoint: z
    .string()
    .max(2048)
    // Worded for the servers that run it (https only); plain http passes for loopback tests.
    .refine((text) => URL.canParse(text) && ['https:', 'http:'].includes(new URL(text).protocol), {
      message: 'endpoint must be an https URL',
    }),
  keys: z.object({
    /** The browser's P-256 public key, uncompressed (65 bytes starting with 0x04). */
    p256dh: base64urlOf(65, 'keys.p256dh').refine((text) => base64urlBytes(text)?.[0] === 4, {
      message: 'keys.p256dh must be an uncompressed P-256 point',
    }),
    /** The browser's auth secret. */
    auth: base64urlOf(16, 'keys.auth'),
  }),
});
export type PushSubscriptionInput = z.infer<typeof PushSubscriptionSchema>;

/** The subscription schema where only https endpoints are allowed, as browsers' push services are. */
export function httpsPushEndpoint<S extends typeof PushSubscriptionSchema>(schema: S) {
  // Runs even when the endpoint failed its own check (zod goes on after a refinement's issue).
  const https = (endpoint: string) => !URL.canParse(endpoint) || new URL(endpoint).protocol === 'https:';
  return schema.refine((subscription) => https(subscription.endpoint), {
    message: 'endpoint must be an https URL',
    path: ['endpoint'],
  });
}

export const PushUnsubscribeSchema = z.object({ endpoint: z.string().min(1).max(2048) });

export const WebPushKeySchema = z.object({
  /** The VAPID public key (base64url, 65 bytes), for `pushManager.subscribe({ applicationServerKey })`. */
  publicKey: z.string(),
});

export const PushSubscribedSchema = z.object({ ok: z.literal(true) });
export const PushUnsubscribedSchema = z.object({ removed: z.boolean() });
