import path from 'node:path';
import { endpoints } from '@reelwright/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireMember } from '../accounts/service';
import { backgroundRemover } from '../providers/remove-bg/registry';
import { routeOf } from '../route-of';
import { type RemoveBgDeps, removeBackground } from './service';

export type RemoveBgRoutesOptions = {
  /** Replaces the configured remover (tests); `null` means none. */
  remover?: RemoveBgDeps['remover'] | null;
};

/**
 * `POST /api/members/remove-bg` (issue 6): `{ url }` of a picture (http(s) or `/media/…`) → the
 * stored PNG without its background, added to the member's library (`url` is `/media/uploads/…`).
 * Each call costs the operator a remove.bg credit, hence the rate limit.
 */
export const removeBgRoutes: FastifyPluginAsyncZod<RemoveBgRoutesOptions> = async (app, options) => {
  const deps: RemoveBgDeps = {
    db: app.db,
    files: app.files,
    limits: app.config.uploads.maxBytes,
    fetchPolicy: app.config.fetch,
    cacheDir: path.join(app.config.dataDir, 'tmp', 'remove-bg'),
    remover: options.remover === null ? undefined : (options.remover ?? backgroundRemover(app.config)),
  };

  app.route({
    ...routeOf(app, endpoints.removeBackground),
    config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
    handler: async (request) => removeBackground(deps, { userId: requireMember(request).id, url: request.body.url }),
  });
};
