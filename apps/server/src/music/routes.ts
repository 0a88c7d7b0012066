import { endpoints } from '@reelwright/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routeOf } from '../route-of';
import { MusicLibrary } from './service';

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
  app.route({
    ...routeOf(app, endpoints.music),
    config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
    handler: () => library.list(),
  });
};
