/**
 * The public API `/api/v1` (issue 22): the member's API key alone authenticates (never the
 * session cookie, so no other site can ride a member's browser), each key has a rate limit,
 * renders count against the plan's daily quota, creating calls take idempotency keys, and every
 * error is problem details. Routes and the OpenAPI document come from core's `v1Endpoints`.
 */
import { openApiDocument, type V1Endpoint, v1Endpoints } from '@reelwright/core';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { Member } from '../accounts/service';
import { AppError, notFound, unauthorized } from '../errors';
import { optimizeProject, optimizerDeps } from '../optimizer/service';
import { listProjects, loadProject, removeProject } from '../projects/service';
import { publishProject } from '../publish/service';
import {
  CAPTION_CONTENT_TYPES,
  type CaptionFormat,
  captionKey,
  deleteMemberVideo,
  memberVideo,
  memberVideos,
  renderStatus,
} from '../renders/service';
import { createEndpoint, endpointDeliveries, listEndpoints, removeEndpoint } from '../webhooks/service';
import { answerOnce, IN_PROGRESS_RETRY_SECONDS, idempotencyKeyOf, isInProgress, requestHashOf } from './idempotency';
import { presentJob, presentProject, presentVideo } from './presenter';
import { problem, problemOf, sendProblem } from './problems';
import { referencePage } from './reference-page';
import { createVideoJob, presentVideoJob, videoJobOf } from './video-jobs';

const API_VERSION = '1.0.0';
const RATE_WINDOW_MS = 60_000;

/** `Authorization: Bearer <key>`, or null. */
function bearerKey(request: FastifyRequest): string | null {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '');
  return match?.[1] ?? null;
}

const missingKey = () =>
  unauthorized(
    'Send your API key as `Authorization: Bearer <key>`. Business members find it in the user menu under "Your API Key for Zapier / Wordpress..".',
  );
const wrongKey = () =>
  unauthorized('This API key is not valid: it is wrong or was revoked. Copy the current key from the API Key dialog.');

type Input<S> = S extends z.ZodType ? z.output<S> : undefined;
type Handler<E extends V1Endpoint> = (call: {
  member: Member;
  params: Input<E['params']>;
  body: Input<E['body']>;
  request: FastifyRequest;
  reply: FastifyReply;
}) => Promise<unknown>;

export const publicApiRoutes: FastifyPluginAsyncZod = async (app) => {
  const document = openApiDocument({ serverUrl: app.config.publicUrl, version: API_VERSION });
  const limiter = app.createRateLimit({
    max: app.config.publicApi.rateLimitPerMinute,
    timeWindow: RATE_WINDOW_MS,
    keyGenerator: (request) => `api-v1:${request.member?.id ?? request.ip}`,
  });
  const optimizer = optimizerDeps(app.db, app.config, (message) => app.log.warn(message));

  app.setErrorHandler((error: FastifyError, request, reply) => {
    const { body, retryAfter } = problemOf(error, request);
    if (retryAfter) reply.header('retry-after', String(retryAfter));
    return sendProblem(reply, body);
  });
  app.setNotFoundHandler((request, reply) =>
    sendProblem(
      reply,
      problem(
        request,
        404,
        'no_route',
        `No such endpoint: ${request.method} ${request.url.split('?')[0]}. See /api/v1/docs.`,
      ),
    ),
  );

  /** The key, then the key's rate: before the body is read, so a refused call costs nothing. */
  const authenticate = async (request: FastifyRequest, reply: FastifyReply) => {
    const key = bearerKey(request);
    if (!key) throw missingKey();
    const member = await app.apiKeys.findMember(app.db, { key, client: request.ip, reply });
    if (!member) throw wrongKey();
    request.member = member;
    const rate = await limiter(request);
    if (!rate.isAllowed && rate.isExceeded) {
      reply.header('retry-after', String(rate.ttlInSeconds));
      throw new AppError(
        429,
        'rate_limited',
        `This API key made more than ${rate.max} calls in a minute. Wait ${rate.ttlInSeconds} s and try again.`,
      );
    }
  };

  /** A route of the table: its schemas, the key check, and for creating calls the idempotency key. */
  function route<const E extends V1Endpoint>(endpoint: E, handler: Handler<E>) {
    const status = endpoint.status ?? 200;
    const schema: Record<string, unknown> = {};
    if (endpoint.params) schema.params = endpoint.params;
    if (endpoint.body) schema.body = endpoint.body;
    if (endpoint.response) schema.response = { [status]: endpoint.response };
    app.route({
      method: endpoint.method,
      url: endpoint.path.slice(app.prefix.length),
      schema,
      onRequest: authenticate,
      handler: async (request, reply) => {
        const member = request.member as Member;
        const call = {
          member,
          params: request.params as Input<E['params']>,
          body: request.body as Input<E['body']>,
          request,
          reply,
        };
        const key = endpoint.idempotent ? idempotencyKeyOf(request.headers['idempotency-key']) : null;
        if (!key) {
          const body = await handler(call);
          return reply.sent ? reply : reply.status(status).send(body);
        }
        const requestHash = await requestHashOf({ method: request.method, path: endpoint.path, body: request.body });
        try {
          const { answer, replayed } = await answerOnce(app.db, { userId: member.id, key, requestHash }, async () => ({
            status,
            body: await handler(call),
          }));
          if (replayed) reply.header('idempotent-replayed', 'true');
          return reply.status(answer.status).send(answer.body);
        } catch (error) {
          if (isInProgress(error)) reply.header('retry-after', String(IN_PROGRESS_RETRY_SECONDS));
          throw error;
        }
      },
    });
  }

  app.get('/openapi.json', async () => document);
  const page = referencePage(document);
  app.get('/docs', async (_request, reply) => reply.type('text/html; charset=utf-8').send(page));

  route(v1Endpoints.listProjects, async ({ member }) => ({
    projects: (await listProjects(app.db, { userId: member.id })).map(presentProject),
  }));
  route(v1Endpoints.getProject, async ({ member, params }) =>
    presentProject(await loadProject(app.db, { userId: member.id, query: { id: params.id } })),
  );
  route(v1Endpoints.deleteProject, async ({ member, params }) =>
    removeProject(app.db, app.files, { userId: member.id, id: params.id }),
  );
  route(v1Endpoints.optimizeProject, async ({ member, params, body }) => {
    const answer = await optimizeProject(optimizer, member, { pid: params.id, keyword: body.keyword });
    if (!answer.result) throw new AppError(422, 'no_results', answer.message ?? 'No results for this keyword.');
    return answer.result;
  });

  route(v1Endpoints.startRender, async ({ member, body }) => {
    // The API's renders send no e-mail: the caller polls, or a webhook tells it.
    const row = await publishProject(app.db, app.queue, app.config, member, {
      pid: body.project_id,
      quality: body.quality,
      action: 'download',
      email: null,
    });
    return presentJob(row);
  });
  route(v1Endpoints.getRender, async ({ member, params }) =>
    presentJob(await renderStatus(app.db, { userId: member.id, renderJobId: params.id })),
  );

  route(v1Endpoints.listVideos, async ({ member }) => ({
    videos: (await memberVideos(app.db, member.id)).map((row) => presentVideo(row, app.config.publicUrl)),
  }));
  route(v1Endpoints.getVideo, async ({ member, params }) =>
    presentVideo(await memberVideo(app.db, { userId: member.id, id: params.id }), app.config.publicUrl),
  );
  route(v1Endpoints.downloadVideo, async ({ member, params, request, reply }) => {
    const row = await memberVideo(app.db, { userId: member.id, id: params.id });
    if (!row.outputPath) throw notFound('No such video.');
    return app.files.send(request, reply, row.outputPath, {
      contentType: 'video/mp4',
      downloadName: `reelwright-video-${row.id}.mp4`,
    });
  });

  route(v1Endpoints.deleteVideo, async ({ member, params }) =>
    deleteMemberVideo(app.db, app.files, { userId: member.id, id: params.id }),
  );

  // A video in one call (D74): the job is queued at once; its render is an ordinary render job.
  route(v1Endpoints.createVideo, async ({ member, body }) => {
    const job = await createVideoJob(app.db, app.queue, app.config, member, body);
    return presentVideoJob(job, null, app.config.publicUrl);
  });
  route(v1Endpoints.getVideoJob, async ({ member, params }) => {
    const { job, render } = await videoJobOf(app.db, { userId: member.id, id: params.id });
    return presentVideoJob(job, render, app.config.publicUrl);
  });

  // Captions (D68): written beside the MP4 when the render finished, if it had narration words.
  const sendCaptions =
    (format: CaptionFormat) =>
    async ({ member, params, request, reply }: Parameters<Handler<typeof v1Endpoints.downloadSrt>>[0]) => {
      const row = await memberVideo(app.db, { userId: member.id, id: params.id });
      const key = captionKey(row.publicId, format);
      if (!(await app.files.exists(key))) {
        throw new AppError(
          404,
          'no_captions',
          'This video has no captions: it has no narration with timed words. Make it with narration to get them.',
        );
      }
      return app.files.send(request, reply, key, {
        contentType: CAPTION_CONTENT_TYPES[format],
        downloadName: `reelwright-video-${row.id}.${format}`,
      });
    };
  route(v1Endpoints.downloadSrt, sendCaptions('srt'));
  route(v1Endpoints.downloadVtt, sendCaptions('vtt'));

  // Webhooks (D73) through the webhooks domain: the key's plan is the plan webhooks come with.
  const webhooks = { db: app.db, config: app.config };
  route(v1Endpoints.listWebhooks, async ({ member }) => ({ endpoints: await listEndpoints(app.db, member.id) }));
  route(v1Endpoints.createWebhook, async ({ member, body }) => createEndpoint(webhooks, member.id, body));
  route(v1Endpoints.deleteWebhook, async ({ member, params }) => {
    await removeEndpoint(app.db, member.id, params.id);
    return { id: params.id };
  });
  route(v1Endpoints.listWebhookDeliveries, async ({ member, params }) => ({
    deliveries: await endpointDeliveries(app.db, member.id, params.id),
  }));
};
