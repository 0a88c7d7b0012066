/** Core's push subscription schema, checked against Node's own base64url (core has no Buffer). */

import { base64urlBytes, httpsPushEndpoint, PushSubscriptionSchema } from '@reelwright/core';
import { describe, expect, it } from 'vitest';

describe('base64urlBytes', () => {
  it("decodes what Node's base64url encoding gives, for every length", () => {
    for (let length = 0; length < 70; length++) {
      const bytes = Array.from({ length }, (_, i) => (i * 37 + length * 11) % 256);
      expect(base64urlBytes(Buffer.from(bytes).toString('base64url'))).toEqual(bytes);
    }
  });

  it('refuses text that is not unpadded base64url', () => {
    expect(base64urlBytes('ab+c')).toBeNull();
    expect(base64urlBytes('abcde')).toBeNull();
    expect(base64urlBytes('ab=c')).toBeNull();
  });
});

describe('push subscriptions', () => {
  const keys = {
    p256dh: Buffer.concat([Buffer.from([4]), Buffer.alloc(64, 7)]).toString('base64url'),
    auth: Buffer.alloc(16, 1).toString('base64url'),
  };

  it('takes an http(s) endpoint, and only https once narrowed', () => {
    expect(PushSubscriptionSchema.safeParse({ endpoint: 'http://127.0.0.1:9/push', keys }).success).toBe(true);
    const https = httpsPushEndpoint(PushSubscriptionSchema);
    expect(https.safeParse({ endpoint: 'https://push.example/x', keys }).success).toBe(true);
    const plain = https.safeParse({ endpoint: 'http://push.example/x', keys });
    expect(plain.error?.issues[0]).toMatchObject({ path: ['endpoint'], message: 'endpoint must be an https URL' });
    expect(https.safeParse({ endpoint: 'not a url', keys }).error?.issues[0]?.path).toEqual(['endpoint']);
  });
});
