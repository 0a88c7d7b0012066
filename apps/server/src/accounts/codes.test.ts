import { ONE_TIME_CODE_MAX_ATTEMPTS } from '@reelwright/core';
import { readOutbox } from '@reelwright/testkit';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DB_KINDS, type TestApp } from '../../test/helpers';
import { MemberClient } from '../../test/member-client';
import { newCode } from './codes';
import { oneTimeCodes, users } from './tables';

/** A code that is well-formed but not the one that was sent. */
const otherThan = (code: string) => String((Number(code) + 1) % 100_000_000).padStart(8, '0');

describe('one-time code format', () => {
  it('always has 8 digits', () => {
    for (let i = 0; i < 200; i++) expect(newCode()).toMatch(/^\d{8}$/);
  });
});

describe.each(DB_KINDS)('verification and password reset codes on %s', (kind) => {
  let t: TestApp;
  let n = 0;
  const email = (name: string) => `${name}-${++n}@example.com`;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  async function signedUp(name: string) {
    const browser = new MemberClient(t);
    const address = email(name);
    await browser.access('signup', { email: address, password: 'pass-word' });
    return { browser, address, code: await browser.codeFor(address) };
  }

  describe('verify/check', () => {
    it('marks the account verified with the mailed code, once', async () => {
      const { browser, address, code } = await signedUp('ok');
      const res = await browser.access('verify/check', { code, tz_offset: 60 });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ email: address, verified: true, tz_offset: 60 });
      const again = await browser.access('verify/check', { code });
      expect(again.statusCode).toBe(400);
      expect(again.json()).toEqual({
        error: 'This code has already been used. Request a new one.',
        code: 'code_used',
        field: 'code',
      });
    });

    it('counts wrong tries down and burns the code after the last one', async () => {
      const { browser, code } = await signedUp('wrong');
      for (let left = ONE_TIME_CODE_MAX_ATTEMPTS - 1; left >= 1; left--) {
        const res = await browser.access('verify/check', { code: otherThan(code) });
        expect(res.statusCode).toBe(400);
        expect(res.json().error).toBe(`That code is not right. ${left} ${left === 1 ? 'try' : 'tries'} left.`);
      }
      const last = await browser.access('verify/check', { code: otherThan(code) });
      expect(last.json().error).toBe('Too many wrong tries. Request a new code.');
      const right = await browser.access('verify/check', { code });
      expect(right.json()).toMatchObject({ code: 'code_burnt', error: 'Too many wrong tries. Request a new code.' });
    });

    it('refuses an expired code', async () => {
      const { browser, address, code } = await signedUp('late');
      const [member] = await t.app.db.select().from(users).where(eq(users.email, address));
      await t.app.db
        .update(oneTimeCodes)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(and(eq(oneTimeCodes.userId, member!.id), eq(oneTimeCodes.purpose, 'verify')));
      const res = await browser.access('verify/check', { code });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'code_expired', error: 'This code has expired. Request a new one.' });
    });

    it('accepts only the newest code after a resend', async () => {
      const { browser, address, code: first } = await signedUp('resend');
      const resent = await browser.access('verify/send', { email: address, type: 'verify' });
      expect(resent.statusCode).toBe(200);
      const second = await browser.codeFor(address);
      expect(second).not.toBe(first);
      expect((await browser.access('verify/check', { code: first })).statusCode).toBe(400);
      expect((await browser.access('verify/check', { code: second })).json().verified).toBe(true);
    });

    it("cannot use someone else's code", async () => {
      const alice = await signedUp('alice');
      const bob = await signedUp('bob');
      const res = await bob.browser.access('verify/check', { code: alice.code });
      expect(res.statusCode).toBe(400);
      expect((await alice.browser.access('verify/check', { code: alice.code })).json().verified).toBe(true);
    });

    it('refuses malformed codes and visitors', async () => {
      const { browser } = await signedUp('form');
      for (const code of ['1234567', 'abcdefgh', 12345678, '']) {
        const res = await browser.access('verify/check', { code });
        expect(res.statusCode).toBe(400);
        expect(res.json()).toMatchObject({ code: 'invalid_input', field: 'code' });
      }
      expect((await new MemberClient(t).access('verify/check', { code: '12345678' })).statusCode).toBe(401);
    });
  });

  describe('verify/send', () => {
    it("switches the account to another address first ('Change email?')", async () => {
      const { browser, code: oldCode } = await signedUp('switch');
      const newAddress = email('switched');
      const res = await browser.access('verify/send', { email: newAddress, type: 'verify' });
      expect(res.json()).toMatchObject({ email: newAddress, verified: false });
      expect((await browser.access('verify/check', { code: oldCode })).statusCode).toBe(400);
      const code = await browser.codeFor(newAddress);
      expect((await browser.access('verify/check', { code })).json()).toMatchObject({
        email: newAddress,
        verified: true,
      });
    });

    it('refuses an address another member uses', async () => {
      const other = await signedUp('owner');
      const { browser } = await signedUp('thief');
      const res = await browser.access('verify/send', { email: other.address });
      expect(res.statusCode).toBe(409);
    });

    it('says when the address is already verified', async () => {
      const { browser, code } = await signedUp('done');
      await browser.access('verify/check', { code });
      const res = await browser.access('verify/send', {});
      expect(res.json()).toMatchObject({ code: 'already_verified' });
    });

    it('needs a session', async () => {
      expect((await new MemberClient(t).access('verify/send', {})).statusCode).toBe(401);
    });
  });

  describe('forgot/send and forgot/check', () => {
    it('answers the same for known and unknown addresses, mailing only the known one', async () => {
      const { address } = await signedUp('forgot');
      const unknown = email('nobody');
      const known = await new MemberClient(t).access('forgot/send', { email: address });
      const notKnown = await new MemberClient(t).access('forgot/send', { email: unknown });
      expect(known.statusCode).toBe(200);
      expect(notKnown.statusCode).toBe(200);
      expect(known.json()).toEqual(notKnown.json());
      await t.app.mailer.settled();
      const outbox = await readOutbox(t.config.dataDir);
      expect(outbox.some((m) => m.to.includes(unknown))).toBe(false);
      const reset = outbox.filter((m) => m.to.includes(address)).at(-1);
      expect(reset?.subject).toMatch(/^Your Reelwright password reset code: \d{8}$/);
    });

    it('sets the new password, verifies the address, ends old sessions and signs in', async () => {
      const { browser: old, address } = await signedUp('reset');
      const browser = new MemberClient(t);
      await browser.access('forgot/send', { email: address });
      const code = await browser.codeFor(address);
      const res = await browser.access('forgot/check', {
        email: address,
        code,
        new_password: 'brand-new',
        tz_offset: -30,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ email: address, verified: true, has_password: true, tz_offset: -30 });
      expect((await browser.access('info')).json().email).toBe(address);
      expect((await old.access('info')).json().id).toBe(0);
      const login = await new MemberClient(t).access('login', { email: address, password: 'brand-new' });
      expect(login.statusCode).toBe(200);
      const reused = await new MemberClient(t).access('forgot/check', {
        email: address,
        code,
        new_password: 'other-one',
      });
      expect(reused.statusCode).toBe(400);
    });

    it('answers an unknown address, a missing, wrong, used or spent code alike, and refuses bad input', async () => {
      const refusal = {
        error: 'That code does not work for this address. Check the newest email, or request a new code.',
        code: 'code_wrong',
        field: 'code',
      };
      const check = (address: string, code: string) =>
        new MemberClient(t).access('forgot/check', { email: address, code, new_password: 'abcdef' });
      const { address } = await signedUp('resetbad');
      const noCode = await check(address, '12345678');
      const unknown = await check(email('ghost'), '12345678');

      await new MemberClient(t).access('forgot/send', { email: address });
      const code = await new MemberClient(t).codeFor(address);
      const wrong = await check(address, otherThan(code));
      for (const res of [noCode, unknown, wrong]) {
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual(refusal);
      }
      const short = await new MemberClient(t).access('forgot/check', { email: address, code, new_password: '12345' });
      expect(short.json()).toMatchObject({ field: 'new_password', code: 'invalid_input' });
      const noEmail = await new MemberClient(t).access('forgot/check', { code, new_password: 'abcdef' });
      expect(noEmail.json().field).toBe('email');

      expect((await check(address, code)).statusCode).toBe(200);
      expect((await check(address, code)).json()).toEqual(refusal);
      await new MemberClient(t).access('forgot/send', { email: address });
      const spent = await new MemberClient(t).codeFor(address);
      for (let i = 0; i < ONE_TIME_CODE_MAX_ATTEMPTS; i++) await check(address, otherThan(spent));
      expect((await check(address, spent)).json()).toEqual(refusal);
    });

    it('refuses a malformed address on send', async () => {
      const res = await new MemberClient(t).access('forgot/send', { email: 'not mail' });
      expect(res.statusCode).toBe(400);
      expect(res.json().field).toBe('email');
    });
  });
});
