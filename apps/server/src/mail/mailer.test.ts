import { Writable } from 'node:stream';
import { type FakeSmtpServer, latestCode, readOutbox, startSmtpServer } from '@reelwright/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DB_KINDS, openTestDatabase, type TestApp, testConfig } from '../../test/helpers';
import { MemberClient } from '../../test/member-client';
import { buildApp } from '../app';

const subjectCode = (subject: string) => /(\d{8})$/.exec(subject)?.[1] ?? '';

describe.each(DB_KINDS)('mail over SMTP on %s', (kind) => {
  let smtp: FakeSmtpServer;
  let t: TestApp;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await createTestApp(kind, { SMTP_URL: smtp.url, MAIL_FROM: 'Reelwright Test <robot@reelwright.test>' });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('delivers the verification code, which then verifies the account', async () => {
    const browser = new MemberClient(t);
    const signup = await browser.access('signup', { email: 'smtp@example.com' });
    expect(signup.statusCode).toBe(200);
    const mail = await smtp.waitForMessage((m) => m.to === 'smtp@example.com');
    expect(mail.auth).toEqual({ username: 'tester', password: 'secret' });
    expect(mail.envelope.from).toBe('robot@reelwright.test');
    expect(mail.subject).toMatch(/^Your Reelwright verification code: \d{8}$/);
    const code = subjectCode(mail.subject);
    expect(mail.text).toContain(code);
    expect(mail.parsed.html).toContain(code);
    const verified = await browser.access('verify/check', { code });
    expect(verified.json()).toMatchObject({ email: 'smtp@example.com', verified: true });
  });

  it('keeps an .eml copy of what it sent', async () => {
    await new MemberClient(t).access('signup', { email: 'copy@example.com' });
    const delivered = await smtp.waitForMessage((m) => m.to === 'copy@example.com');
    await t.app.mailer.settled();
    expect(await latestCode(t.config.dataDir, 'copy@example.com')).toBe(subjectCode(delivered.subject));
  });

  it('has no dev mailbox', async () => {
    expect((await t.app.inject({ url: '/dev/mail' })).statusCode).toBe(404);
  });
});

describe.each(DB_KINDS)('mail with an unreachable SMTP server on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    const closed = await startSmtpServer();
    await closed.close();
    t = await createTestApp(kind, { SMTP_URL: closed.url });
  });
  afterAll(() => t.close());

  it('still signs up, and says so when a resend cannot be delivered', async () => {
    const browser = new MemberClient(t);
    expect((await browser.access('signup', { email: 'down@example.com' })).statusCode).toBe(200);
    const res = await browser.access('verify/send', {});
    expect(res.statusCode).toBe(502);
    expect(res.json()).toEqual({
      error: 'We could not send the email right now. Please try again in a minute.',
      code: 'mail_failed',
    });
  });
});

describe.each(DB_KINDS)('mail without SMTP on %s', (kind) => {
  let t: TestApp;
  const logLines: string[] = [];
  beforeAll(async () => {
    const config = testConfig({ LOG_LEVEL: 'info' });
    const { database, drop } = await openTestDatabase(kind);
    const stream = new Writable({
      write(chunk, _encoding, done) {
        logLines.push(String(chunk));
        done();
      },
    });
    const app = await buildApp(config, { database, logger: { level: 'info', stream } });
    t = {
      app,
      config,
      async close() {
        await app.close();
        await drop();
      },
    };
  });
  afterAll(() => t.close());

  it('writes the message to the outbox and logs the recipient and the code', async () => {
    const browser = new MemberClient(t);
    await browser.access('signup', { email: 'local@example.com' });
    const code = await browser.codeFor('local@example.com');
    const [mail] = (await readOutbox(t.config.dataDir)).filter((m) => m.to.includes('local@example.com'));
    expect(mail?.file).toMatch(/^\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d-\d{3}Z-\d{6}-[0-9a-f]{6}\.eml$/);
    expect(mail?.parsed.html).toContain(code);
    const line = logLines.find((l) => l.includes('Mail to local@example.com'));
    expect(line).toContain(code);
  });

  it('lists the outbox newest first on the dev mailbox page', async () => {
    await new MemberClient(t).access('signup', { email: 'older@example.com' });
    await new MemberClient(t).access('signup', { email: 'newer@example.com' });
    const newerCode = await new MemberClient(t).codeFor('newer@example.com');
    const res = await t.app.inject({ url: '/dev/mail' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    const page = res.body;
    expect(page).toContain(`<b>${newerCode}</b>`);
    expect(page.indexOf('newer@example.com')).toBeLessThan(page.indexOf('older@example.com'));
    expect(page).toContain('Your Reelwright verification code');
  });
});
