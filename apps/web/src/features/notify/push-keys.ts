/**
 * Pure conversions between the base64url text the server speaks (RFC 4648 §5, as in VAPID and
 * `PushSubscription.toJSON()`) and the bytes the Push API takes.
 */
import type { EndpointInput, Endpoints } from '@reelwright/core';

/** base64url (padding optional) → bytes; throws on anything else. */
export function base64urlToBytes(text: string): Uint8Array<ArrayBuffer> {
  const bare = text.replace(/=+$/, '');
  if (!/^[A-Za-z0-9_-]*$/.test(bare) || bare.length % 4 === 1) throw new Error('not base64url');
  const base64 = bare
    .replaceAll('-', '+')
    .replaceAll('_', '/')
    .padEnd(Math.ceil(bare.length / 4) * 4, '=');
  const binary = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** bytes → base64url without padding. */
export function bytesToBase64url(bytes: ArrayBuffer | Uint8Array): string {
  const view = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes);
  let binary = '';
  for (const byte of view) binary += String.fromCharCode(byte);
  return btoa(binary).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
}

/** Whether a subscription was made with this VAPID public key (it changes only if the server's store is reset). */
export function isSameKey(applicationServerKey: ArrayBuffer | null | undefined, publicKey: string): boolean {
  if (!applicationServerKey) return false;
  return bytesToBase64url(applicationServerKey) === publicKey.replace(/=+$/, '');
}

/** What `POST /api/notify/app/webpush` takes. */
export type WebPushSubscriptionBody = EndpointInput<Endpoints['webPushSubscribe']>;

/** Picks the body out of `PushSubscription.toJSON()`; null when the browser gave no keys. */
export function subscriptionBody(json: PushSubscriptionJSON): WebPushSubscriptionBody | null {
  const { endpoint, keys } = json;
  if (!endpoint || !keys?.p256dh || !keys.auth) return null;
  return { endpoint, keys: { p256dh: keys.p256dh, auth: keys.auth } };
}
