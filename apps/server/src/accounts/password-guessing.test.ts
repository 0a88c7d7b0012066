import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DB_KINDS, type TestApp } from '../../test/helpers';
import { MemberClient } from '../../test/member-client';
import { PASSWORD_LOCK } from './attempt-limits';
import { sha256 } from './sessions';
import { accessThrottles } from './tables';

const CLIENTS = ['203.0.113.1', '203.0.113.2', '198.51.100.3', '2001:db8::4', '192.0.2.5'];

const locked = (wait: string) => ({
  error: `Too many wrong passwords for this email. Try again in ${wait}, or use 'Forgot password?' to set a new one.`,
  code: 'too_many_passwords',
});

describe.each(DB_KINDS)('password guessing on %s', (kind) => {
  let t: TestApp;
  let n = 0;
  const email = (name: string) => `${name}-${++n}@example.com`;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  const login = (address: string, password: string, remoteAddress = '127.0.0.1') =>
    t.app.inject({
      method: 'POST',
      url: '/api/members/access/login',
      payload: { email: address, password },
      remoteAddress,
    });

  const lockOf = (address: string) =>
    and(eq(accessThrottles.kind, 'password'), eq(accessThrottles.subjectHash, sha256(address)));
  /** Ends the address's lock, as if its time had passed. */
  const waitOutLock = (address: string) =>
    t.app.db.update(accessThrottles).set({ lockedUntil: sql`now() - interval '1 second'` }).where(lockOf(address));

  async function member(name: string, password = 'right-pass') {
    const address = email(name);
    await new MemberClient(t).signupVerified(address, password);
    return address;
  }

  it('refuses the right password after 50 wrong ones from five addresses, until the lock ends', async () => {
    const address = await member('target');
    const statuses: number[] = [];
    for (let i = 0; i < 50; i++)
      statuses.push((await login(address, `guess-${i}`, CLIENTS[i % CLIENTS.length])).statusCode);
    expect(statuses.slice(0, PASSWORD_LOCK.lockAtAttempt)).toEqual(Array(PASSWORD_LOCK.lockAtAttempt).fill(401));
    expect(new Set(statuses.slice(PASSWORD_LOCK.lockAtAttempt))).toEqual(new Set([429]));

    const right = await login(address, 'right-pass', CLIENTS[0]);
    expect(right.statusCode).toBe(429);
    expect(right.json()).toEqual(locked('1 minute'));
    expect(right.cookies).toHaveLength(0);

    await waitOutLock(address);
    expect((await login(address, 'right-pass')).statusCode).toBe(200);
    // Success ends the streak: the next mistake is a plain one.
    expect((await login(address, 'wrong-pass')).statusCode).toBe(401);
  });

  it('locks for twice as long after each further failure, but never more than 15 minutes', async () => {
    const address = await member('growing');
    for (let i = 0; i < PASSWORD_LOCK.lockAtAttempt; i++) await login(address, 'wrong-pass');
    for (const wait of ['2 minutes', '4 minutes', '8 minutes', '15 minutes', '15 minutes']) {
      await waitOutLock(address);
      expect((await login(address, 'wrong-pass')).statusCode).toBe(401);
      expect((await login(address, 'right-pass')).json()).toEqual(locked(wait));
    }
  });

  it('evaluates no more passwords than the free ones out of a concurrent burst', async () => {
    const address = await member('burst');
    const burst = await Promise.all(
      Array.from({ length: 30 }, (_, i) => login(address, `guess-${i}`, CLIENTS[i % CLIENTS.length])),
    );
    const statuses = burst.map((res) => res.statusCode);
    expect(statuses.filter((status) => status === 401)).toHaveLength(PASSWORD_LOCK.lockAtAttempt);
    expect(statuses.filter((status) => status === 429)).toHaveLength(30 - PASSWORD_LOCK.lockAtAttempt);
  });

  it('answers an unknown address and an account without a password exactly like a registered one', async () => {
    const registered = await member('known');
    const passwordless = email('nopw');
    await new MemberClient(t).access('signup', { email: passwordless });
    const answers = [];
    for (const address of [registered, email('unknown'), passwordless]) {
      const tries = [];
      for (let i = 0; i <= PASSWORD_LOCK.lockAtAttempt; i++) tries.push(await login(address, 'wrong-pass'));
      answers.push(tries.map((res) => ({ status: res.statusCode, body: res.json() })));
    }
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]).toEqual(answers[0]);
    expect(answers[0]?.at(-1)).toEqual({ status: 429, body: locked('1 minute') });
  });

  it('lifts the lock when the member resets the password by e-mail', async () => {
    const address = await member('reset');
    for (let i = 0; i < PASSWORD_LOCK.lockAtAttempt; i++) await login(address, 'wrong-pass');
    expect((await login(address, 'right-pass')).statusCode).toBe(429);
    const browser = new MemberClient(t);
    await browser.access('forgot/send', { email: address });
    const reset = await browser.access('forgot/check', {
      email: address,
      code: await browser.codeFor(address),
      new_password: 'new-pass',
    });
    expect(reset.statusCode).toBe(200);
    expect((await login(address, 'new-pass')).statusCode).toBe(200);
  });

  it('limits guesses of the current password when changing it', async () => {
    const address = await member('change');
    const browser = new MemberClient(t);
    await browser.access('login', { email: address, password: 'right-pass' });
    for (let i = 0; i < PASSWORD_LOCK.lockAtAttempt; i++) {
      const res = await browser.access('reset-pw', { old_password: `guess-${i}`, new_password: 'new-pass' });
      expect(res.json().code).toBe('old_password_wrong');
    }
    const res = await browser.access('reset-pw', { old_password: 'right-pass', new_password: 'new-pass' });
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual(locked('1 minute'));
  });
});
