import { abilitiesFor, messages } from '@reelwright/core';
import { readOutbox } from '@reelwright/testkit';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DB_KINDS, type TestApp } from '../../test/helpers';
import { MemberClient } from '../../test/member-client';
import { users } from './tables';

describe.each(DB_KINDS)('access actions on %s', (kind) => {
  let t: TestApp;
  let email: (name: string) => string;
  beforeAll(async () => {
    t = await createTestApp(kind);
    let n = 0;
    email = (name) => `${name}-${++n}@example.com`;
  });
  afterAll(() => t.close());

  describe('info', () => {
    it('answers a visitor with id 0 and free-plan abilities', async () => {
      const res = await new MemberClient(t).access('info', { tz_offset: -120 });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        id: 0,
        name: '',
        email: '',
        verified: false,
        plan: 'free',
        is_user: true,
        has_password: false,
        tz_offset: 0,
        abilities: abilitiesFor('free'),
      });
    });

    it('accepts a call with no body at all', async () => {
      const res = await t.app.inject({ method: 'POST', url: '/api/members/access/info' });
      expect(res.statusCode).toBe(200);
      expect(res.json().id).toBe(0);
    });

    it('answers the signed-in member and stores the timezone offset it sends', async () => {
      const browser = new MemberClient(t);
      const address = email('info');
      await browser.access('signup', { email: address });
      const res = await browser.access('info', { tz_offset: 330 });
      expect(res.json()).toMatchObject({ email: address, tz_offset: 330, verified: false });
      expect((await browser.access('info')).json().tz_offset).toBe(330);
    });

    it('refuses an out-of-range timezone offset', async () => {
      const res = await new MemberClient(t).access('info', { tz_offset: 5000 });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'invalid_input', field: 'tz_offset' });
    });
  });

  describe('signup', () => {
    it('creates an unverified free member, starts a session and mails a code', async () => {
      const browser = new MemberClient(t);
      const address = email('new');
      const res = await browser.access('signup', { email: `  ${address.toUpperCase()} `, tz_offset: -60 });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        email: address,
        verified: false,
        plan: 'free',
        is_user: true,
        has_password: false,
        tz_offset: -60,
      });
      expect(res.json().id).toBeGreaterThan(0);
      const cookie = res.cookies.find((c) => c.name === 'rw_session');
      expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
      expect(cookie?.secure).toBeFalsy();
      expect(await browser.codeFor(address)).toMatch(/^\d{8}$/);
      const mail = (await readOutbox(t.config.dataDir)).find((m) => m.to.includes(address));
      expect(mail?.subject).toMatch(/^Your Reelwright verification code: \d{8}$/);
    });

    it('ignores the extra fields of the whole user object the client sends', async () => {
      const address = email('whole');
      const res = await new MemberClient(t).access('signup', {
        id: 0,
        name: '',
        email: address,
        verified: false,
        plan: 'free',
        otp: '',
        password: '',
        old_password: '',
        is_user: true,
        error: { value: '', error: false, success: false },
        tz_offset: null,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ email: address, has_password: false, tz_offset: 0 });
    });

    it('stores a given password as argon2id', async () => {
      const address = email('pw');
      const res = await new MemberClient(t).access('signup', { email: address, password: 'hunter22' });
      expect(res.json().has_password).toBe(true);
      const [row] = await t.app.db.select().from(users).where(eq(users.email, address));
      expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
    });

    it('refuses an address already registered, pointing to login and password reset', async () => {
      const address = email('dup');
      await new MemberClient(t).access('signup', { email: address });
      const res = await new MemberClient(t).access('signup', { email: address.toUpperCase() });
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe('email_taken');
      expect(res.json().error).toMatch(/Log in.*Forgot password/);
    });

    it.each([
      [{}, 'email'],
      [{ email: 'not-an-email' }, 'email'],
      [{ email: 42 }, 'email'],
      [{ email: 'a@example.com', password: '123' }, 'password'],
      [{ email: 'a@example.com', password: 123456 }, 'password'],
    ])('refuses bad input %j with a 400 naming %s', async (body, field) => {
      const res = await new MemberClient(t).access('signup', body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'invalid_input', field });
    });

    it('says so for a malformed e-mail', async () => {
      const res = await new MemberClient(t).access('signup', { email: 'nope@' });
      expect(res.json().error).toBe('email: Please enter a valid email address.');
    });
  });

  describe('login', () => {
    const password = 'correct horse';
    let address: string;
    beforeAll(async () => {
      address = email('login');
      await new MemberClient(t).access('signup', { email: address, password });
    });

    it('signs in with the right password and records the timezone', async () => {
      const browser = new MemberClient(t);
      const res = await browser.access('login', { email: address.toUpperCase(), password, tz_offset: 180 });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ email: address, tz_offset: 180, has_password: true });
      expect(browser.cookie).toBeTruthy();
      expect((await browser.access('info')).json().email).toBe(address);
    });

    it('answers a wrong password, an unknown e-mail and an account without a password alike', async () => {
      const passwordless = email('nopw');
      await new MemberClient(t).access('signup', { email: passwordless });
      const wrong = await new MemberClient(t).access('login', { email: address, password: 'wrong one' });
      const unknown = await new MemberClient(t).access('login', { email: email('ghost'), password });
      const noPassword = await new MemberClient(t).access('login', { email: passwordless, password: 'anything' });
      for (const res of [wrong, unknown, noPassword]) {
        expect(res.statusCode).toBe(401);
        expect(res.json()).toEqual({
          error: "Wrong email or password. If you have not set a password yet, use 'Forgot password?' to create one.",
          code: 'unauthorized',
        });
        expect(res.cookies).toHaveLength(0);
      }
    });

    it('refuses a missing password and a wrongly typed one', async () => {
      const missing = await new MemberClient(t).access('login', { email: address });
      expect(missing.statusCode).toBe(400);
      expect(missing.json().field).toBe('password');
      const typed = await new MemberClient(t).access('login', { email: address, password: ['x'] });
      expect(typed.statusCode).toBe(400);
    });

    it('ends the session the browser had when another member logs in on it', async () => {
      const browser = new MemberClient(t);
      await browser.access('signup', { email: email('first') });
      const firstCookie = browser.cookie;
      await browser.access('login', { email: address, password });
      const stale = new MemberClient(t);
      stale.cookie = firstCookie;
      expect((await stale.access('info')).json().id).toBe(0);
    });
  });

  describe('update', () => {
    it('changes the name, keeping verification when the e-mail stays', async () => {
      const browser = new MemberClient(t);
      const address = email('upd');
      await browser.signupVerified(address);
      const res = await browser.access('update', { name: '  Ada Lovelace ', email: address, tz_offset: 0 });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ name: 'Ada Lovelace', email: address, verified: true });
    });

    it('a new e-mail makes the account unverified and mails a code to the new address', async () => {
      const browser = new MemberClient(t);
      const address = email('move');
      await browser.signupVerified(address);
      const moved = email('moved');
      const res = await browser.access('update', { name: 'Mover', email: moved });
      expect(res.json()).toMatchObject({ email: moved, verified: false });
      const check = await browser.access('verify/check', { code: await browser.codeFor(moved) });
      expect(check.json()).toMatchObject({ email: moved, verified: true });
    });

    it("refuses another member's e-mail with a 409", async () => {
      const taken = email('taken');
      await new MemberClient(t).access('signup', { email: taken });
      const browser = new MemberClient(t);
      await browser.access('signup', { email: email('other') });
      const res = await browser.access('update', { name: 'X', email: taken });
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe('email_taken');
    });

    it('needs a session, a name and a valid e-mail', async () => {
      expect((await new MemberClient(t).access('update', { name: 'X', email: email('v') })).statusCode).toBe(401);
      // A visitor hears about the session before any verdict on the input.
      expect((await new MemberClient(t).access('update', {})).statusCode).toBe(401);
      const browser = new MemberClient(t);
      await browser.access('signup', { email: email('val') });
      const noName = await browser.access('update', { name: ' ', email: email('v') });
      expect(noName.json()).toMatchObject({ field: 'name', error: 'name: Please enter your name.' });
      expect((await browser.access('update', { name: 'X', email: 'bad' })).json().field).toBe('email');
    });
  });

  describe('reset-pw (change password)', () => {
    it('needs the old password, checks it, and refuses an unchanged one', async () => {
      const browser = new MemberClient(t);
      await browser.access('signup', { email: email('chg'), password: 'old-secret' });
      const missing = await browser.access('reset-pw', { new_password: 'new-secret' });
      expect(missing.json()).toMatchObject({ code: 'old_password_missing', field: 'old_password' });
      const wrong = await browser.access('reset-pw', { old_password: 'nope-nope', new_password: 'new-secret' });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().code).toBe('old_password_wrong');
      const same = await browser.access('reset-pw', { old_password: 'old-secret', new_password: 'old-secret' });
      expect(same.statusCode).toBe(400);
      expect(same.json().error).toBe(messages.newPasswordMustDiffer);
      const short = await browser.access('reset-pw', { old_password: 'old-secret', new_password: '123' });
      expect(short.json().field).toBe('new_password');
    });

    it('changes it, ends the other sessions and keeps this one', async () => {
      const address = email('chg2');
      const here = new MemberClient(t);
      await here.access('signup', { email: address, password: 'old-secret' });
      const elsewhere = new MemberClient(t);
      await elsewhere.access('login', { email: address, password: 'old-secret' });
      const res = await here.access('reset-pw', { old_password: 'old-secret', new_password: 'new-secret' });
      expect(res.statusCode).toBe(200);
      expect((await here.access('info')).json().email).toBe(address);
      expect((await elsewhere.access('info')).json().id).toBe(0);
      expect((await new MemberClient(t).access('login', { email: address, password: 'new-secret' })).statusCode).toBe(
        200,
      );
      const old = await new MemberClient(t).access('login', { email: address, password: 'old-secret' });
      expect(old.statusCode).toBe(401);
    });

    it('lets an account without a password set one without an old password', async () => {
      const browser = new MemberClient(t);
      await browser.access('signup', { email: email('setpw') });
      const res = await browser.access('reset-pw', { old_password: '', new_password: 'first-pass' });
      expect(res.json().has_password).toBe(true);
    });

    it('needs a session', async () => {
      const res = await new MemberClient(t).access('reset-pw', { new_password: 'whatever' });
      expect(res.statusCode).toBe(401);
    });
  });

  describe('logout', () => {
    it('ends the session, clears the cookie and goes back to the wizard', async () => {
      const browser = new MemberClient(t);
      await browser.access('signup', { email: email('out') });
      const token = browser.cookie;
      const res = await browser.request({ method: 'GET', url: '/api/members/access/logout' });
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe('/app.html#/wizard');
      expect(res.cookies.find((c) => c.name === 'rw_session')?.value).toBe('');
      const replay = new MemberClient(t);
      replay.cookie = token;
      expect((await replay.access('info')).json().id).toBe(0);
    });

    it('is harmless for a visitor', async () => {
      const res = await t.app.inject({ url: '/api/members/access/logout' });
      expect(res.statusCode).toBe(302);
    });
  });
});

describe.each(DB_KINDS)('access settings on %s', (kind) => {
  it('sets a Secure cookie when the public address is https', async () => {
    const t = await createTestApp(kind, { PUBLIC_URL: 'https://reelwright.example' });
    try {
      const res = await new MemberClient(t).access('signup', { email: 'tls@example.com' });
      expect(res.cookies.find((c) => c.name === 'rw_session')?.secure).toBe(true);
    } finally {
      await t.close();
    }
  });

  it('refuses sign-up when the operator closed it', async () => {
    const t = await createTestApp(kind, { SIGNUP_HIDDEN: '1' });
    try {
      const res = await new MemberClient(t).access('signup', { email: 'closed@example.com' });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ error: 'Sign-up is closed on this server.', code: 'signup_closed' });
      expect((await t.app.inject({ url: '/api/config' })).json()).toEqual({
        googleClientId: null,
        signupHidden: true,
        debug: false,
        supportEmail: 'support@reelwright.local',
      });
    } finally {
      await t.close();
    }
  });
});
