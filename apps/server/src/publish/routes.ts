import { endpoints } from '@reelwright/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireMember } from '../accounts/service';
import { AppError } from '../errors';
import { CAPTION_CONTENT_TYPES, captionKey, renderStatus } from '../renders/service';
import { routeOf } from '../route-of';
import { presentRenderStatus, videoFileName } from './presenter';
import { memberQuota } from './quota';
import { changeRenderEmail, downloadLookup, embedHash, publishedRender, publishProject } from './service';

const PLAIN_TEXT = 'text/plain; charset=utf-8';

/**
 * The publish calls of spec 000 §7 at `/api/members`: quota, queue-video (+ update and the
 * status the dialog's progress bar follows), the download lookup and download, and the embed
 * hash. Members only; someone else's project or render is a 404.
 */
export const publishRoutes: FastifyPluginAsyncZod = async (app) => {
  // Visitors get a 401 before their input is validated.
  app.addHook('preValidation', async (request) => {
    requireMember(request);
  });

  app.route({
    ...routeOf(app, endpoints.quota),
    handler: async (request) =>
      memberQuota(app.db, app.config, requireMember(request), { tzOffset: request.query.tz_offset }),
  });

  app.route({
    ...routeOf(app, endpoints.queueVideo),
    handler: async (request) => {
      const member = requireMember(request);
      const row = await publishProject(app.db, app.queue, app.config, member, request.body);
      return presentRenderStatus(row, app.config.publicUrl);
    },
  });

  app.route({
    ...routeOf(app, endpoints.queueVideoUpdate),
    handler: async (request) => {
      const row = await changeRenderEmail(app.db, requireMember(request), request.body);
      return presentRenderStatus(row, app.config.publicUrl);
    },
  });

  app.route({
    ...routeOf(app, endpoints.renderStatus),
    handler: async (request) => {
      const row = await renderStatus(app.db, { userId: requireMember(request).id, renderJobId: request.query.qid });
      return presentRenderStatus(row, app.config.publicUrl);
    },
  });

  // The spec's answers are bare: a url, 'rendering' or nothing; and 'a plain hash'.
  app.route({
    ...routeOf(app, endpoints.downloadLookup),
    handler: async (request, reply) => {
      const lookup = await downloadLookup(app.db, app.config, requireMember(request), request.query.pid);
      return reply.type(PLAIN_TEXT).send(lookup);
    },
  });

  app.route({
    ...routeOf(app, endpoints.download),
    handler: async (request, reply) => {
      const { project, render } = await publishedRender(app.db, requireMember(request), request.query.pid);
      return app.files.send(request, reply, render.outputPath as string, {
        contentType: 'video/mp4',
        downloadName: videoFileName(project.title || project.name),
      });
    },
  });

  // Captions (D68): written beside the MP4 when the render finished, if it had narration words.
  app.route({
    ...routeOf(app, endpoints.captions),
    handler: async (request, reply) => {
      const { pid, format } = request.query;
      const { project, render } = await publishedRender(app.db, requireMember(request), pid);
      const key = captionKey(render.publicId, format);
      if (!(await app.files.exists(key))) throw noCaptions();
      return app.files.send(request, reply, key, {
        contentType: CAPTION_CONTENT_TYPES[format],
        downloadName: videoFileName(project.title || project.name, format),
      });
    },
  });

  // The first call makes the hash: a state change, so only from the app itself.
  app.route({
    ...routeOf(app, endpoints.embedHash),
    config: { sameOriginOnly: true },
    handler: async (request, reply) => {
      const hash = await embedHash(app.db, requireMember(request), request.query.pid);
      return reply.type(PLAIN_TEXT).send(hash);
    },
  });
};

const noCaptions = () =>
  new AppError(
    404,
    'no_captions',
    'This video has no captions: it has no narration with timed words. Generate speech for its slides and publish it again.',
  );
