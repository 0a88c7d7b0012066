import { SETTINGS_MAX_BYTES } from '@reelwright/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildMember, requestsAs } from '../../test/factories';
import { createTestApp, DB_KINDS, type TestApp } from '../../test/helpers';

const URL = '/api/members/settings';

describe.each(DB_KINDS)('settings on %s', (kind) => {
  let t: TestApp;
  let me: ReturnType<typeof requestsAs>;
  beforeAll(async () => {
    t = await createTestApp(kind);
    me = requestsAs(t.app, (await buildMember(t.app)).cookie);
  });
  afterAll(() => t.close());

  const stored = { tts: { words: [{ id: 'w1', from: 'GIF', to: 'jif' }], voice: 'en-US-Wavenet-C' }, autoSave: true };

  it('starts empty and round-trips what is saved, per member', async () => {
    const fresh = requestsAs(t.app, (await buildMember(t.app)).cookie);
    expect((await fresh.get(URL)).json()).toEqual({});
    const saved = await me.post(URL, stored);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual(stored);
    expect((await me.get(URL)).json()).toEqual(stored);
    expect((await fresh.get(URL)).json()).toEqual({});
  });

  it('replaces the whole object on each save', async () => {
    const fresh = requestsAs(t.app, (await buildMember(t.app)).cookie);
    await fresh.post(URL, { a: 1, b: 2 });
    await fresh.post(URL, { b: 3 });
    expect((await fresh.get(URL)).json()).toEqual({ b: 3 });
  });

  describe('refusals keep the stored settings', () => {
    beforeAll(async () => {
      await me.post(URL, stored);
    });
    afterAll(async () => {
      expect((await me.get(URL)).json()).toEqual(stored);
    });

    it('over 64 KB is a 413', async () => {
      const res = await me.post(URL, { blob: 'x'.repeat(SETTINGS_MAX_BYTES) });
      expect(res.statusCode).toBe(413);
      expect(res.json()).toMatchObject({
        code: 'too_large',
        error: expect.stringContaining(String(SETTINGS_MAX_BYTES)),
      });
    });

    it.each([
      ['an array', '[1,2]'],
      ['a string', '"hello"'],
      ['a number', '42'],
      ['null', 'null'],
    ])('a body that is %s is a 400', async (_, payload) => {
      const res = await me.send({ method: 'POST', url: URL, headers: { 'content-type': 'application/json' }, payload });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('invalid_input');
    });

    it('text jsonb cannot hold (a NUL character) is a 400', async () => {
      const res = await me.post(URL, { name: 'a\u0000b' });
      expect(res.statusCode).toBe(400);
      // Refused as the body is read, naming the field.
      expect(res.json()).toMatchObject({ code: 'invalid_text', field: 'name' });
    });
  });

  it('refuses visitors with a 401', async () => {
    const visitor = requestsAs(t.app);
    expect((await visitor.get(URL)).statusCode).toBe(401);
    expect((await visitor.post(URL, { a: 1 })).statusCode).toBe(401);
  });
});
