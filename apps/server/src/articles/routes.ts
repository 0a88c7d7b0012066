import { endpoints } from '@reelwright/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireMember } from '../accounts/service';
import { type ArticleSources, createArticleSources } from '../providers/articles/registry';
import { routeOf } from '../route-of';
import { fetchArticle } from './extract';
import { addKeywords, listicleIdeas, relatedKeywords, relatedTerms, searchArticles } from './service';

/** Each visitor's calls a minute to the routes that reach outside services (they are public). */
const PUBLIC_RATE = { rateLimit: { max: 60, timeWindow: '1 minute' } };

export type ArticleRoutesOptions = {
  /** Instead of those the config names (tests). */
  sources?: ArticleSources;
  /** Pause between article fetch attempts. */
  retryDelayMs?: number;
  /** The time one article import may take, every attempt included (IMPORT_BUDGET_MS). */
  importBudgetMs?: number;
};

/**
 * The article and keyword calls of spec 001 §7 and spec 000's LSI, at `/api/members`. Visitors may
 * use the keyword and content steps (spec 001 §6), so all but add-keywords are public and rate
 * limited; add-keywords is members only (keywords are saved only when logged in).
 */
export const articleRoutes: FastifyPluginAsyncZod<ArticleRoutesOptions> = async (app, options) => {
  const sources = options.sources ?? createArticleSources(app.config.articles);

  app.route({
    ...routeOf(app, endpoints.articleSearch),
    config: PUBLIC_RATE,
    handler: async (request) => searchArticles(sources, request.query),
  });

  app.route({
    ...routeOf(app, endpoints.articleFetch),
    config: PUBLIC_RATE,
    handler: async (request) =>
      fetchArticle({
        url: request.query.url,
        type: request.query.type,
        policy: app.config.fetch,
        log: (m) => request.log.info(m),
        retryDelayMs: options.retryDelayMs,
        budgetMs: options.importBudgetMs,
      }),
  });

  app.route({
    ...routeOf(app, endpoints.relatedKeywords),
    config: PUBLIC_RATE,
    handler: async (request) => relatedKeywords(sources, request.query.keyword),
  });

  app.route({
    ...routeOf(app, endpoints.relatedTerms),
    config: PUBLIC_RATE,
    handler: async (request) => relatedTerms(sources, request.body.keyword),
  });

  app.route({
    ...routeOf(app, endpoints.listicleIdeas),
    config: PUBLIC_RATE,
    handler: async (request) => listicleIdeas(sources, request.query),
  });

  app.route({
    ...routeOf(app, endpoints.addKeywords),
    // Visitors get a 401 before their input is validated.
    preValidation: async (request) => {
      requireMember(request);
    },
    handler: async (request) => ({
      keywords: await addKeywords(app.db, requireMember(request).id, request.body.keyword),
    }),
  });
};
