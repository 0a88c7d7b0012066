import { eq } from 'drizzle-orm';
import { createRemoteJWKSet, errors, type JWTPayload, jwtVerify } from 'jose';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { AppError, badRequest, forbidden, unauthorized } from '../errors';
import { forgetPasswordTries } from './attempt-limits';
import { findMemberByEmail, isUniqueViolation, tzChange, updateMember } from './members';
import { dropUnprovenOwnersWork } from './owned-by-account';
import { type SignedIn, switchSession } from './service';
import { users } from './tables';

const GOOGLE_ISSUERS = ['accounts.google.com', 'https://accounts.google.com'];

/** One key set per JWKS address: jose caches the keys and refetches on an unknown key id. */
const keySets = new Map<string, ReturnType<typeof createRemoteJWKSet>>();
function keySetFor(url: string) {
  let keySet = keySets.get(url);
  if (!keySet) {
    keySet = createRemoteJWKSet(new URL(url));
    keySets.set(url, keySet);
  }
  return keySet;
}

/** What a verified ID token tells us about the person. */
type GoogleIdentity = { sub: string; email: string; name: string };

/** Verifies the ID token (signature, audience, issuer, expiry) and reads the identity from it. */
export async function verifyGoogleIdToken(google: Config['google'], credential: string): Promise<GoogleIdentity> {
  if (!google.clientId)
    throw badRequest('Sign-in with Google is not configured on this server.', undefined, 'google_off');
  let payload: JWTPayload;
  try {
    ({ payload } = await jwtVerify(credential, keySetFor(google.jwksUrl), {
      audience: google.clientId,
      issuer: GOOGLE_ISSUERS,
      algorithms: ['RS256'],
    }));
  } catch (error) {
    throw googleFailure(error);
  }
  const email = typeof payload.email === 'string' ? payload.email.trim().toLowerCase() : '';
  if (!payload.sub || !email) throw unauthorized('Your Google sign-in did not include an email address.');
  if (payload.email_verified !== true && payload.email_verified !== 'true') {
    throw unauthorized('Google has not verified this email address yet, so it cannot be used to sign in.');
  }
  return { sub: payload.sub, email, name: typeof payload.name === 'string' ? payload.name.slice(0, 100) : '' };
}

function googleFailure(error: unknown): AppError {
  if (error instanceof errors.JWTExpired) {
    return unauthorized('Your Google sign-in has expired. Please sign in with Google again.');
  }
  if (error instanceof errors.JOSEError && !(error instanceof errors.JWKSTimeout)) {
    return unauthorized('We could not verify your Google sign-in. Please try again.');
  }
  // The keys could not be fetched: not the person's fault.
  return new AppError(503, 'google_unreachable', 'We could not reach Google to check your sign-in. Please try again.');
}

/**
 * Signs in with a Google ID token: the account linked to that Google identity, else the account
 * with that (Google-verified) e-mail, which gets linked and verified, else a new verified
 * account (unless sign-up is closed). Signing in lifts any password lock on the address.
 */
export async function signInWithGoogle(
  db: Db,
  options: {
    credential: string;
    google: Config['google'];
    signupHidden: boolean;
    tzOffset?: number;
    sessionTtlMs: number;
    previousToken?: string | null;
  },
): Promise<SignedIn> {
  const identity = await verifyGoogleIdToken(options.google, options.credential);
  let signedIn: SignedIn;
  try {
    signedIn = await db.transaction(async (tx) => {
      const [linked] = await tx.select().from(users).where(eq(users.googleSub, identity.sub)).limit(1);
      if (linked) return switchSession(tx, await updateMember(tx, linked.id, tzChange(options.tzOffset)), options);

      const byEmail = await findMemberByEmail(tx, identity.email);
      if (byEmail) {
        if (byEmail.googleSub) {
          throw forbidden('This email is linked to a different Google account.', 'google_mismatch');
        }
        // Whoever opened an unproven account may not own the address: what they made goes.
        if (!byEmail.verified) await dropUnprovenOwnersWork(tx, byEmail.id);
        const member = await updateMember(tx, byEmail.id, {
          googleSub: identity.sub,
          verified: true,
          ...(byEmail.verified ? {} : { passwordHash: null, name: identity.name }),
          ...tzChange(options.tzOffset),
        });
        return switchSession(tx, member, options);
      }

      if (options.signupHidden) throw forbidden('Sign-up is closed on this server.', 'signup_closed');
      const [created] = await tx
        .insert(users)
        .values({
          email: identity.email,
          name: identity.name,
          verified: true,
          googleSub: identity.sub,
          ...tzChange(options.tzOffset),
        })
        .returning();
      if (!created) throw new Error('insert returned no member');
      return switchSession(tx, created, options);
    });
  } catch (error) {
    // Two first sign-ins racing: the other one created the account; this one can simply retry.
    if (isUniqueViolation(error)) {
      throw new AppError(409, 'conflict', 'Your account was just created in another window. Please try again.');
    }
    throw error;
  }
  await forgetPasswordTries(db, signedIn.member.email);
  return signedIn;
}
