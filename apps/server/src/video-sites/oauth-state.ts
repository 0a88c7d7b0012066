/**
 * The OAuth `state` of a connect attempt, kept by no one but the browser: it names the member,
 * the session it started in (by hash), where to return and when, and carries an HMAC. The
 * callback accepts it only in the same session within the hour, which stops a forged callback
 * (CSRF) from attaching someone else's channel. The PKCE verifier is derived from it, so the
 * server stores nothing until the channel is connected.
 */
import { createHash, createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';

const MAX_AGE_MS = 60 * 60 * 1000;

export type ConnectState = { memberId: number; returnTo: string };

type Payload = ConnectState & { session: string; issuedAt: number; nonce: string };

const sessionHash = (sessionToken: string) =>
  createHash('sha256').update(sessionToken).digest('base64url').slice(0, 22);

export function oauthStates(secret: string) {
  const key = Buffer.from(hkdfSync('sha256', secret, 'reelwright', 'oauth state', 32));
  const sign = (text: string) => createHmac('sha256', key).update(text).digest('base64url');

  return {
    create(state: ConnectState, sessionToken: string, now = Date.now()): string {
      const payload: Payload = {
        ...state,
        session: sessionHash(sessionToken),
        issuedAt: now,
        nonce: randomBytes(9).toString('base64url'),
      };
      const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
      return `${body}.${sign(body)}`;
    },

    /** The state's contents when it is genuine, fresh and from this session; else null. */
    verify(state: string, sessionToken: string | null, now = Date.now()): ConnectState | null {
      const [body, mac] = state.split('.');
      if (!body || !mac || !sessionToken) return null;
      const expected = Buffer.from(sign(body));
      const given = Buffer.from(mac);
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
      const payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Payload;
      if (
        payload.session !== sessionHash(sessionToken) ||
        now - payload.issuedAt > MAX_AGE_MS ||
        payload.issuedAt > now
      )
        return null;
      return { memberId: payload.memberId, returnTo: payload.returnTo };
    },

    /** The PKCE code verifier of a state (43 characters of base64url, as RFC 7636 allows). */
    codeVerifier: (state: string) => sign(`pkce:${state}`),
  };
}

/** RFC 7636's S256 challenge of a verifier. */
export const codeChallenge = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');
