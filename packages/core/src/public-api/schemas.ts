/**
 * The resources of the public API `/api/v1` (issue 22): what an automation service or a blog
 * plugin sends and gets back, authenticated by the member's API key (spec 000 §1).
 */
import { z } from 'zod';

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
