import { NewsItemSchema } from '@reelwright/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireMember } from '../accounts/service';
import { errorResponses } from '../error-responses';
import { listNews } from './service';

/**
 * `GET /api/members/access/news`: the news feed, newest first (read state lives in the browser).
 * Members only (spec 000 §4: only logged-in members see the project list and news).
 */
export const newsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/access/news',
    { schema: { response: { 200: z.array(NewsItemSchema), ...errorResponses } } },
    async (request) => {
      requireMember(request);
      return listNews(app.db);
    },
  );
};
