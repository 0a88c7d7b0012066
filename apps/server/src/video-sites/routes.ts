import { endpoints } from '@reelwright/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireMember } from '../accounts/service';
import { routeOf } from '../route-of';
import {
  connectUrl,
  disconnect,
  findUpload,
  finishConnect,
  presentUpload,
  startUpload,
  type VideoSiteDeps,
  videoSiteStatus,
  videoSitesOf,
} from './service';

/**
 * Publishing to YouTube (issue 21 part 4), under `/api/members`: the connection's status,
 * connect (Google's authorization URL) and its callback, disconnect, and uploads with their
 * progress. Members only.
 */
export const videoSiteRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: VideoSiteDeps = { db: app.db, boss: app.queue, sites: videoSitesOf(app.config) };
  const log = (message: string) => app.log.warn(message);

  app.route({
    ...routeOf(app, endpoints.videoSiteStatus),
    handler: async (request) => videoSiteStatus(deps, requireMember(request), request.query.pid),
  });

  app.route({
    ...routeOf(app, endpoints.videoSiteConnect),
    handler: async (request) => ({
      url: connectUrl(deps.sites, requireMember(request), request.sessionToken, request.body.returnTo),
    }),
  });

  // Google's redirect arrives from another site: the state, not the same-origin rule, guards it.
  app.route({
    ...routeOf(app, endpoints.videoSiteCallback),
    handler: async (request, reply) => {
      const location = await finishConnect(deps, request, request.query, log);
      return reply.header('cache-control', 'no-store').redirect(location, 302);
    },
  });

  app.route({
    ...routeOf(app, endpoints.videoSiteDisconnect),
    handler: async (request) => {
      await disconnect(deps, requireMember(request), log);
      return { connected: false as const };
    },
  });

  app.route({
    ...routeOf(app, endpoints.videoUploadStart),
    handler: async (request) => presentUpload(await startUpload(deps, requireMember(request), request.body)),
  });

  app.route({
    ...routeOf(app, endpoints.videoUploadStatus),
    handler: async (request) => presentUpload(await findUpload(app.db, requireMember(request), request.query.id)),
  });
};
