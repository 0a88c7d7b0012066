/**
 * The YouTube adapter: Google's OAuth 2.0 authorization code flow (with PKCE and offline access),
 * the channel lookup and the YouTube Data API v3 resumable upload, over plain HTTP as Google
 * documents them. Failures are `VideoSiteError`s whose kind says what the member can do.
 */
import type { YoutubeSettings } from './config';
import { UPLOAD_CHUNK_UNIT } from './config';

/** Uploading needs `youtube.upload`; naming the channel needs `youtube.readonly`. */
export const YOUTUBE_SCOPES = [
  'https://www.googleapis.com/auth/youtube.upload',
  'https://www.googleapis.com/auth/youtube.readonly',
];

const REQUEST_TIMEOUT_MS = 30_000;
/** A chunk of 8 MiB on a slow line still arrives well within this. */
const CHUNK_TIMEOUT_MS = 5 * 60_000;

/**
 * - `quota`: YouTube's daily upload quota (the app's, shared by all members) is spent.
 * - `revoked`: the member's grant no longer works (removed in their Google account, or expired).
 * - `rejected`: YouTube refused this video or its texts.
 * - `config`: Google refused the server's client id or secret.
 * - `unavailable`: unreachable, cut off or a 5xx: trying again helps.
 * - `session_gone`: the resumable session expired (they last about a week): start a new one.
 */
export type VideoSiteErrorKind = 'quota' | 'revoked' | 'rejected' | 'config' | 'unavailable' | 'session_gone';

export class VideoSiteError extends Error {
  constructor(
    readonly kind: VideoSiteErrorKind,
    message: string,
  ) {
    super(message);
    this.name = 'VideoSiteError';
  }
}

export type TokenGrant = { accessToken: string; expiresAt: Date; refreshToken?: string; scope?: string };
export type UploadedVideo = { id: string; url: string };
/** Where a resumable upload stands: finished, or how many bytes Google holds. */
export type UploadProgress = { done: true; video: UploadedVideo } | { done: false; received: number };
export type VideoMetadata = {
  title: string;
  description: string;
  tags: string[];
  privacy: 'public' | 'unlisted' | 'private';
};

/** The bytes of the request that continues an upload at `offset`: `[first, last]`, both inclusive. */
export function chunkRange(offset: number, total: number, chunkBytes: number): { first: number; last: number } {
  if (chunkBytes % UPLOAD_CHUNK_UNIT !== 0) throw new Error('chunks must be multiples of 256 KiB');
  if (offset < 0 || offset >= total) throw new Error(`offset ${offset} is outside 0–${total - 1}`);
  return { first: offset, last: Math.min(offset + chunkBytes, total) - 1 };
}

/** Bytes Google holds, from a 308's `Range: bytes=0-N` (none without the header). */
export function receivedOf(range: string | null): number {
  if (!range) return 0;
  const match = /^bytes=0-(\d+)$/.exec(range.trim());
  if (!match) throw new VideoSiteError('unavailable', `YouTube answered an unreadable Range: ${range}`);
  return Number(match[1]) + 1;
}

export const watchUrl = (videoId: string) => `https://www.youtube.com/watch?v=${encodeURIComponent(videoId)}`;

export function youtubeClient(settings: YoutubeSettings) {
  async function send(url: string, init: RequestInit & { timeoutMs?: number }): Promise<Response> {
    try {
      return await fetch(url, {
        ...init,
        redirect: 'manual',
        signal: AbortSignal.timeout(init.timeoutMs ?? REQUEST_TIMEOUT_MS),
      });
    } catch (error) {
      throw new VideoSiteError('unavailable', `YouTube could not be reached: ${(error as Error).message}`);
    }
  }

  async function tokenRequest(form: Record<string, string>): Promise<TokenGrant> {
    const response = await send(settings.tokenUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ client_id: settings.clientId, client_secret: settings.clientSecret, ...form }),
    });
    const body = (await response.json().catch(() => ({}))) as Record<string, unknown>;
    if (!response.ok) {
      if (body.error === 'invalid_grant') throw new VideoSiteError('revoked', 'Google no longer accepts this grant.');
      if (body.error === 'invalid_client' || body.error === 'unauthorized_client') {
        throw new VideoSiteError(
          'config',
          "Google refused the server's OAuth client (YOUTUBE_CLIENT_ID / YOUTUBE_CLIENT_SECRET).",
        );
      }
      throw new VideoSiteError(
        response.status >= 500 ? 'unavailable' : 'rejected',
        `Google's token endpoint answered ${response.status} ${String(body.error ?? '')}`,
      );
    }
    if (typeof body.access_token !== 'string')
      throw new VideoSiteError('unavailable', 'Google answered without an access token.');
    return {
      accessToken: body.access_token,
      expiresAt: new Date(Date.now() + Number(body.expires_in ?? 3600) * 1000),
      refreshToken: typeof body.refresh_token === 'string' ? body.refresh_token : undefined,
      scope: typeof body.scope === 'string' ? body.scope : undefined,
    };
  }

  /** An API error as a VideoSiteError: Google's `{ error: { code, message, errors: [{ reason }] } }`. */
  async function apiError(response: Response): Promise<VideoSiteError> {
    const body = (await response.json().catch(() => ({}))) as {
      error?: { message?: string; errors?: { reason?: string }[] };
    };
    const reasons = (body.error?.errors ?? []).map((e) => e.reason);
    const message = (body.error?.message ?? response.statusText).replace(/<[^>]*>/g, '');
    if (response.status === 401) return new VideoSiteError('revoked', `YouTube refused the access token: ${message}`);
    if (
      reasons.includes('quotaExceeded') ||
      reasons.includes('uploadLimitExceeded') ||
      reasons.includes('rateLimitExceeded')
    ) {
      return new VideoSiteError('quota', message);
    }
    if (response.status >= 500 || response.status === 429)
      return new VideoSiteError('unavailable', `YouTube answered ${response.status}: ${message}`);
    return new VideoSiteError('rejected', `YouTube refused the video: ${message}`);
  }

  const bearer = (accessToken: string) => ({ authorization: `Bearer ${accessToken}` });

  async function progressOf(response: Response): Promise<UploadProgress> {
    if (response.status === 404 || response.status === 410) {
      await response.body?.cancel();
      throw new VideoSiteError('session_gone', 'The upload session has expired.');
    }
    if (response.status === 308) {
      await response.body?.cancel();
      return { done: false, received: receivedOf(response.headers.get('range')) };
    }
    if (response.status === 200 || response.status === 201) {
      const video = (await response.json()) as { id?: string };
      if (typeof video.id !== 'string')
        throw new VideoSiteError('unavailable', 'YouTube finished the upload without a video id.');
      return { done: true, video: { id: video.id, url: watchUrl(video.id) } };
    }
    throw await apiError(response);
  }

  return {
    authorizationUrl(options: { redirectUri: string; state: string; codeChallenge: string }): string {
      const url = new URL(settings.authUrl);
      url.search = new URLSearchParams({
        client_id: settings.clientId,
        redirect_uri: options.redirectUri,
        response_type: 'code',
        scope: YOUTUBE_SCOPES.join(' '),
        access_type: 'offline',
        prompt: 'consent',
        include_granted_scopes: 'true',
        state: options.state,
        code_challenge: options.codeChallenge,
        code_challenge_method: 'S256',
      }).toString();
      return url.toString();
    },

    exchangeCode: (options: { code: string; redirectUri: string; codeVerifier: string }) =>
      tokenRequest({
        grant_type: 'authorization_code',
        code: options.code,
        redirect_uri: options.redirectUri,
        code_verifier: options.codeVerifier,
      }),

    refresh: (refreshToken: string) => tokenRequest({ grant_type: 'refresh_token', refresh_token: refreshToken }),

    /** Revokes the grant; one Google no longer knows is already revoked. */
    async revoke(token: string): Promise<void> {
      const response = await send(settings.revokeUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ token }),
      });
      await response.body?.cancel();
      if (!response.ok && response.status !== 400) {
        throw new VideoSiteError('unavailable', `Google's revocation endpoint answered ${response.status}.`);
      }
    },

    async channel(accessToken: string): Promise<{ id: string; title: string }> {
      const response = await send(`${settings.apiUrl}/youtube/v3/channels?part=snippet&mine=true`, {
        headers: bearer(accessToken),
      });
      if (!response.ok) throw await apiError(response);
      const body = (await response.json()) as { items?: { id: string; snippet?: { title?: string } }[] };
      const channel = body.items?.[0];
      if (!channel) {
        throw new VideoSiteError(
          'rejected',
          'This Google account has no YouTube channel yet. Create one on YouTube, then connect again.',
        );
      }
      return { id: channel.id, title: channel.snippet?.title ?? channel.id };
    },

    /** Opens a resumable upload session and answers its URL. */
    async startUpload(
      accessToken: string,
      video: VideoMetadata & { bytes: number; contentType: string },
    ): Promise<string> {
      const response = await send(
        `${settings.apiUrl}/upload/youtube/v3/videos?uploadType=resumable&part=snippet,status`,
        {
          method: 'POST',
          headers: {
            ...bearer(accessToken),
            'content-type': 'application/json; charset=UTF-8',
            'x-upload-content-length': String(video.bytes),
            'x-upload-content-type': video.contentType,
          },
          body: JSON.stringify({
            snippet: { title: video.title, description: video.description, tags: video.tags, categoryId: '22' },
            status: { privacyStatus: video.privacy, selfDeclaredMadeForKids: false },
          }),
        },
      );
      if (!response.ok) throw await apiError(response);
      await response.body?.cancel();
      const location = response.headers.get('location');
      if (!location) throw new VideoSiteError('unavailable', 'YouTube opened the upload without a session URL.');
      return location;
    },

    /** Sends `bytes` as the range starting at `first`; a cut connection is `unavailable`. */
    async sendChunk(
      accessToken: string,
      sessionUrl: string,
      chunk: { bytes: Uint8Array<ArrayBuffer>; first: number; total: number },
    ): Promise<UploadProgress> {
      const last = chunk.first + chunk.bytes.length - 1;
      const response = await send(sessionUrl, {
        method: 'PUT',
        headers: { ...bearer(accessToken), 'content-range': `bytes ${chunk.first}-${last}/${chunk.total}` },
        body: chunk.bytes,
        timeoutMs: CHUNK_TIMEOUT_MS,
      });
      return progressOf(response);
    },

    /** Asks how far an interrupted upload got. */
    async progress(accessToken: string, sessionUrl: string, total: number): Promise<UploadProgress> {
      const response = await send(sessionUrl, {
        method: 'PUT',
        headers: { ...bearer(accessToken), 'content-range': `bytes */${total}` },
      });
      return progressOf(response);
    },
  };
}

export type YoutubeClient = ReturnType<typeof youtubeClient>;
