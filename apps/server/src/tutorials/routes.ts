import { TutorialSchema } from '@reelwright/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../error-responses';
import { listTutorials } from './service';

/**
 * `GET /api/queries/tutorials`: the training videos of the 'Video tutorials' popup, by group and
 * playlist order. Public: visitors see the tutorials too (spec 000 §4 "Tutorials").
 */
export const tutorialRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/queries/tutorials',
    { schema: { response: { 200: z.array(TutorialSchema), ...errorResponses } } },
    async () => listTutorials(app.db),
  );
};
