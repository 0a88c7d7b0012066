import { type FakeIdentityProvider, startIdentityProvider } from '@reelwright/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DB_KINDS, type TestApp } from '../../test/helpers';
import { MemberClient } from '../../test/member-client';

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

  it('links an existing account with the same address and verifies it', async () => {
    const browser = new MemberClient(t);
    const signup = await browser.access('signup', { email: 'link@example.com', password: 'pass-word' });
    expect(signup.json().verified).toBe(false);
    const res = await new MemberClient(t).access('google-auth', {
      credential: await token({ sub: 'google-link', email: 'Link@Example.com' }),
    });
    expect(res.json()).toMatchObject({ id: signup.json().id, verified: true, has_password: true });
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
