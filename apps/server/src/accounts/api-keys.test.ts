import { abilitiesFor } from '@reelwright/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DB_KINDS, type TestApp } from '../../test/helpers';
import { MemberClient } from '../../test/member-client';
import { setPlan } from './service';

describe.each(DB_KINDS)('API keys on %s', (kind) => {
  let t: TestApp;
  let n = 0;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  async function member(plan: 'free' | 'paid' | 'business') {
    const browser = new MemberClient(t);
    const email = `${plan}-${++n}@example.com`;
    await browser.signupVerified(email);
    await setPlan(t.app.db, { email, plan });
    return browser;
  }
  const settingsWith = (headers: Record<string, string>) => t.app.inject({ url: '/api/members/settings', headers });

  it('shows a new key in full once, then only its hint', async () => {
    const browser = await member('business');
    const first = await browser.request({ url: '/api/members/zapier/info' });
    expect(first.statusCode).toBe(200);
    const { apiKey, hint, created_at } = first.json();
    expect(apiKey).toMatch(/^rw_[A-Za-z0-9_-]{32}$/);
    expect(hint).toBe(`${apiKey.slice(0, 7)}…`);
    expect(new Date(created_at).getTime()).toBeGreaterThan(0);
    const second = await browser.request({ url: '/api/members/zapier/info' });
    expect(second.json()).toEqual({ apiKey: null, hint, created_at });
  });

  it('authenticates API requests by Bearer and X-Api-Key', async () => {
    const browser = await member('business');
    const { apiKey } = (await browser.request({ url: '/api/members/zapier/info' })).json();
    expect((await settingsWith({ authorization: `Bearer ${apiKey}` })).statusCode).toBe(200);
    expect((await settingsWith({ 'x-api-key': apiKey })).statusCode).toBe(200);
    expect((await settingsWith({ 'x-api-key': `${apiKey}x` })).statusCode).toBe(401);
  });

  it('rotate replaces the key; revoke ends it', async () => {
    const browser = await member('business');
    const { apiKey: first } = (await browser.request({ url: '/api/members/zapier/info' })).json();
    const rotated = await browser.request({ method: 'POST', url: '/api/members/zapier/rotate' });
    const second = rotated.json().apiKey;
    expect(second).toMatch(/^rw_/);
    expect(second).not.toBe(first);
    expect((await settingsWith({ authorization: `Bearer ${first}` })).statusCode).toBe(401);
    expect((await settingsWith({ authorization: `Bearer ${second}` })).statusCode).toBe(200);
    const revoked = await browser.request({ method: 'POST', url: '/api/members/zapier/revoke' });
    expect(revoked.json()).toEqual({ apiKey: null, hint: null, created_at: null });
    expect((await settingsWith({ authorization: `Bearer ${second}` })).statusCode).toBe(401);
  });

  it('stops working when the member leaves the business plan', async () => {
    const browser = await member('business');
    const { apiKey } = (await browser.request({ url: '/api/members/zapier/info' })).json();
    const email = (await browser.access('info')).json().email;
    await setPlan(t.app.db, { email, plan: 'paid' });
    expect((await settingsWith({ authorization: `Bearer ${apiKey}` })).statusCode).toBe(401);
  });

  it.each(['free', 'paid'] as const)('refuses a %s member with a 403 naming the plan', async (plan) => {
    const browser = await member(plan);
    for (const [method, url] of [
      ['GET', '/api/members/zapier/info'],
      ['POST', '/api/members/zapier/rotate'],
      ['POST', '/api/members/zapier/revoke'],
    ] as const) {
      const res = await browser.request({ method, url });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({
        error: `API keys come with the Business plan. You are on the ${plan} plan.`,
        code: 'plan_required',
      });
    }
  });

  it('refuses visitors with a 401', async () => {
    expect((await t.app.inject({ url: '/api/members/zapier/info' })).statusCode).toBe(401);
  });

  it('answers business abilities in the user object', async () => {
    const browser = await member('business');
    expect((await browser.access('info')).json()).toMatchObject({
      plan: 'business',
      abilities: abilitiesFor('business'),
    });
  });
});
