import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';

/** Claims of a test ID token; anything left out gets a sensible default. */
export type IdTokenClaims = {
  sub: string;
  email?: string;
  email_verified?: boolean;
  name?: string;
  aud: string;
  /** Defaults to https://accounts.google.com. */
  iss?: string;
  /** jose time span ('1h', '-1m' for already expired) or seconds since the epoch. */
  expiresIn?: string | number;
};

export type FakeIdentityProvider = {
  /** Where the JWKS is served: `http://127.0.0.1:<port>/certs`, ready for GOOGLE_JWKS_URL. */
  jwksUrl: string;
  signIdToken(claims: IdTokenClaims): Promise<string>;
  close(): Promise<void>;
};

/**
 * An OpenID identity provider for tests: an RS256 key pair whose public half is served as a
 * JWKS over HTTP on 127.0.0.1, and ID tokens signed with the private half.
 */
export async function startIdentityProvider(): Promise<FakeIdentityProvider> {
  const kid = randomUUID();
  const { publicKey, privateKey } = await generateKeyPair('RS256');
  const jwks = { keys: [{ ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' }] };

  const server = createServer((request, response) => {
    if (request.url === '/certs') {
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(jwks));
    } else {
      response.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    jwksUrl: `http://127.0.0.1:${port}/certs`,
    async signIdToken({ sub, aud, iss, expiresIn, ...rest }) {
      const now = Math.floor(Date.now() / 1000);
      // An already expired token must also have been issued in the past.
      const expiry = expiresIn ?? '1h';
      const issuedAt = typeof expiry === 'string' && expiry.startsWith('-') ? now - 7200 : now;
      return new SignJWT({ email_verified: true, ...rest })
        .setProtectedHeader({ alg: 'RS256', kid, typ: 'JWT' })
        .setSubject(sub)
        .setAudience(aud)
        .setIssuer(iss ?? 'https://accounts.google.com')
        .setIssuedAt(issuedAt)
        .setExpirationTime(expiry)
        .sign(privateKey);
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
