import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DB_KINDS, type TestApp, testConfig } from '../../test/helpers';
import { MemberClient } from '../../test/member-client';

describe('the DEV_MAILBOX setting', () => {
  it.each([
    ["a development run without SMTP (npm start on one's own machine)", {}, true],
    ['production', { NODE_ENV: 'production' }, false],
    ['a server with SMTP', { SMTP_URL: 'smtp://127.0.0.1:2525' }, false],
    ['production, turned on by the operator', { NODE_ENV: 'production', DEV_MAILBOX: 'true' }, true],
    ['a development run, turned off', { DEV_MAILBOX: 'false' }, false],
  ])('for %s is %s', (_what, env, on) => {
    expect(testConfig(env).devMailbox).toBe(on);
  });
});

describe.each(DB_KINDS)('the dev mailbox on %s', (kind) => {
  let production: TestApp;
  let turnedOn: TestApp;
  beforeAll(async () => {
    production = await createTestApp(kind, { NODE_ENV: 'production' });
    turnedOn = await createTestApp(kind, { DEV_MAILBOX: 'true' });
  });
  afterAll(async () => {
    await production?.close();
    await turnedOn?.close();
  });

  it('does not exist in production, even for a request from loopback (a local reverse proxy)', async () => {
    await new MemberClient(production).access('forgot/send', { email: 'victim@example.com' });
    for (const remoteAddress of ['127.0.0.1', '::1']) {
      const res = await production.app.inject({ url: '/dev/mail', remoteAddress });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: 'No such endpoint: GET /dev/mail', code: 'no_route' });
    }
  });

  it('once turned on, answers by the setting rather than the address, and names no folder', async () => {
    const browser = new MemberClient(turnedOn);
    await browser.access('signup', { email: 'dev@example.com' });
    const code = await browser.codeFor('dev@example.com');
    const res = await turnedOn.app.inject({ url: '/dev/mail', remoteAddress: '203.0.113.9' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(`<b>${code}</b>`);
    expect(res.body).not.toContain(turnedOn.config.dataDir);
    expect(res.body).not.toMatch(/\/(tmp|home|var|Users)\//);
  });
});
