import { ApiKeyInfoSchema } from '@reelwright/core';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getOrCreateApiKey, revokeApiKey, rotateApiKey } from './api-keys';
import { authorize } from './policy';
import { accessErrorResponses, membersOnly } from './route-support';
import { requireMember } from './session-plugin';

/**
 * `/api/members/zapier/*`: the business member's API key for automation. `info` makes the key
 * on first call and shows it in full once; `rotate` replaces it; `revoke` ends it.
 */
export const apiKeyRoutes: FastifyPluginAsyncZod = async (app) => {
  const options = {
    schema: { response: { 200: ApiKeyInfoSchema, ...accessErrorResponses } },
    preValidation: membersOnly,
  };
  const businessMember = (request: FastifyRequest) => {
    const member = requireMember(request);
    authorize(member, 'apiKey');
    return member;
  };

  // Made and shown in full once on the first call: another site must not spend that showing.
  app.get('/info', { ...options, config: { sameOriginOnly: true } }, async (request) =>
    getOrCreateApiKey(app.db, { userId: businessMember(request).id }),
  );
  app.post('/rotate', options, async (request) => rotateApiKey(app.db, { userId: businessMember(request).id }));
  app.post('/revoke', options, async (request) => revokeApiKey(app.db, { userId: businessMember(request).id }));
};
