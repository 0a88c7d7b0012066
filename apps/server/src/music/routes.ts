import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../error-responses';
import { MusicLibrary } from './service';

export const MusicListSchema = z.object({
  tracks: z.array(
    z.object({ id: z.string(), name: z.string(), url: z.string(), duration: z.number(), mood: z.string() }),
  ),
});

/**
 * `GET /api/members/music`: the stock background music of the customize step (spec 001 §2).
 * Public (visitors build videos before signing up). The first call makes the tracks.
 */
export const musicRoutes: FastifyPluginAsyncZod = async (app) => {
  const library = new MusicLibrary(app.files);
  app.get(
    '/api/members/music',
    {
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: { response: { 200: MusicListSchema, ...errorResponses } },
    },
    async () => ({ tracks: await library.tracks() }),
  );
};
