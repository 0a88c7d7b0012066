import { endpoints } from '@reelwright/core';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routeOf } from '../route-of';
import { getOrCreateApiKey, revokeApiKey, rotateApiKey } from './api-keys';
import { authorize } from './policy';
import { membersOnly } from './route-support';
import { requireMember } from './session-plugin';

/**
 * `/api/members/zapier/*`: the business member's API key for automation. `info` makes the key
 * on first call and shows it in full once; `rotate` replaces it; `revoke` ends it.
 */
export const apiKeyRoutes: FastifyPluginAsyncZod = async (app) => {
  const businessMember = (request: FastifyRequest) => {
    const member = requireMember(request);
    authorize(member, 'apiKey');
    return member;
  };

  // Made and shown in full once on the first call: another site must not spend that showing.
  app.route({
    ...routeOf(app, endpoints.apiKeyInfo),
    preValidation: membersOnly,
    config: { sameOriginOnly: true },
    handler: async (request) => getOrCreateApiKey(app.db, { userId: businessMember(request).id }),
  });
  app.route({
    ...routeOf(app, endpoints.apiKeyRotate),
    preValidation: membersOnly,
    handler: async (request) => rotateApiKey(app.db, { userId: businessMember(request).id }),
  });
  app.route({
    ...routeOf(app, endpoints.apiKeyRevoke),
    preValidation: membersOnly,
    handler: async (request) => revokeApiKey(app.db, { userId: businessMember(request).id }),
  });
};
