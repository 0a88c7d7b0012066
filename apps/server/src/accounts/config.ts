/** Accounts' slice of the configuration: sign-in with Google, sessions, sign-up (config-slice.ts). */
import { z } from 'zod';
import { type EnvOf, flag } from '../config-slice';

export const accountsEnv = {
  GOOGLE_CLIENT_ID: z
    .string()
    .min(1)
    .optional()
    .describe('offer sign-in with Google: the OAuth client id, the audience its ID tokens must have'),
  GOOGLE_JWKS_URL: z
    .url()
    .default('https://www.googleapis.com/oauth2/v3/certs')
    .describe("where Google's ID-token signing keys are fetched"),
  SESSION_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30).describe('how long a login lasts, in days'),
  AUTH_RATE_LIMIT: z.coerce
    .number()
    .int()
    .min(1)
    .default(10)
    .describe('requests a minute per client on the login, signup and code routes'),
  SIGNUP_HIDDEN: flag.default(false).describe('close sign-up: the signup tab is hidden and new accounts are refused'),
};

export function accountsConfig(e: EnvOf<typeof accountsEnv>) {
  return {
    google: { clientId: e.GOOGLE_CLIENT_ID, jwksUrl: e.GOOGLE_JWKS_URL },
    sessionTtlMs: e.SESSION_TTL_DAYS * 24 * 60 * 60 * 1000,
    authRateLimit: e.AUTH_RATE_LIMIT,
    signupHidden: e.SIGNUP_HIDDEN,
  };
}
