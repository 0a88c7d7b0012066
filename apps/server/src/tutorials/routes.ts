import { endpoints } from '@reelwright/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routeOf } from '../route-of';
import { listTutorials } from './service';

/**
 * `GET /api/queries/tutorials`: the training videos of the 'Video tutorials' popup, by group and
 * playlist order. Public: visitors see the tutorials too (spec 000 §4 "Tutorials").
 */
export const tutorialRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({ ...routeOf(app, endpoints.tutorials), handler: async () => listTutorials(app.db) });
};
