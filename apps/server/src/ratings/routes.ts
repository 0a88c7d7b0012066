import { endpoints } from '@reelwright/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireMember } from '../accounts/service';
import { routeOf } from '../route-of';
import { rateVideo } from './service';

/**
 * `POST /api/members/video-rating` (spec 001 §7): the publish step's 1–5 stars. Members only;
 * someone else's project is a 404.
 */
export const ratingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...routeOf(app, endpoints.videoRating),
    // Visitors get a 401 before their input is validated.
    preValidation: async (request) => {
      requireMember(request);
    },
    handler: async (request) => {
      await rateVideo(app.db, { userId: requireMember(request).id, input: request.body });
      return { ok: true as const };
    },
  });
};
