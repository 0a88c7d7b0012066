import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { forbidden } from '../errors';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * This GET changes something or spends the member's allowance: a request carrying the
     * session cookie must come from the app itself, not from a link or page of another site. A
     * function decides per request (after validation), for routes that only sometimes change.
     * (POST, PUT, PATCH and DELETE are always checked.)
     */
    sameOriginOnly?: boolean | ((request: FastifyRequest) => boolean);
  }
}

export const CROSS_SITE_MESSAGE =
  'This link works only from within Reelwright. Open Reelwright and use it there; nothing was changed.';

/** Methods that change something whatever the route (RFC 9110's unsafe methods). */
const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Guards requests carrying the session cookie against other sites (and sibling subdomains,
 * which SameSite=Lax does not stop: they are the same site). Only such requests are checked: an
 * API key or no credential at all is not something another site can make the browser send.
 *
 * - Every POST, PUT, PATCH and DELETE, bodiless ones included (rotate a key, disconnect, test a
 *   webhook): `Sec-Fetch-Site` must be `same-origin` or `none`; without it, `Origin` (else a
 *   `Referer`) must be the app's. A request with none of the three passes: every browser sends
 *   `Origin` on a cross-origin POST (and current ones `Sec-Fetch-Site` too), so such a request
 *   was not started by another page; it comes from a program holding the cookie itself (a
 *   script, the test suite), which is no forgery.
 * - GETs marked `config: { sameOriginOnly }` (a link can start a GET with no `Origin`): same
 *   rule, except that a request with no header at all is refused. The app's pages send a
 *   same-origin `Referer` (Referrer-Policy: same-origin).
 */
export const sameOriginPlugin = fp(
  async (app) => {
    const publicOrigin = new URL(app.config.publicUrl).origin;
    app.addHook('preHandler', async (request) => {
      if (request.sessionToken === null) return;
      if (UNSAFE_METHODS.has(request.method)) {
        if (fromAnotherOrigin(request, publicOrigin) === true) throw forbidden(CROSS_SITE_MESSAGE, 'cross_site');
        return;
      }
      const rule = request.routeOptions.config.sameOriginOnly;
      if (!rule) return;
      if (typeof rule === 'function' && !rule(request)) return;
      if (fromAnotherOrigin(request, publicOrigin) !== false) throw forbidden(CROSS_SITE_MESSAGE, 'cross_site');
    });
  },
  { name: 'same-origin', dependencies: ['session'] },
);

/**
 * Whether the browser says the request was started by another origin: true or false from Fetch
 * metadata, else from `Origin` or `Referer`; undefined when it says nothing.
 */
function fromAnotherOrigin(request: FastifyRequest, publicOrigin: string): boolean | undefined {
  const site = request.headers['sec-fetch-site'];
  if (site !== undefined) return site !== 'same-origin' && site !== 'none';
  const origin = request.headers.origin ?? originOf(request.headers.referer);
  if (origin === undefined) return undefined;
  return origin !== publicOrigin && origin !== `${request.protocol}://${request.host}`;
}

function originOf(url: string | undefined): string | undefined {
  if (!url) return undefined;
  // A Referer that is not a URL tells nothing good: treated as another origin.
  return URL.canParse(url) ? new URL(url).origin : 'null';
}
