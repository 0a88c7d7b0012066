import { endpoints } from '@reelwright/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireMember } from '../accounts/service';
import { routeOf } from '../route-of';
import { listNews } from './service';

/**
 * `GET /api/members/access/news`: the news feed, newest first (read state lives in the browser).
 * Members only (spec 000 §4: only logged-in members see the project list and news).
 */
export const newsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...routeOf(app, endpoints.news),
    handler: async (request) => {
      requireMember(request);
      return listNews(app.db);
    },
  });
};
