import { describe, expect, it } from 'vitest';
import { base64urlToBytes, bytesToBase64url, isSameKey, subscriptionBody } from './push-keys';

// A VAPID public key as web-push makes it: 65 bytes, uncompressed P-256 point (0x04 first).
const VAPID_KEY = 'BC-zm4_i8Iv3db96SAeAl7Er2GjaVKJVMqet6EUsO0OJa8Hf2RgI3fj5QbZrUUDE4xpmZ4JSLxm8RBOBajzAX4M';

describe('push keys', () => {
  it('decodes a VAPID public key to the 65 bytes of a P-256 point', () => {
    const bytes = base64urlToBytes(VAPID_KEY);
    expect(bytes).toBeInstanceOf(Uint8Array);
    expect(bytes.length).toBe(65);
    expect(bytes[0]).toBe(4);
    expect(bytesToBase64url(bytes)).toBe(VAPID_KEY);
  });

  it.each([
    ['', []],
    ['AA', [0]],
    ['AAE', [0, 1]],
    ['AAEC', [0, 1, 2]],
    ['-_8', [0xfb, 0xff]],
    ['-_8=', [0xfb, 0xff]],
  ])('decodes %j', (text, bytes) => {
    expect([...base64urlToBytes(text)]).toEqual(bytes);
  });

  it('round-trips every byte value', () => {
    const all = Uint8Array.from({ length: 256 }, (_, i) => i);
    const text = bytesToBase64url(all);
    expect(text).toMatch(/^[\w-]+$/);
    expect([...base64urlToBytes(text)]).toEqual([...all]);
    expect(bytesToBase64url(all.buffer)).toBe(text);
  });

  it.each(['a+b/', 'abc!', 'A', 'AAAAA'])('refuses %j', (text) => {
    expect(() => base64urlToBytes(text)).toThrow('not base64url');
  });

  it('tells whether a subscription was made with the server key', () => {
    const key = base64urlToBytes(VAPID_KEY).buffer;
    expect(isSameKey(key, VAPID_KEY)).toBe(true);
    expect(isSameKey(key, `${VAPID_KEY.slice(0, -1)}A`)).toBe(false);
    expect(isSameKey(null, VAPID_KEY)).toBe(false);
  });

  it('picks the body the server takes out of PushSubscription.toJSON()', () => {
    const json = {
      endpoint: 'https://push.example.test/abc',
      expirationTime: null,
      keys: { p256dh: VAPID_KEY, auth: 'AAAAAAAAAAAAAAAAAAAAAA' },
    };
    expect(subscriptionBody(json)).toEqual({ endpoint: json.endpoint, keys: json.keys });
    expect(subscriptionBody({ endpoint: json.endpoint })).toBeNull();
    expect(subscriptionBody({ keys: json.keys })).toBeNull();
  });
});
