import { type FakeIdentityProvider, startIdentityProvider } from '@reelwright/testkit';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DB_KINDS, type TestApp } from '../../test/helpers';
import { MemberClient } from '../../test/member-client';
import { PASSWORD_LOCK } from './attempt-limits';
import { setPlan } from './service';
import { oneTimeCodes } from './tables';

const CLIENT_ID = 'reelwright-test.apps.googleusercontent.com';

describe.each(DB_KINDS)('google-auth on %s', (kind) => {
  let idp: FakeIdentityProvider;
  let t: TestApp;
  beforeAll(async () => {
    idp = await startIdentityProvider();
    t = await createTestApp(kind, { GOOGLE_CLIENT_ID: CLIENT_ID, GOOGLE_JWKS_URL: idp.jwksUrl });
  });
  afterAll(async () => {
    await t.close();
    await idp.close();
  });

  const token = (claims: Partial<Parameters<FakeIdentityProvider['signIdToken']>[0]> = {}) =>
    idp.signIdToken({ sub: 'google-1', email: 'g@example.com', name: 'Gee Person', aud: CLIENT_ID, ...claims });

  it('creates a verified account on first sign-in and signs in to it again later', async () => {
    const browser = new MemberClient(t);
    const res = await browser.access('google-auth', { credential: await token(), tz_offset: 120 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      email: 'g@example.com',
      name: 'Gee Person',
      verified: true,
      has_password: false,
      tz_offset: 120,
    });
    expect((await browser.access('info')).json().email).toBe('g@example.com');
    const again = await new MemberClient(t).access('google-auth', {
      credential: await token({ iss: 'accounts.google.com' }),
    });
    expect(again.json().id).toBe(res.json().id);
  });

  it('links a verified account with the same address, keeping its password and sessions', async () => {
    const owner = new MemberClient(t);
    const { id } = await owner.signupVerified('link@example.com', 'pass-word');
    const res = await new MemberClient(t).access('google-auth', {
      credential: await token({ sub: 'google-link', email: 'Link@Example.com' }),
    });
    expect(res.json()).toMatchObject({ id, verified: true, has_password: true });
    expect((await owner.access('info')).json().id).toBe(id);
    const login = await new MemberClient(t).access('login', { email: 'link@example.com', password: 'pass-word' });
    expect(login.statusCode).toBe(200);
  });

  it("takes an unverified account from whoever opened it with the owner's address (pre-account takeover)", async () => {
    const victim = 'victim@example.com';
    const attacker = new MemberClient(t);
    const opened = await attacker.access('signup', { email: victim, password: 'attacker-pw' });
    expect(opened.json()).toMatchObject({ verified: false, has_password: true });
    const { id } = opened.json();
    await setPlan(t.app.db, { email: victim, plan: 'business' });
    const apiKey = (await attacker.request({ method: 'POST', url: '/api/members/zapier/rotate' })).json()
      .apiKey as string;
    expect(apiKey).toMatch(/^rw_/);
    await attacker.access('forgot/send', { email: victim });
    await t.app.mailer.settled();
    expect(await t.app.db.select().from(oneTimeCodes).where(eq(oneTimeCodes.userId, id))).toHaveLength(2);

    const owner = new MemberClient(t);
    const res = await owner.access('google-auth', { credential: await token({ sub: 'google-victim', email: victim }) });
    expect(res.json()).toMatchObject({ id, verified: true, has_password: false });

    expect((await attacker.access('info')).json().id).toBe(0);
    const login = await new MemberClient(t).access('login', { email: victim, password: 'attacker-pw' });
    expect(login.statusCode).toBe(401);
    const byKey = await t.app.inject({ url: '/api/members/settings', headers: { 'x-api-key': apiKey } });
    expect(byKey.statusCode).toBe(401);
    expect(await t.app.db.select().from(oneTimeCodes).where(eq(oneTimeCodes.userId, id))).toHaveLength(0);
    expect((await owner.access('info')).json()).toMatchObject({ id, email: victim });
  });

  it('refuses a sign-up with an address that signed in with Google first', async () => {
    await new MemberClient(t).access('google-auth', {
      credential: await token({ sub: 'google-first', email: 'first@example.com' }),
    });
    const res = await new MemberClient(t).access('signup', { email: 'first@example.com', password: 'attacker-pw' });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('email_taken');
    const login = await new MemberClient(t).access('login', { email: 'first@example.com', password: 'attacker-pw' });
    expect(login.statusCode).toBe(401);
  });

  it('lifts a password lock on the address', async () => {
    const address = 'locked@example.com';
    await new MemberClient(t).signupVerified(address, 'right-pass');
    for (let i = 0; i < PASSWORD_LOCK.lockAtAttempt; i++) {
      await new MemberClient(t).access('login', { email: address, password: 'wrong-pass' });
    }
    const locked = await new MemberClient(t).access('login', { email: address, password: 'right-pass' });
    expect(locked.statusCode).toBe(429);
    await new MemberClient(t).access('google-auth', {
      credential: await token({ sub: 'google-locked', email: address }),
    });
    const login = await new MemberClient(t).access('login', { email: address, password: 'right-pass' });
    expect(login.statusCode).toBe(200);
  });

  it('refuses an address already linked to another Google account', async () => {
    await new MemberClient(t).access('google-auth', {
      credential: await token({ sub: 'g-a', email: 'taken@example.com' }),
    });
    const res = await new MemberClient(t).access('google-auth', {
      credential: await token({ sub: 'g-b', email: 'taken@example.com' }),
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('google_mismatch');
  });

  it.each([
    ['a token for another app', { aud: 'someone-else' }, 'We could not verify your Google sign-in. Please try again.'],
    ['a foreign issuer', { iss: 'https://evil.example' }, 'We could not verify your Google sign-in. Please try again.'],
    ['an expired token', { expiresIn: '-5m' }, 'Your Google sign-in has expired. Please sign in with Google again.'],
    [
      'an unverified address',
      { email_verified: false },
      'Google has not verified this email address yet, so it cannot be used to sign in.',
    ],
  ])('refuses %s with a 401', async (_what, claims, message) => {
    const res = await new MemberClient(t).access('google-auth', { credential: await token({ sub: 'x', ...claims }) });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: message, code: 'unauthorized' });
    expect(res.cookies).toHaveLength(0);
  });

  it('refuses a token signed by someone else', async () => {
    const stranger = await startIdentityProvider();
    try {
      const credential = await stranger.signIdToken({ sub: 'x', email: 'x@example.com', aud: CLIENT_ID });
      const res = await new MemberClient(t).access('google-auth', { credential });
      expect(res.statusCode).toBe(401);
    } finally {
      await stranger.close();
    }
  });

  it('refuses garbage and a missing credential', async () => {
    expect((await new MemberClient(t).access('google-auth', { credential: 'not.a.jwt-at-all' })).statusCode).toBe(401);
    const missing = await new MemberClient(t).access('google-auth', {});
    expect(missing.json()).toMatchObject({ code: 'invalid_input', field: 'credential' });
  });
});

describe.each(DB_KINDS)('google-auth unconfigured on %s', (kind) => {
  it('says sign-in with Google is not configured', async () => {
    const t = await createTestApp(kind);
    try {
      const res = await new MemberClient(t).access('google-auth', { credential: 'x'.repeat(40) });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        error: 'Sign-in with Google is not configured on this server.',
        code: 'google_off',
      });
    } finally {
      await t.close();
    }
  });
});
