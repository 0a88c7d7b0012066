import { NewsItemSchema } from '@reelwright/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listNews } from './service';

/** `GET /api/members/access/news`: the news feed, newest first (read state lives in the browser). */
export const newsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/access/news', { schema: { response: { 200: z.array(NewsItemSchema) } } }, async () => listNews(app.db));
};
