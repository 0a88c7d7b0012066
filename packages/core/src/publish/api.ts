import { z } from 'zod';
import { EmailSchema, PlanSchema } from '../account/schemas';
import { rowIdSchema } from '../ids';
import { ProjectIdSchema } from '../project/api';
import { DEFAULT_EXPORT_QUALITY } from './export-size';

/** The publish dialog's choice (spec 000 §3 Publish step); '' is none chosen. */
export const PublishActionSchema = z.enum(['download', 'youtube', 'embed', 'optimize', '']);
export type PublishAction = z.infer<typeof PublishActionSchema>;

/**
 * The member's offset from UTC as the browser's `Date#getTimezoneOffset` gives it: minutes
 * behind UTC (UTC+2 is -120). Words the quota's renewal on the member's clock; the quota's day
 * itself is UTC's, which no request can move.
 */
export const TzOffsetSchema = z.coerce.number().int().min(-840).max(840);

/** `GET /api/members/quota`. */
export const QuotaQuerySchema = z.object({ tz_offset: TzOffsetSchema.optional() });

/** The member's render allowance today; `error` (HTML) is set when no render is left (spec 000 §3). */
export const QuotaResponseSchema = z.object({
  plan: PlanSchema,
  /** Renders a day on this plan. */
  limit: z.number().int(),
  /** Renders queued today (failed ones do not count). */
  used: z.number().int(),
  remaining: z.number().int(),
  watermarkForced: z.boolean(),
  /** Longest video in seconds; null for no limit. */
  maxSeconds: z.number().nullable(),
  /** When the day's renders are counted afresh: the next midnight UTC (ISO 8601). */
  resetsAt: z.string(),
  error: z.string().optional(),
});
export type QuotaResponse = z.infer<typeof QuotaResponseSchema>;

/** `POST /api/members/queue-video`. */
export const QueueVideoInputSchema = z.object({
  pid: ProjectIdSchema,
  email: EmailSchema,
  action: PublishActionSchema.default('download'),
  /** The export's short side (1080p by default; the spec limits length, not resolution). */
  quality: z.enum(['1080p', '720p']).default(DEFAULT_EXPORT_QUALITY),
  tz_offset: TzOffsetSchema.optional(),
});
export type QueueVideoInput = z.input<typeof QueueVideoInputSchema>;

/** A render as the publish dialog follows it. */
export const RenderStatusSchema = z.object({
  /** The render's id (the spec's qid). */
  qid: z.number().int(),
  status: z.enum(['queued', 'rendering', 'done', 'failed']),
  /** 0–1. */
  progress: z.number(),
  /** Frames done (drawn, or in reused segments) of the video's; 0 of 0 until the render starts. */
  framesDone: z.number().int(),
  framesTotal: z.number().int(),
  /** Segments taken unchanged from earlier renders, of the video's segments (D75); 0 of 0 without. */
  segmentsReused: z.number().int(),
  segmentsTotal: z.number().int(),
  /** Why it failed (or why the last attempt failed while a retry waits). */
  error: z.string().nullable(),
  /** The MP4's address once done. */
  url: z.string().nullable(),
  email: z.string().nullable(),
  /** Seconds of video, once done. */
  duration: z.number().nullable(),
});
export type RenderStatus = z.infer<typeof RenderStatusSchema>;

/** A render's id (the spec's qid). */
const RenderIdSchema = rowIdSchema('Render id');

/** `POST /api/members/queue-video/update`: where the download link goes, while the render is not done. */
export const QueueVideoUpdateInputSchema = z.object({
  qid: RenderIdSchema,
  newEmail: EmailSchema,
});

/** `GET /api/members/queue-video/status?qid=`: the render's progress (beyond the spec: the dialog's progress bar). */
export const RenderStatusQuerySchema = z.object({ qid: RenderIdSchema });

/** Calls that name a project by `pid`. */
export const PidQuerySchema = z.object({ pid: ProjectIdSchema });
