import { endpoints } from '@reelwright/core';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authorize, membersOnly, requireMember } from '../accounts/service';
import { routeOf } from '../route-of';
import {
  createEndpoint,
  enableEndpoint,
  endpointDeliveries,
  listEndpoints,
  removeEndpoint,
  sendTestEvent,
  type WebhookContext,
} from './service';
import { testEventRateLimit } from './test-rate-limit';

/**
 * `/api/members/webhooks`: the member's webhook endpoints (D73). Webhooks come with the API key,
 * so with its plan; the secret is shown once, in the answer to creating the endpoint.
 */
export const webhookRoutes: FastifyPluginAsyncZod = async (app) => {
  const context: WebhookContext = { db: app.db, config: app.config, log: (m) => app.log.warn(m) };
  const apiMember = (request: FastifyRequest) => {
    const member = requireMember(request);
    authorize(member, 'apiKey');
    return member;
  };

  app.route({
    ...routeOf(app, endpoints.webhookList),
    preValidation: membersOnly,
    handler: async (request) => ({ endpoints: await listEndpoints(app.db, apiMember(request).id) }),
  });
  app.route({
    ...routeOf(app, endpoints.webhookCreate),
    preValidation: membersOnly,
    handler: async (request) => createEndpoint(context, apiMember(request).id, request.body),
  });
  app.route({
    ...routeOf(app, endpoints.webhookDelete),
    preValidation: membersOnly,
    handler: async (request) => {
      await removeEndpoint(app.db, apiMember(request).id, request.params.id);
      return { removed: true as const };
    },
  });
  app.route({
    ...routeOf(app, endpoints.webhookTest),
    preValidation: membersOnly,
    config: { rateLimit: testEventRateLimit },
    handler: async (request) => sendTestEvent(context, apiMember(request).id, request.params.id),
  });
  app.route({
    ...routeOf(app, endpoints.webhookEnable),
    preValidation: membersOnly,
    handler: async (request) => enableEndpoint(app.db, apiMember(request).id, request.params.id),
  });
  app.route({
    ...routeOf(app, endpoints.webhookDeliveries),
    preValidation: membersOnly,
    handler: async (request) => ({
      deliveries: await endpointDeliveries(app.db, apiMember(request).id, request.params.id),
    }),
  });
};
