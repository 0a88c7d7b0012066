import { endpoints } from '@reelwright/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authorize, requireMember } from '../accounts/service';
import type { ArticleSources } from '../providers/articles/registry';
import type { ChatModel } from '../providers/llm/chat-completions';
import { routeOf } from '../route-of';
import { optimizeProject, optimizerDeps, rewriteOptimized } from './service';

export type OptimizerRoutesOptions = {
  /** Instead of those the config names (tests). */
  sources?: ArticleSources;
  /** Instead of the configured language model; null for none (tests). */
  chat?: ChatModel | null;
};

/**
 * The video optimizer at `/api/members/optimizer` (spec 000 §3, §4): paid members only. Visitors
 * get a 401 and free members a 403 before their input is read.
 */
export const optimizerRoutes: FastifyPluginAsyncZod<OptimizerRoutesOptions> = async (app, options) => {
  const deps = optimizerDeps(app.db, app.config, (message) => app.log.warn(message), options);
  const paidOnly = async (request: Parameters<typeof requireMember>[0]) => {
    authorize(requireMember(request), 'optimizer');
  };

  app.route({
    ...routeOf(app, endpoints.optimizeVideo),
    preValidation: paidOnly,
    handler: async (request) => optimizeProject(deps, requireMember(request), request.body),
  });

  app.route({
    ...routeOf(app, endpoints.rewriteOptimized),
    // Each rewrite is a paid call to the model.
    config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
    preValidation: paidOnly,
    handler: async (request) => rewriteOptimized(deps, requireMember(request), request.body),
  });
};
