import { z } from 'zod';

/** Base64url (RFC 4648 §5), padding allowed and dropped, decoding to exactly `bytes` bytes. */
function base64urlOf(bytes: number, what: string) {
  return z
    .string()
    .max(200)
    .transform((text) => text.replace(/=+$/, ''))
    .refine((text) => /^[A-Za-z0-9_-]+$/.test(text) && Buffer.from(text, 'base64url').length === bytes, {
      message: `${what} must be base64url of ${bytes} bytes`,
    });
}

/**
 * What the browser's `PushSubscription.toJSON()` gives (expirationTime is ignored). The endpoint
 * must be https, as every browser's push service is; plain http only where the operator allows
 * private addresses (tests, with a push service on loopback).
 */
export function pushSubscriptionSchema(options: { allowHttp: boolean }) {
  const schemes = options.allowHttp ? ['https:', 'http:'] : ['https:'];
  return z.object({
    endpoint: z
      .string()
      .max(2048)
      .refine((text) => URL.canParse(text) && schemes.includes(new URL(text).protocol), {
        message: options.allowHttp ? 'endpoint must be an http(s) URL' : 'endpoint must be an https URL',
      }),
    keys: z.object({
      /** The browser's P-256 public key, uncompressed (65 bytes starting with 0x04). */
      p256dh: base64urlOf(65, 'keys.p256dh').refine((text) => Buffer.from(text, 'base64url')[0] === 4, {
        message: 'keys.p256dh must be an uncompressed P-256 point',
      }),
      /** The browser's auth secret. */
      auth: base64urlOf(16, 'keys.auth'),
    }),
  });
}

export type PushSubscriptionInput = z.infer<ReturnType<typeof pushSubscriptionSchema>>;

export const PushUnsubscribeSchema = z.object({ endpoint: z.string().min(1).max(2048) });

export const WebPushKeySchema = z.object({
  /** The VAPID public key (base64url, 65 bytes), for `pushManager.subscribe({ applicationServerKey })`. */
  publicKey: z.string(),
});
