import { endpoints } from '@reelwright/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireMember } from '../accounts/service';
import { BODY_LIMITS } from '../body-limits';
import { routeOf } from '../route-of';
import { getSettings, saveSettings } from './service';

/** `GET/POST /api/members/settings`: the member's free-form settings object (spec 000 §3, §7). */
export const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  // Before validation, so a visitor gets a 401 rather than a verdict on their input.
  app.addHook('preValidation', async (request) => {
    requireMember(request);
  });
  app.route({
    ...routeOf(app, endpoints.settingsLoad),
    handler: async (request) => getSettings(app.db, { userId: requireMember(request).id }),
  });
  app.route({
    ...routeOf(app, endpoints.settingsSave),
    bodyLimit: BODY_LIMITS.large,
    handler: async (request) => saveSettings(app.db, { userId: requireMember(request).id, settings: request.body }),
  });
};
