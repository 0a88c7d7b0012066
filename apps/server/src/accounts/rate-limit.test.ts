import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DB_KINDS, type TestApp } from '../../test/helpers';
import { MemberClient } from '../../test/member-client';

describe.each(DB_KINDS)('auth rate limits on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { AUTH_RATE_LIMIT: '3' });
  });
  afterAll(() => t.close());

  it('answers the 4th login in a minute with a 429 and a message', async () => {
    const browser = new MemberClient(t);
    const body = { email: 'limit@example.com', password: 'whatever' };
    for (let i = 0; i < 3; i++) expect((await browser.access('login', body)).statusCode).toBe(401);
    const res = await browser.access('login', body);
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({
      error: 'Too many attempts. Please wait a minute and try again.',
      code: 'rate_limited',
    });
  });

  it('counts per client address and per route', async () => {
    const other = { email: 'limit@example.com', password: 'whatever' };
    const fromElsewhere = await t.app.inject({
      method: 'POST',
      url: '/api/members/access/login',
      payload: other,
      remoteAddress: '10.1.2.3',
    });
    expect(fromElsewhere.statusCode).toBe(401);
    expect((await new MemberClient(t).access('forgot/send', { email: 'x@example.com' })).statusCode).toBe(200);
  });

  it('does not limit info', async () => {
    for (let i = 0; i < 6; i++) expect((await new MemberClient(t).access('info')).statusCode).toBe(200);
  });
});
