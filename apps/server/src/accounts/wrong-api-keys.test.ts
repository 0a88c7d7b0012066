import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildMember } from '../../test/factories';
import { createTestApp, DB_KINDS, type TestApp } from '../../test/helpers';
import { rotateApiKey } from './api-keys';
import { WRONG_API_KEY_LIMIT, wrongApiKeyGuard } from './wrong-api-keys';

const wrongKey = () => `rw_${randomBytes(24).toString('base64url')}`;

describe.each(DB_KINDS)('wrong API keys on %s (issue 31 finding 8)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t?.close());

  const withKey = (key: string, remoteAddress: string, url = '/api/members/settings') =>
    t.app.inject({ url, remoteAddress, headers: { authorization: `Bearer ${key}` } });

  it('refuses a client address with 429 and Retry-After once it sent too many, even with the right key', async () => {
    const { member } = await buildMember(t.app, { plan: 'business' });
    const key = (await rotateApiKey(t.app.db, { userId: member.id })).apiKey ?? '';
    expect((await withKey(key, '127.0.0.2')).statusCode).toBe(200);
    for (let i = 0; i < WRONG_API_KEY_LIMIT.limit; i++) {
      expect((await withKey(wrongKey(), '127.0.0.2')).statusCode, `wrong key ${i + 1}`).toBe(401);
    }
    for (const url of ['/api/members/settings', '/api/v1/projects']) {
      const refused = await withKey(key, '127.0.0.2', url);
      expect(refused.statusCode, url).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(590);
      expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(600);
      expect(refused.body).toContain('Too many wrong API keys from your address. Try again in 10 minutes.');
    }
    // Another address is not held back.
    expect((await withKey(key, '127.0.0.3')).statusCode).toBe(200);
  });

  it('looks up no malformed key, and no key at all from a refused address', async () => {
    let lookups = 0;
    const db = new Proxy(t.app.db, {
      get(target, property, receiver) {
        if (property === 'select') lookups++;
        return Reflect.get(target, property, receiver);
      },
    });
    const guard = wrongApiKeyGuard({ limit: 3, windowMs: 60_000 });
    const reply = {
      headers: {} as Record<string, string>,
      header(name: string, value: string) {
        this.headers[name] = value;
        return this;
      },
    };
    const find = (key: string, now = 1_000_000) =>
      guard.findMember(db, { key, client: 'a', reply: reply as never, now });
    for (const malformed of ['rw_short', 'x'.repeat(35), `rw_${'a'.repeat(31)}!`, `sk_${'a'.repeat(32)}`]) {
      expect(await find(malformed)).toBeNull();
    }
    expect(lookups).toBe(0);
    for (let i = 0; i < 3; i++) expect(await find(wrongKey())).toBeNull();
    expect(lookups).toBe(3);
    await expect(find(wrongKey(), 1_030_000)).rejects.toMatchObject({ statusCode: 429, code: 'too_many_keys' });
    expect(lookups).toBe(3);
    expect(reply.headers['retry-after']).toBe('30');
    // The window ends: looked up again.
    expect(await find(wrongKey(), 1_060_000)).toBeNull();
    expect(lookups).toBe(4);
  });
});
