import { SettingsSchema } from '@reelwright/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireMember } from '../plugins/session';
import { getSettings, saveSettings } from './service';

/** `GET/POST /api/members/settings`: the member's free-form settings object (spec 000 §3, §7). */
export const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/', { schema: { response: { 200: SettingsSchema } } }, async (request) =>
    getSettings(app.db, requireMember(request).id),
  );
  app.post('/', { schema: { body: SettingsSchema, response: { 200: SettingsSchema } } }, async (request) =>
    saveSettings(app.db, requireMember(request).id, request.body),
  );
};
