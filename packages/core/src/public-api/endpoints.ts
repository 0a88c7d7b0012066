/**
 * The public API `/api/v1` as one table (issue 22): the server's routes and the OpenAPI document
 * (`openApiDocument`) are both built from it, so the document cannot drift from what is served.
 * Every endpoint takes the member's API key (`Authorization: Bearer rw_…`) and answers errors as
 * problem details (`ProblemSchema`).
 */
import { z } from 'zod';
import type { HttpMethod } from '../api/endpoint';
import { WebhookEndpointInputSchema } from '../webhooks/api';
import {
  IdParamsSchema,
  V1CreatedWebhookEndpointSchema,
  V1JobSchema,
  V1OptimizeInputSchema,
  V1OptimizeResultSchema,
  V1ProjectListSchema,
  V1ProjectSchema,
  V1RenderInputSchema,
  V1VideoJobSchema,
  V1VideoListSchema,
  V1VideoRequestSchema,
  V1VideoSchema,
  V1WebhookDeliveryListSchema,
  V1WebhookEndpointListSchema,
} from './schemas';

/** The media type of each file an endpoint may answer instead of JSON. */
export const V1_FILE_TYPES = {
  mp4: 'video/mp4',
  srt: 'application/x-subrip',
  vtt: 'text/vtt',
} as const;
export type V1FileType = keyof typeof V1_FILE_TYPES;

/** The groups of the reference, in its order. */
export const V1_TAGS = ['Videos', 'Projects', 'Renders', 'Optimizer', 'Webhooks'] as const;

export type V1Endpoint = {
  method: HttpMethod;
  /** The full path, `:name` for path parameters. */
  path: string;
  /** The reference's heading for it. */
  summary: string;
  description: string;
  /** The OpenAPI tag it is listed under. */
  tag: (typeof V1_TAGS)[number];
  params?: z.ZodType;
  body?: z.ZodType;
  /** The JSON answer; its status is `status` (200 unless said). */
  response?: z.ZodType;
  status?: 200 | 201 | 202;
  /** A file instead of JSON: the MP4 or a caption file. */
  answers?: V1FileType;
  /** A creating call: an `Idempotency-Key` header makes a retry answer the first answer again. */
  idempotent?: boolean;
  /** The error statuses it may answer besides those of every call (401, 429, 500). */
  errors: readonly number[];
};

const define = <const T extends Record<string, V1Endpoint>>(table: T): T => table;

/** Every `/api/v1` endpoint by its OpenAPI operation id. */
export const v1Endpoints = define({
  listProjects: {
    method: 'GET',
    path: '/api/v1/projects',
    summary: 'List projects',
    description: "The member's projects, newest updated first.",
    tag: 'Projects',
    response: V1ProjectListSchema,
    errors: [],
  },
  getProject: {
    method: 'GET',
    path: '/api/v1/projects/:id',
    summary: 'Get a project',
    description: "One of the member's projects; another member's id answers 404.",
    tag: 'Projects',
    params: IdParamsSchema,
    response: V1ProjectSchema,
    errors: [400, 404],
  },
  deleteProject: {
    method: 'DELETE',
    path: '/api/v1/projects/:id',
    summary: 'Delete a project',
    description: "Deletes one of the member's projects; its finished videos stay.",
    tag: 'Projects',
    params: IdParamsSchema,
    response: V1ProjectSchema.pick({ id: true }),
    errors: [400, 404],
  },
  optimizeProject: {
    method: 'POST',
    path: '/api/v1/projects/:id/optimize',
    summary: 'Optimize for search',
    description: "The video optimizer's title, description and tags for the project and a target keyword.",
    tag: 'Optimizer',
    params: IdParamsSchema,
    body: V1OptimizeInputSchema,
    response: V1OptimizeResultSchema,
    errors: [400, 404, 422],
  },
  startRender: {
    method: 'POST',
    path: '/api/v1/renders',
    summary: 'Render a project',
    description:
      "Queues a render of the project to MP4 under the plan's daily quota; the same content already queued or done is answered instead.",
    tag: 'Renders',
    body: V1RenderInputSchema,
    response: V1JobSchema,
    status: 202,
    idempotent: true,
    errors: [400, 404, 409, 422],
  },
  getRender: {
    method: 'GET',
    path: '/api/v1/renders/:id',
    summary: 'Get a render job',
    description: "A render job's status and progress (0–1); poll it until `done` or `failed`.",
    tag: 'Renders',
    params: IdParamsSchema,
    response: V1JobSchema,
    errors: [400, 404],
  },
  listVideos: {
    method: 'GET',
    path: '/api/v1/videos',
    summary: 'List videos',
    description: "The member's finished videos, newest first.",
    tag: 'Videos',
    response: V1VideoListSchema,
    errors: [],
  },
  getVideo: {
    method: 'GET',
    path: '/api/v1/videos/:id',
    summary: 'Get a video',
    description: "One finished video; another member's id answers 404.",
    tag: 'Videos',
    params: IdParamsSchema,
    response: V1VideoSchema,
    errors: [400, 404],
  },
  downloadVideo: {
    method: 'GET',
    path: '/api/v1/videos/:id/mp4',
    summary: 'Download the MP4',
    description: 'The finished video file (video/mp4), as an attachment.',
    tag: 'Videos',
    params: IdParamsSchema,
    answers: 'mp4',
    errors: [400, 404],
  },
  deleteVideo: {
    method: 'DELETE',
    path: '/api/v1/videos/:id',
    summary: 'Delete a video',
    description:
      "Deletes one finished video: its MP4, thumbnail, captions and public links. It still counts against the day's quota; its project stays.",
    tag: 'Videos',
    params: IdParamsSchema,
    response: V1VideoSchema.pick({ id: true }),
    errors: [400, 404],
  },

  // A video in one call, its captions, and webhooks (issue 22, part 5; D74).
  createVideo: {
    method: 'POST',
    path: '/api/v1/videos',
    summary: 'Make a video',
    description:
      "Makes a narrated video from pasted text, a web page's address, a keyword, a listicle or a quiz, as the wizard does: article, slides, pictures, narration, then the render under the plan's daily quota. Answers at once with a job to poll; the video is saved as a project of yours and lists with your videos when done.",
    tag: 'Videos',
    body: V1VideoRequestSchema,
    response: V1VideoJobSchema,
    status: 202,
    idempotent: true,
    errors: [400, 409, 422],
  },
  getVideoJob: {
    method: 'GET',
    path: '/api/v1/videos/jobs/:id',
    summary: 'Get a video job',
    description:
      "A video job's status, stage and progress (0–1); poll it until `done` (its links then name the video and its files) or `failed`.",
    tag: 'Videos',
    params: IdParamsSchema,
    response: V1VideoJobSchema,
    errors: [400, 404],
  },
  downloadSrt: {
    method: 'GET',
    path: '/api/v1/videos/:id/srt',
    summary: 'Download the SRT captions',
    description:
      "The video's narration as SubRip captions, for video sites; a video without narrated words has none (404).",
    tag: 'Videos',
    params: IdParamsSchema,
    answers: 'srt',
    errors: [400, 404],
  },
  downloadVtt: {
    method: 'GET',
    path: '/api/v1/videos/:id/vtt',
    summary: 'Download the WebVTT captions',
    description:
      "The video's narration as WebVTT captions, for web players; a video without narrated words has none (404).",
    tag: 'Videos',
    params: IdParamsSchema,
    answers: 'vtt',
    errors: [400, 404],
  },
  listWebhooks: {
    method: 'GET',
    path: '/api/v1/webhooks',
    summary: 'List webhook endpoints',
    description: 'Your webhook endpoints, oldest first, each with its newest delivery.',
    tag: 'Webhooks',
    response: V1WebhookEndpointListSchema,
    errors: [],
  },
  createWebhook: {
    method: 'POST',
    path: '/api/v1/webhooks',
    summary: 'Add a webhook endpoint',
    description:
      'Registers a URL to be told, by a signed POST, when a video is rendered or its render failed. The answer holds the signing secret: it is shown this once.',
    tag: 'Webhooks',
    body: WebhookEndpointInputSchema,
    response: V1CreatedWebhookEndpointSchema,
    status: 201,
    idempotent: true,
    errors: [400, 409],
  },
  deleteWebhook: {
    method: 'DELETE',
    path: '/api/v1/webhooks/:id',
    summary: 'Delete a webhook endpoint',
    description: 'Removes the endpoint and its deliveries; nothing more is sent to it.',
    tag: 'Webhooks',
    params: IdParamsSchema,
    response: z.object({ id: z.number().int() }),
    errors: [400, 404],
  },
  listWebhookDeliveries: {
    method: 'GET',
    path: '/api/v1/webhooks/:id/deliveries',
    summary: 'List deliveries',
    description:
      "The endpoint's recent deliveries, newest first, each with its attempts and the receiver's last status.",
    tag: 'Webhooks',
    params: IdParamsSchema,
    response: V1WebhookDeliveryListSchema,
    errors: [400, 404],
  },
});

export type V1EndpointName = keyof typeof v1Endpoints;

/** Statuses every `/api/v1` call may answer: a missing or wrong key, too many requests, our fault. */
export const V1_COMMON_ERRORS = [401, 429, 500] as const;
