import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { unauthorized } from '../errors';
import { findMemberBySession, type Member, SESSION_COOKIE } from './sessions';
import { type WrongApiKeyGuard, wrongApiKeyGuard } from './wrong-api-keys';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in member (session cookie or API key), or null for a visitor. */
    member: Member | null;
    /** The raw session token from the cookie, when the request came with one. */
    sessionToken: string | null;
  }
  interface FastifyInstance {
    /** API-key look-ups, wrong keys limited per client address (the public API uses it too). */
    apiKeys: WrongApiKeyGuard;
  }
}

/** Reads `Authorization: Bearer <key>` or `X-Api-Key: <key>`. */
function apiKeyOf(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (header?.startsWith('Bearer ')) return header.slice(7).trim() || null;
  const key = request.headers['x-api-key'];
  return typeof key === 'string' && key ? key : null;
}

/** Resolves the member of each request before its handler runs. */
export const sessionPlugin = fp(
  async (app) => {
    app.decorateRequest('member', null);
    app.decorateRequest('sessionToken', null);
    app.decorate('apiKeys', wrongApiKeyGuard());
    app.addHook('onRequest', async (request, reply) => {
      if (!request.url.startsWith('/api/')) return;
      const token = request.cookies[SESSION_COOKIE];
      if (token) {
        request.sessionToken = token;
        request.member = await findMemberBySession(app.db, token);
        return;
      }
      const key = apiKeyOf(request);
      if (key) request.member = await app.apiKeys.findMember(app.db, { key, client: request.ip, reply });
    });
  },
  { name: 'session', dependencies: ['db', '@fastify/cookie'] },
);

/** The signed-in member, or a 401 the client turns into a login prompt. */
export function requireMember(request: FastifyRequest): Member {
  if (!request.member) throw unauthorized();
  return request.member;
}
