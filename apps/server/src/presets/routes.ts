import { endpoints } from '@reelwright/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireMember } from '../accounts/service';
import { BODY_LIMITS } from '../body-limits';
import { routeOf } from '../route-of';
import { listPresets, savePreset } from './service';

/**
 * The preset calls of spec 001 §7 at `/api/members/presets`: `list` (public: visitors get the
 * built-ins, members theirs too) and `save` (members only).
 */
export const presetRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...routeOf(app, endpoints.presetList),
    handler: async (request) => ({ presets: await listPresets(app.db, { userId: request.member?.id }) }),
  });

  app.route({
    ...routeOf(app, endpoints.presetSave),
    // Visitors get a 401 before their input is validated.
    preValidation: async (request) => {
      requireMember(request);
    },
    bodyLimit: BODY_LIMITS.large,
    handler: async (request) => savePreset(app.db, { userId: requireMember(request).id, input: request.body }),
  });
};
