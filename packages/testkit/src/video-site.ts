import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Google's OAuth 2.0 and the YouTube Data API v3 on 127.0.0.1, as far as publishing a video needs
 * them, speaking their wire format:
 * - `GET /o/oauth2/v2/auth`: the authorization code flow's consent page, approving at once (or
 *   denying with `error=access_denied` when told to): a 302 back to `redirect_uri` with `code`
 *   and `state`. PKCE (S256) is checked when the request carried a challenge.
 * - `POST /token` (form): `authorization_code` and `refresh_token` grants, checking the client id
 *   and secret (401 `invalid_client`), the redirect URI and verifier (400 `invalid_grant`), and
 *   answering `invalid_grant` for used, unknown or revoked codes and tokens.
 * - `POST /revoke` (form `token`): revokes a refresh token with its access tokens.
 * - `GET /youtube/v3/channels?part=snippet&mine=true`: the token owner's channel.
 * - The resumable upload: `POST /upload/youtube/v3/videos?uploadType=resumable&part=snippet,status`
 *   with the JSON metadata answers 200 and a `Location` session URL; `PUT`s to it with
 *   `Content-Range: bytes a-b/N` (every chunk but the last a multiple of 256 KiB, starting where
 *   the stored bytes end) answer `308 Resume Incomplete` with `Range: bytes=0-x` until the last,
 *   which answers 200 with the video resource; `Content-Range: bytes *\/N` asks how far it got.
 * API errors have Google's shape `{ error: { code, message, errors: [{ reason, domain }], status } }`:
 * 401 for a missing, expired or revoked bearer token, 403 `quotaExceeded` when told to.
 */
export type FakeVideoSite = {
  /** The fake's root; also the API base URL. */
  url: string;
  clientId: string;
  clientSecret: string;
  /** The YOUTUBE_* variables that point a server at this fake. */
  env: Record<string, string>;
  channel: { id: string; title: string };
  /** Videos whose upload completed, in order, with every byte received. */
  videos: UploadedVideo[];
  /** The `Content-Range` of every PUT to an upload session, in order. */
  contentRanges: string[];
  /** Refresh tokens revoked through `/revoke`. */
  revokedTokens: string[];
  /** Access tokens issued by each grant, for tests that count refreshes. */
  grants: { authorization_code: number; refresh_token: number };
  /** The next upload start answers 403 `quotaExceeded`. */
  failNextUploadWithQuota(): void;
  /** The next chunk is cut off half way: the first 256 KiB multiple is stored, the connection dropped. */
  interruptNextChunk(): void;
  /** The member removes the app's access in their Google account: every token stops working. */
  revokeAllAccess(): void;
  /** Every access token issued so far expires now (refresh tokens still work). */
  expireAccessTokens(): void;
  /** The consent page denies instead of approving (`error=access_denied`). */
  denyConsent(deny: boolean): void;
  /** Waits this long before answering each chunk, so a test can watch progress. */
  setChunkDelay(ms: number): void;
  close(): Promise<void>;
};

export type UploadedVideo = {
  id: string;
  snippet: { title: string; description: string; tags: string[]; categoryId: string; channelId: string };
  status: { privacyStatus: string; uploadStatus: string };
  contentType: string;
  bytes: Buffer;
};

type Session = {
  id: string;
  refreshToken: string;
  total: number;
  contentType: string;
  metadata: { snippet: UploadedVideo['snippet']; status: UploadedVideo['status'] };
  parts: Buffer[];
  received: number;
  video?: UploadedVideo;
};

/** Google's chunk granularity for resumable uploads. */
const CHUNK_UNIT = 256 * 1024;
const ACCESS_TOKEN_SECONDS = 3599;
const UPLOAD_SCOPE = 'https://www.googleapis.com/auth/youtube.upload';
const READ_SCOPE = 'https://www.googleapis.com/auth/youtube.readonly';

const token = (prefix: string) => `${prefix}${randomBytes(18).toString('base64url')}`;

export async function startFakeVideoSite(
  options: { channelTitle?: string; clientId?: string; clientSecret?: string } = {},
): Promise<FakeVideoSite> {
  const clientId = options.clientId ?? 'fake-client.apps.googleusercontent.com';
  const clientSecret = options.clientSecret ?? 'fake-client-secret';
  const channel = {
    id: `UC${randomBytes(16).toString('base64url').slice(0, 22)}`,
    title: options.channelTitle ?? 'Test Channel',
  };
  const codes = new Map<
    string,
    { redirectUri: string; scope: string; challenge?: string; method?: string; used: boolean }
  >();
  const refreshTokens = new Map<string, { scope: string; revoked: boolean }>();
  const accessTokens = new Map<string, { refreshToken: string; expiresAt: number }>();
  const sessions = new Map<string, Session>();
  const videos: UploadedVideo[] = [];
  const revokedTokens: string[] = [];
  const contentRanges: string[] = [];
  const grants = { authorization_code: 0, refresh_token: 0 };
  let quotaFailures = 0;
  let interruptions = 0;
  let deny = false;
  let chunkDelayMs = 0;

  const server = createServer((request, response) => {
    handle(request, response).catch((error: Error) => {
      if (!response.headersSent) json(response, 500, apiError(500, error.message, 'backendError', 'INTERNAL'));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  function issueAccessToken(refreshToken: string) {
    const accessToken = token('ya29.');
    accessTokens.set(accessToken, { refreshToken, expiresAt: Date.now() + ACCESS_TOKEN_SECONDS * 1000 });
    return accessToken;
  }

  /** The refresh token behind a live bearer token, or null after answering 401. */
  function authorize(request: IncomingMessage, response: ServerResponse): string | null {
    const header = request.headers.authorization ?? '';
    const bearer = header.startsWith('Bearer ') ? header.slice(7) : '';
    const access = accessTokens.get(bearer);
    const refresh = access && refreshTokens.get(access.refreshToken);
    if (!access || !refresh || refresh.revoked || access.expiresAt <= Date.now()) {
      json(
        response,
        401,
        apiError(
          401,
          'Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential.',
          'authError',
          'UNAUTHENTICATED',
        ),
        { 'WWW-Authenticate': 'Bearer realm="https://accounts.google.com/", error="invalid_token"' },
      );
      return null;
    }
    return access.refreshToken;
  }

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const address = new URL(request.url ?? '/', url);
    const route = `${request.method} ${address.pathname}`;
    if (route === 'GET /o/oauth2/v2/auth') return consent(address, response);
    if (route === 'POST /token') return tokenGrant(await form(request), response);
    if (route === 'POST /revoke') return revoke(await form(request), address, response);
    if (route === 'GET /youtube/v3/channels') return channels(request, address, response);
    if (route === 'POST /upload/youtube/v3/videos') return startUpload(request, address, response);
    if (route === 'PUT /upload/youtube/v3/videos') return putChunk(request, address, response);
    json(response, 404, apiError(404, `Not found: ${route}`, 'notFound', 'NOT_FOUND'));
  }

  function consent(address: URL, response: ServerResponse) {
    const query = address.searchParams;
    const redirectUri = query.get('redirect_uri') ?? '';
    const scope = query.get('scope') ?? '';
    if (query.get('client_id') !== clientId || !/^https?:\/\//.test(redirectUri)) {
      return text(response, 400, 'Error 401: invalid_client. The OAuth client was not found.');
    }
    if (query.get('response_type') !== 'code') return text(response, 400, 'Error 400: unsupported_response_type');
    if (!scope.split(' ').includes(UPLOAD_SCOPE)) return text(response, 400, 'Error 400: invalid_scope');
    const back = new URL(redirectUri);
    const state = query.get('state');
    if (state !== null) back.searchParams.set('state', state);
    if (deny) {
      back.searchParams.set('error', 'access_denied');
    } else {
      const code = token('4/0A');
      codes.set(code, {
        redirectUri,
        scope,
        challenge: query.get('code_challenge') ?? undefined,
        method: query.get('code_challenge_method') ?? undefined,
        used: false,
      });
      back.searchParams.set('code', code);
      back.searchParams.set('scope', scope);
    }
    response.writeHead(302, { Location: back.toString() }).end();
  }

  function tokenGrant(body: URLSearchParams, response: ServerResponse) {
    if (body.get('client_id') !== clientId || body.get('client_secret') !== clientSecret) {
      return json(response, 401, { error: 'invalid_client', error_description: 'Unauthorized' });
    }
    const grantType = body.get('grant_type');
    if (grantType === 'authorization_code') {
      const code = codes.get(body.get('code') ?? '');
      if (!code || code.used || code.redirectUri !== body.get('redirect_uri') || !verifierMatches(code, body)) {
        return json(response, 400, { error: 'invalid_grant', error_description: 'Bad Request' });
      }
      code.used = true;
      const refreshToken = token('1//0g');
      refreshTokens.set(refreshToken, { scope: code.scope, revoked: false });
      grants.authorization_code++;
      return json(response, 200, {
        access_token: issueAccessToken(refreshToken),
        expires_in: ACCESS_TOKEN_SECONDS,
        refresh_token: refreshToken,
        scope: code.scope,
        token_type: 'Bearer',
      });
    }
    if (grantType === 'refresh_token') {
      const refreshToken = body.get('refresh_token') ?? '';
      const known = refreshTokens.get(refreshToken);
      if (!known || known.revoked) {
        return json(response, 400, { error: 'invalid_grant', error_description: 'Token has been expired or revoked.' });
      }
      grants.refresh_token++;
      return json(response, 200, {
        access_token: issueAccessToken(refreshToken),
        expires_in: ACCESS_TOKEN_SECONDS,
        scope: known.scope,
        token_type: 'Bearer',
      });
    }
    json(response, 400, { error: 'unsupported_grant_type', error_description: `Invalid grant_type: ${grantType}` });
  }

  function verifierMatches(code: { challenge?: string; method?: string }, body: URLSearchParams): boolean {
    if (!code.challenge) return true;
    const verifier = body.get('code_verifier') ?? '';
    const computed = code.method === 'S256' ? createHash('sha256').update(verifier).digest('base64url') : verifier;
    return computed === code.challenge;
  }

  function revoke(body: URLSearchParams, address: URL, response: ServerResponse) {
    const given = body.get('token') ?? address.searchParams.get('token') ?? '';
    const refreshToken = refreshTokens.has(given) ? given : accessTokens.get(given)?.refreshToken;
    const known = refreshToken ? refreshTokens.get(refreshToken) : undefined;
    if (!refreshToken || !known || known.revoked) {
      return json(response, 400, { error: 'invalid_token', error_description: 'Token expired or revoked' });
    }
    known.revoked = true;
    revokedTokens.push(refreshToken);
    json(response, 200, {});
  }

  function channels(request: IncomingMessage, address: URL, response: ServerResponse) {
    const refreshToken = authorize(request, response);
    if (!refreshToken) return;
    if (!refreshTokens.get(refreshToken)?.scope.split(' ').includes(READ_SCOPE)) {
      return json(
        response,
        403,
        apiError(
          403,
          'Request had insufficient authentication scopes.',
          'insufficientPermissions',
          'PERMISSION_DENIED',
        ),
      );
    }
    if (address.searchParams.get('mine') !== 'true' || !address.searchParams.get('part')?.includes('snippet')) {
      return json(response, 400, apiError(400, 'Required parameter: part', 'required', 'INVALID_ARGUMENT'));
    }
    json(response, 200, {
      kind: 'youtube#channelListResponse',
      pageInfo: { totalResults: 1, resultsPerPage: 5 },
      items: [{ kind: 'youtube#channel', id: channel.id, snippet: { title: channel.title, description: '' } }],
    });
  }

  async function startUpload(request: IncomingMessage, address: URL, response: ServerResponse) {
    const refreshToken = authorize(request, response);
    if (!refreshToken) return;
    const query = address.searchParams;
    const parts = (query.get('part') ?? '').split(',');
    if (query.get('uploadType') !== 'resumable' || !parts.includes('snippet') || !parts.includes('status')) {
      return json(
        response,
        400,
        apiError(400, 'Use uploadType=resumable and part=snippet,status.', 'invalid', 'INVALID_ARGUMENT'),
      );
    }
    if (!(request.headers['content-type'] ?? '').startsWith('application/json')) {
      return json(response, 400, apiError(400, 'The metadata must be JSON.', 'parseError', 'INVALID_ARGUMENT'));
    }
    const total = Number(request.headers['x-upload-content-length']);
    const contentType = String(request.headers['x-upload-content-type'] ?? '');
    if (!Number.isInteger(total) || total <= 0 || !contentType.startsWith('video/')) {
      return json(
        response,
        400,
        apiError(
          400,
          'X-Upload-Content-Length and a video X-Upload-Content-Type are required.',
          'invalid',
          'INVALID_ARGUMENT',
        ),
      );
    }
    if (quotaFailures > 0) {
      quotaFailures--;
      return json(response, 403, {
        error: {
          code: 403,
          message:
            'The request cannot be completed because you have exceeded your <a href="/youtube/v3/getting-started#quota">quota</a>.',
          errors: [
            {
              message:
                'The request cannot be completed because you have exceeded your <a href="/youtube/v3/getting-started#quota">quota</a>.',
              domain: 'youtube.quota',
              reason: 'quotaExceeded',
            },
          ],
        },
      });
    }
    const metadata = JSON.parse((await readBody(request)).toString('utf8') || '{}');
    const title = String(metadata.snippet?.title ?? '');
    const description = String(metadata.snippet?.description ?? '');
    const privacy = String(metadata.status?.privacyStatus ?? 'public');
    if (!title.trim() || title.length > 100 || /[<>]/.test(title)) {
      return json(
        response,
        400,
        apiError(400, 'The request metadata specifies an invalid video title.', 'invalidTitle', 'INVALID_ARGUMENT'),
      );
    }
    if (Buffer.byteLength(description) > 5000 || /[<>]/.test(description)) {
      return json(
        response,
        400,
        apiError(
          400,
          'The request metadata specifies an invalid video description.',
          'invalidDescription',
          'INVALID_ARGUMENT',
        ),
      );
    }
    if (!['public', 'unlisted', 'private'].includes(privacy)) {
      return json(response, 400, apiError(400, 'Invalid privacy status.', 'invalidVideoMetadata', 'INVALID_ARGUMENT'));
    }
    const id = randomBytes(12).toString('base64url');
    sessions.set(id, {
      id,
      refreshToken,
      total,
      contentType,
      metadata: {
        snippet: {
          title,
          description,
          tags: Array.isArray(metadata.snippet?.tags) ? metadata.snippet.tags.map(String) : [],
          categoryId: String(metadata.snippet?.categoryId ?? '22'),
          channelId: channel.id,
        },
        status: { privacyStatus: privacy, uploadStatus: 'uploaded' },
      },
      parts: [],
      received: 0,
    });
    response
      .writeHead(200, {
        Location: `${url}/upload/youtube/v3/videos?uploadType=resumable&part=snippet,status&upload_id=${id}`,
        'X-GUploader-UploadID': id,
        'Content-Length': '0',
      })
      .end();
  }

  async function putChunk(request: IncomingMessage, address: URL, response: ServerResponse) {
    const session = sessions.get(address.searchParams.get('upload_id') ?? '');
    if (!session) return json(response, 404, apiError(404, 'Upload session not found.', 'notFound', 'NOT_FOUND'));
    if (!authorize(request, response)) return;
    const range = String(request.headers['content-range'] ?? '');
    contentRanges.push(range);
    const query = /^bytes \*\/(\d+|\*)$/.exec(range);
    if (query) {
      await readBody(request);
      return answerProgress(session, response);
    }
    const chunk = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(range);
    if (!chunk)
      return json(response, 400, apiError(400, `Invalid Content-Range: ${range}`, 'badContent', 'INVALID_ARGUMENT'));
    const [first, last, total] = [Number(chunk[1]), Number(chunk[2]), Number(chunk[3])];
    const length = last - first + 1;
    const isFinal = last + 1 === total;
    const bad =
      total !== session.total ||
      first !== session.received ||
      last < first ||
      last >= total ||
      Number(request.headers['content-length']) !== length ||
      (!isFinal && length % CHUNK_UNIT !== 0);
    if (bad) {
      await readBody(request);
      return json(
        response,
        400,
        apiError(
          400,
          `Content-Range ${range} does not continue the ${session.received} bytes received.`,
          'badContent',
          'INVALID_ARGUMENT',
        ),
      );
    }
    if (interruptions > 0) {
      interruptions--;
      // Keep what arrived in whole 256 KiB units, then drop the connection mid-chunk.
      const keep = Math.floor(length / 2 / CHUNK_UNIT) * CHUNK_UNIT;
      const body = await readBody(request);
      session.parts.push(body.subarray(0, keep));
      session.received += keep;
      request.socket.destroy();
      return;
    }
    const body = await readBody(request);
    if (body.length !== length)
      return json(
        response,
        400,
        apiError(400, 'Body length differs from Content-Range.', 'badContent', 'INVALID_ARGUMENT'),
      );
    if (chunkDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, chunkDelayMs));
    session.parts.push(body);
    session.received += length;
    if (isFinal) {
      session.video = {
        id: randomBytes(8).toString('base64url').slice(0, 11),
        ...session.metadata,
        contentType: session.contentType,
        bytes: Buffer.concat(session.parts),
      };
      videos.push(session.video);
    }
    answerProgress(session, response);
  }

  function answerProgress(session: Session, response: ServerResponse) {
    if (session.video) {
      const { id, snippet, status } = session.video;
      return json(response, 200, { kind: 'youtube#video', id, snippet, status });
    }
    const headers: Record<string, string> = { 'Content-Length': '0', 'X-HTTP-Status-Code-Override': '308' };
    if (session.received > 0) headers.Range = `bytes=0-${session.received - 1}`;
    response.writeHead(308, 'Resume Incomplete', headers).end();
  }

  return {
    url,
    clientId,
    clientSecret,
    env: {
      YOUTUBE_CLIENT_ID: clientId,
      YOUTUBE_CLIENT_SECRET: clientSecret,
      YOUTUBE_AUTH_URL: `${url}/o/oauth2/v2/auth`,
      YOUTUBE_TOKEN_URL: `${url}/token`,
      YOUTUBE_REVOKE_URL: `${url}/revoke`,
      YOUTUBE_API_URL: url,
    },
    channel,
    videos,
    contentRanges,
    revokedTokens,
    grants,
    failNextUploadWithQuota: () => void quotaFailures++,
    interruptNextChunk: () => void interruptions++,
    revokeAllAccess() {
      for (const known of refreshTokens.values()) known.revoked = true;
    },
    expireAccessTokens() {
      for (const access of accessTokens.values()) access.expiresAt = Date.now() - 1;
    },
    denyConsent(value) {
      deny = value;
    },
    setChunkDelay(ms) {
      chunkDelayMs = ms;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

function apiError(code: number, message: string, reason: string, status: string) {
  return { error: { code, message, errors: [{ message, domain: 'global', reason }], status } };
}

function json(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  response
    .writeHead(status, { 'Content-Type': 'application/json; charset=UTF-8', ...headers })
    .end(JSON.stringify(body));
}

function text(response: ServerResponse, status: number, body: string) {
  response.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8' }).end(body);
}

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

async function form(request: IncomingMessage): Promise<URLSearchParams> {
  if (!(request.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded')) {
    await readBody(request);
    return new URLSearchParams();
  }
  return new URLSearchParams((await readBody(request)).toString('utf8'));
}
