import { endpoints } from '@reelwright/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireMember } from '../accounts/service';
import { BODY_LIMITS } from '../body-limits';
import { createMediaProviders, type MediaProviders } from '../providers/media/registry';
import { routeOf } from '../route-of';
import { libraryEngine } from '../uploads/service';
import { autoFetchMedia, offeredEngines, searchMedia } from './service';

export type MediaSearchRoutesOptions = {
  /** Engines to use instead of the configured ones (tests). */
  providers?: MediaProviders;
};

/** Each client's calls a minute to the public auto-fetch (it asks outside engines), as the article routes limit theirs. */
const AUTO_FETCH_RATE = { rateLimit: { max: 120, timeWindow: '1 minute' } };

/**
 * The media search calls of spec 001 §7, registered without a prefix:
 * `GET /api/members/media-search?keyword&type&source&num` and
 * `GET /api/queries/search/{type}/{source}?q=`. Both answer `{ url, thumbnail, name, width,
 * height, duration? }[]`. Members only: the offline engines draw what they find into the file store.
 * Also the wizard's media auto-fetch (`POST /api/members/media-auto-fetch`, public and rate
 * limited: visitors use the slides step before signing up) and `GET /api/members/media-engines`.
 */
export const mediaSearchRoutes: FastifyPluginAsyncZod<MediaSearchRoutesOptions> = async (app, options) => {
  const providers =
    options.providers ?? createMediaProviders(app.files, { library: libraryEngine(app.db), vendors: app.config.media });

  app.route({
    ...routeOf(app, endpoints.mediaSearch),
    handler: async (request) => {
      const member = requireMember(request);
      const { source, keyword, type, num, color, format } = request.query;
      return searchMedia(providers, source, { keyword, type, num, color, format, memberId: member.id });
    },
  });

  app.route({
    ...routeOf(app, endpoints.mediaSearchByPath),
    handler: async (request) => {
      const member = requireMember(request);
      const { type, source } = request.params;
      const { q, num, color, format } = request.query;
      return searchMedia(providers, source, { keyword: q, type, num, color, format, memberId: member.id });
    },
  });

  app.route({
    ...routeOf(app, endpoints.mediaAutoFetch),
    config: AUTO_FETCH_RATE,
    // Many used URLs; a visitor's call is still held to the visitor limit.
    bodyLimit: BODY_LIMITS.large,
    handler: async (request) => {
      const { text, firstLineOfFirstSlide, used } = request.body;
      return autoFetchMedia(providers, { text, firstLineOfFirstSlide }, new Set(used), (m) => request.log.warn(m));
    },
  });

  app.route({
    ...routeOf(app, endpoints.mediaEngines),
    handler: async (request) => ({ engines: offeredEngines(providers, { member: request.member !== null }) }),
  });
};
