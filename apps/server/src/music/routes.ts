import { ApiErrorSchema } from '@reelwright/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../error-responses';
import { MusicLibrary } from './service';

export const MusicListSchema = z.object({
  tracks: z.array(
    z.object({ id: z.string(), name: z.string(), url: z.string(), duration: z.number(), mood: z.string() }),
  ),
  /** While the stock tracks are still being made: how many of how many are ready. */
  preparing: z.object({ done: z.number().int(), total: z.number().int() }).optional(),
});

/**
 * `GET /api/members/music`: the stock background music of the customize step (spec 001 §2).
 * Public (visitors build videos before signing up). The tracks are made in the background once
 * the server listens; the list answers at once with those ready and the progress of the rest.
 */
export const musicRoutes: FastifyPluginAsyncZod = async (app) => {
  const library = new MusicLibrary({ files: app.files, log: (message) => app.log.error(message) });
  app.addHook('onListen', async () => {
    try {
      library.prepare();
    } catch {
      // No ffmpeg: the start-up log says so, and the list answers it.
    }
  });
  app.addHook('onClose', () => library.close());
  app.get(
    '/api/members/music',
    {
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: { response: { 200: MusicListSchema, ...errorResponses, 503: ApiErrorSchema } },
    },
    () => library.list(),
  );
};
