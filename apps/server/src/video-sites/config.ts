/** Publishing to YouTube's slice of the configuration (config-slice.ts); no client id, no publishing. */
import { z } from 'zod';
import { type ConfigIssues, type EnvOf, httpUrl } from '../config-slice';

/** Google takes resumable uploads in multiples of 256 KiB. */
export const UPLOAD_CHUNK_UNIT = 256 * 1024;

export const videoSitesEnv = {
  YOUTUBE_CLIENT_ID: z
    .string()
    .min(1)
    .optional()
    .describe(
      'offer publishing to YouTube: the OAuth client id (a "Web application" client whose redirect URI is `$PUBLIC_URL/api/members/video-site/callback`, with the YouTube Data API v3 enabled)',
    ),
  YOUTUBE_CLIENT_SECRET: z.string().min(1).optional().describe("that OAuth client's secret"),
  VIDEO_SITE_TOKEN_KEY: z
    .string()
    .min(32, 'must be at least 32 characters (e.g. `openssl rand -base64 32`)')
    .optional()
    .describe(
      "the secret members' YouTube tokens are encrypted with (AES-256-GCM, key derived with HKDF); at least 32 random characters, the same in every server and worker; changing it disconnects every channel",
    ),
  YOUTUBE_AUTH_URL: httpUrl()
    .default('https://accounts.google.com/o/oauth2/v2/auth')
    .describe("Google's OAuth 2.0 authorization endpoint"),
  YOUTUBE_TOKEN_URL: httpUrl()
    .default('https://oauth2.googleapis.com/token')
    .describe("Google's OAuth 2.0 token endpoint"),
  YOUTUBE_REVOKE_URL: httpUrl()
    .default('https://oauth2.googleapis.com/revoke')
    .describe("Google's OAuth 2.0 revocation endpoint"),
  YOUTUBE_API_URL: httpUrl()
    .default('https://www.googleapis.com')
    .describe('the base of the YouTube Data API v3 (`/youtube/v3/…`) and its uploads (`/upload/youtube/v3/…`)'),
  YOUTUBE_UPLOAD_CHUNK_BYTES: z.coerce
    .number()
    .int()
    .min(UPLOAD_CHUNK_UNIT)
    .refine((bytes) => bytes % UPLOAD_CHUNK_UNIT === 0, 'must be a multiple of 262144 (256 KiB)')
    .default(8 * 1024 * 1024)
    .describe('bytes sent per request of a resumable upload: a multiple of 256 KiB'),
};

export function videoSitesConfig(e: EnvOf<typeof videoSitesEnv>, issues: ConfigIssues) {
  if (!e.YOUTUBE_CLIENT_ID) return { youtube: undefined };
  for (const name of ['YOUTUBE_CLIENT_SECRET', 'VIDEO_SITE_TOKEN_KEY'] as const) {
    if (!e[name]) issues.addIssue({ code: 'custom', path: [name], message: 'required when YOUTUBE_CLIENT_ID is set' });
  }
  return {
    youtube: {
      clientId: e.YOUTUBE_CLIENT_ID,
      clientSecret: e.YOUTUBE_CLIENT_SECRET ?? '',
      tokenKey: e.VIDEO_SITE_TOKEN_KEY ?? '',
      authUrl: e.YOUTUBE_AUTH_URL,
      tokenUrl: e.YOUTUBE_TOKEN_URL,
      revokeUrl: e.YOUTUBE_REVOKE_URL,
      apiUrl: e.YOUTUBE_API_URL.replace(/\/$/, ''),
      chunkBytes: e.YOUTUBE_UPLOAD_CHUNK_BYTES,
    },
  };
}

/** YouTube's settings when publishing is on. */
export type YoutubeSettings = NonNullable<ReturnType<typeof videoSitesConfig>['youtube']>;
