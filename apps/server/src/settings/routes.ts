import { SettingsSchema } from '@reelwright/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireMember } from '../accounts/service';
import { BODY_LIMITS } from '../body-limits';
import { errorResponses } from '../error-responses';
import { getSettings, saveSettings } from './service';

/** `GET/POST /api/members/settings`: the member's free-form settings object (spec 000 §3, §7). */
export const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  // Before validation, so a visitor gets a 401 rather than a verdict on their input.
  app.addHook('preValidation', async (request) => {
    requireMember(request);
  });
  app.get('/', { schema: { response: { 200: SettingsSchema, ...errorResponses } } }, async (request) =>
    getSettings(app.db, { userId: requireMember(request).id }),
  );
  app.post(
    '/',
    {
      bodyLimit: BODY_LIMITS.large,
      schema: { body: SettingsSchema, response: { 200: SettingsSchema, ...errorResponses } },
    },
    async (request) => saveSettings(app.db, { userId: requireMember(request).id, settings: request.body }),
  );
};
