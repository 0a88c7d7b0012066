/**
 * The resources of the public API `/api/v1` (issue 22): what an automation service or a blog
 * plugin sends and gets back, authenticated by the member's API key (spec 000 §1).
 */
import { z } from 'zod';
import { MAKER_STAGES, MakeVideoRequestSchema } from '../maker/request';
import { CreatedWebhookEndpointSchema, WebhookDeliverySchema, WebhookEndpointSchema } from '../webhooks/api';

/** A row id in a path: digits only, as the members' own calls take them. */
export const IdParamsSchema = z.object({
  id: z.coerce.number().int().positive().max(2_147_483_647).describe('The id, as listed.'),
});

/** One of the member's projects. */
export const V1ProjectSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    title: z.string(),
    created_at: z.string().describe('ISO 8601'),
    updated_at: z.string().describe('ISO 8601'),
  })
  .meta({ id: 'Project' });

export const V1ProjectListSchema = z.object({ projects: z.array(V1ProjectSchema) });

/** A render job: queued, rendering, done or failed, with its progress. */
export const V1JobSchema = z
  .object({
    id: z.number().int(),
    project_id: z.number().int(),
    status: z.enum(['queued', 'rendering', 'done', 'failed']),
    progress: z.number().min(0).max(1).describe('0–1'),
    frames_done: z.number().int().describe('Frames done (drawn, or in segments reused from earlier renders).'),
    frames_total: z.number().int().describe("The video's frames; 0 until the render starts."),
    segments_reused: z.number().int().describe('Segments reused unchanged from earlier renders of the project.'),
    segments_total: z
      .number()
      .int()
      .describe("The video's segments (a slide, or a run of short slides); 0 until known."),
    error: z.string().nullable().describe('Why it failed, or why the last attempt failed while a retry waits.'),
    video_id: z.number().int().nullable().describe('The finished video (the same id), once done.'),
    created_at: z.string(),
    finished_at: z.string().nullable(),
  })
  .meta({ id: 'Job' });

/** A finished render: the MP4 of a project at one moment. */
export const V1VideoSchema = z
  .object({
    id: z.number().int(),
    project_id: z.number().int(),
    duration: z.number().nullable().describe('Seconds of video.'),
    bytes: z.number().int().nullable(),
    download_url: z.string().describe('GET it with the same key: the MP4 file.'),
    created_at: z.string(),
    finished_at: z.string().nullable(),
  })
  .meta({ id: 'Video' });

export const V1VideoListSchema = z.object({ videos: z.array(V1VideoSchema) });

/** `POST /api/v1/renders`: render one of the member's projects to MP4. */
export const V1RenderInputSchema = z.object({
  project_id: z.number().int().positive().max(2_147_483_647),
  quality: z.enum(['1080p', '720p']).default('1080p').describe('The short side of the video.'),
});

/** `POST /api/v1/projects/{id}/optimize`: the optimizer's title, description and tags for a keyword. */
export const V1OptimizeInputSchema = z.object({
  keyword: z.string().trim().min(3, { error: 'The target keyword needs at least 3 characters.' }).max(200),
});

export const V1OptimizeResultSchema = z
  .object({
    title: z.string(),
    description: z.string(),
    tags: z.array(z.string()),
  })
  .meta({ id: 'Optimization' });

/**
 * `POST /api/v1/videos`: a video made in one call from pasted text, a web page's address, a
 * keyword (the first article found), a listicle or a quiz, with the wizard's options.
 */
export const V1VideoRequestSchema = MakeVideoRequestSchema.meta({ id: 'VideoRequest' });

/** Where a video job's results are: each null until it exists. */
const V1VideoJobLinksSchema = z.object({
  self: z.string().describe('This job: poll it.'),
  project: z.string().nullable().describe('The project it made (GET it; it opens in the editor too).'),
  render: z.string().nullable().describe('The render job of the project.'),
  video: z.string().nullable().describe('The finished video, once done.'),
  mp4: z.string().nullable().describe('The MP4 file, once done.'),
  srt: z.string().nullable().describe('The SubRip captions, once done (404 when the video has no narration).'),
  vtt: z.string().nullable().describe('The WebVTT captions, once done (404 when the video has no narration).'),
});

/**
 * A video being made: `queued`, `working` through the maker's stages and the render, then
 * `done` (with the video) or `failed` (with why).
 */
export const V1VideoJobSchema = z
  .object({
    id: z.number().int(),
    status: z.enum(['queued', 'working', 'done', 'failed']),
    stage: z.enum(MAKER_STAGES).nullable().describe('The step being worked on; null while queued and once over.'),
    progress: z.number().min(0).max(1).describe('0–1 over all the steps, the render included.'),
    error: z.string().nullable().describe('Why it failed, or why the last attempt failed while a retry waits.'),
    project_id: z.number().int().nullable(),
    render_id: z.number().int().nullable().describe('The render job (GET /api/v1/renders/{id}).'),
    video_id: z.number().int().nullable().describe('The finished video, once done.'),
    links: V1VideoJobLinksSchema,
    created_at: z.string(),
    finished_at: z.string().nullable(),
  })
  .meta({ id: 'VideoJob' });

/** A webhook endpoint as the API lists it, with its newest delivery. */
export const V1WebhookEndpointSchema = WebhookEndpointSchema.meta({ id: 'WebhookEndpoint' });
export const V1WebhookEndpointListSchema = z.object({ endpoints: z.array(V1WebhookEndpointSchema) });
/** The answer to registering an endpoint: the only time its signing secret is shown. */
export const V1CreatedWebhookEndpointSchema = CreatedWebhookEndpointSchema.meta({ id: 'CreatedWebhookEndpoint' });
export const V1WebhookDeliveryListSchema = z.object({
  deliveries: z.array(WebhookDeliverySchema.meta({ id: 'WebhookDelivery' })),
});
