import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { forbidden } from '../errors';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * This GET changes something or spends the member's allowance: a request carrying the
     * session cookie must come from the app itself, not from a link or page of another site. A
     * function decides per request (after validation), for routes that only sometimes change.
     */
    sameOriginOnly?: boolean | ((request: FastifyRequest) => boolean);
  }
}

export const CROSS_SITE_MESSAGE =
  'This link works only from within Reelwright. Open Reelwright and use it there; nothing was changed.';

/**
 * Guards the routes marked `config: { sameOriginOnly }` against cross-site requests (a link,
 * image or form on another site that the browser sends with the member's SameSite=Lax cookie).
 * Only requests that carry the session cookie are checked: an API key or no credential at all
 * is not something another site can make the browser send. Such a request passes when the
 * browser says it is same-origin or typed by the person (`Sec-Fetch-Site: same-origin | none`),
 * or, from browsers without Fetch metadata, when its `Origin` or `Referer` is the app's own
 * origin (the public URL, or the one the request was addressed to). A request with neither is
 * refused: the app's pages send a same-origin `Referer` (Referrer-Policy: same-origin).
 */
export const sameOriginPlugin = fp(
  async (app) => {
    const publicOrigin = new URL(app.config.publicUrl).origin;
    app.addHook('preHandler', async (request) => {
      const rule = request.routeOptions.config.sameOriginOnly;
      if (!rule || request.sessionToken === null) return;
      if (typeof rule === 'function' && !rule(request)) return;
      if (!isSameOrigin(request, publicOrigin)) throw forbidden(CROSS_SITE_MESSAGE, 'cross_site');
    });
  },
  { name: 'same-origin', dependencies: ['session'] },
);

function isSameOrigin(request: FastifyRequest, publicOrigin: string): boolean {
  const site = request.headers['sec-fetch-site'];
  if (site !== undefined) return site === 'same-origin' || site === 'none';
  const origin = request.headers.origin ?? originOf(request.headers.referer);
  if (!origin) return false;
  return origin === publicOrigin || origin === `${request.protocol}://${request.host}`;
}

function originOf(url: string | undefined): string | undefined {
  if (!url || !URL.canParse(url)) return undefined;
  return new URL(url).origin;
}
