import { PresetSchema } from '@reelwright/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireMember } from '../accounts/service';
import { BODY_LIMITS } from '../body-limits';
import { errorResponses } from '../error-responses';
import { PresetListResponseSchema, PresetSaveBodySchema } from './schemas';
import { listPresets, savePreset } from './service';

/**
 * The preset calls of spec 001 §7 at `/api/members/presets`: `list` (public: visitors get the
 * built-ins, members theirs too) and `save` (members only).
 */
export const presetRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/list', { schema: { response: { 200: PresetListResponseSchema, ...errorResponses } } }, async (request) => ({
    presets: await listPresets(app.db, { userId: request.member?.id }),
  }));

  app.post(
    '/save',
    {
      // Visitors get a 401 before their input is validated.
      preValidation: async (request) => {
        requireMember(request);
      },
      bodyLimit: BODY_LIMITS.large,
      schema: { body: PresetSaveBodySchema, response: { 200: PresetSchema, ...errorResponses } },
    },
    async (request) => savePreset(app.db, { userId: requireMember(request).id, input: request.body }),
  );
};
