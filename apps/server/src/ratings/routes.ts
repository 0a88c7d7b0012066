import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireMember } from '../accounts/service';
import { errorResponses } from '../error-responses';
import { VideoRatingBodySchema, VideoRatingResponseSchema } from './schemas';
import { rateVideo } from './service';

/**
 * `POST /api/members/video-rating` (spec 001 §7): the publish step's 1–5 stars. Members only;
 * someone else's project is a 404.
 */
export const ratingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/video-rating',
    {
      // Visitors get a 401 before their input is validated.
      preValidation: async (request) => {
        requireMember(request);
      },
      schema: { body: VideoRatingBodySchema, response: { 200: VideoRatingResponseSchema, ...errorResponses } },
    },
    async (request) => {
      await rateVideo(app.db, { userId: requireMember(request).id, input: request.body });
      return { ok: true as const };
    },
  );
};
