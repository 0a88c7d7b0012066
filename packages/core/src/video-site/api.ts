/**
 * Publishing to a video site (issue 21 part 4; spec 000 §3 Publish dialog): the member connects a
 * YouTube channel, then uploads a project's finished render with a title, description, tags and
 * privacy. The limits are YouTube's own.
 */
import { z } from 'zod';
import { rowIdSchema } from '../ids';
import { TITLE_MAX_CHARS } from '../optimizer/optimize';
import { TAGS_MAX_CHARS } from '../optimizer/tags';
import { ProjectIdSchema } from '../project/api';

/** YouTube's longest description, in characters. */
export const DESCRIPTION_MAX_CHARS = 5000;
export const VIDEO_PRIVACY = ['public', 'unlisted', 'private'] as const;
export type VideoPrivacy = (typeof VIDEO_PRIVACY)[number];

/** YouTube refuses titles and descriptions with angle brackets. */
const noAngleBrackets = (what: string) =>
  [(text: string) => !/[<>]/.test(text), `${what} cannot contain < or >.`] as const;

/** `GET /api/members/video-site?pid=`: the connection, the project's render and suggested texts. */
export const VideoSiteQuerySchema = z.object({ pid: ProjectIdSchema.optional() });

export const VideoSiteStatusSchema = z.object({
  /** Whether this server is set up to publish to YouTube (an OAuth client is configured). */
  available: z.boolean(),
  connected: z.boolean(),
  channel: z.object({ id: z.string(), title: z.string() }).nullable(),
  /** The project's newest finished render, which is what gets uploaded; null when there is none. */
  render: z.object({ qid: z.number().int(), duration: z.number().nullable(), bytes: z.number().nullable() }).nullable(),
  /** The optimizer's title, description and tags for the project (its keyword, else its title). */
  suggested: z.object({ title: z.string(), description: z.string(), tags: z.string() }).nullable(),
});
export type VideoSiteStatus = z.infer<typeof VideoSiteStatusSchema>;

/** `POST /api/members/video-site/connect`: where to come back to once the channel is connected. */
export const VideoSiteConnectInputSchema = z.object({
  /** A path of this app (`/app.html?pid=3#/builder`); the outcome is added as `video_site=`. */
  returnTo: z
    .string()
    .max(2000)
    .regex(/^\/(?!\/)[^\\\s]*$/, 'returnTo must be a path of this site.')
    .default('/app.html'),
});
export const VideoSiteConnectSchema = z.object({ url: z.url() });

/** `GET /api/members/video-site/callback`: what Google's authorization server sends back. */
export const VideoSiteCallbackQuerySchema = z.object({
  state: z.string().max(4000).default(''),
  code: z.string().max(2000).optional(),
  error: z.string().max(200).optional(),
  scope: z.string().max(2000).optional(),
});

/** How a connect attempt ended, as the app reads it from `?video_site=`. */
export const VIDEO_SITE_OUTCOMES = ['connected', 'denied', 'failed'] as const;
export type VideoSiteOutcome = (typeof VIDEO_SITE_OUTCOMES)[number];

export const VideoSiteDisconnectedSchema = z.object({ connected: z.literal(false) });

/** `POST /api/members/video-site/uploads`. */
export const VideoUploadInputSchema = z.object({
  pid: ProjectIdSchema,
  title: z
    .string()
    .trim()
    .min(1, 'Give the video a title.')
    .max(TITLE_MAX_CHARS, `The title can be at most ${TITLE_MAX_CHARS} characters.`)

    .refine(...noAngleBrackets('The title')),
  description: z
    .string()
    .max(DESCRIPTION_MAX_CHARS, `The description can be at most ${DESCRIPTION_MAX_CHARS} characters.`)

    .refine(...noAngleBrackets('The description'))
    .default(''),
  /** Comma-separated, as the optimizer gives them. */
  tags: z
    .string()
    .max(TAGS_MAX_CHARS, `The tags can be at most ${TAGS_MAX_CHARS} characters together.`)

    .refine(...noAngleBrackets('Tags'))
    .default(''),
  privacy: z.enum(VIDEO_PRIVACY, { error: 'Privacy must be public, unlisted or private.' }),
});
export type VideoUploadInput = z.input<typeof VideoUploadInputSchema>;

export const VideoUploadQuerySchema = z.object({ id: rowIdSchema('Upload id') });

/** An upload as the dialog follows it. */
export const VideoUploadSchema = z.object({
  id: z.number().int(),
  status: z.enum(['queued', 'uploading', 'done', 'failed']),
  bytesSent: z.number(),
  bytesTotal: z.number(),
  /** Set when done. */
  videoUrl: z.string().nullable(),
  /** Why it failed: `quota`, `revoked`, `not_connected`, `rejected` or `failed`. */
  errorCode: z.string().nullable(),
  error: z.string().nullable(),
});
export type VideoUpload = z.infer<typeof VideoUploadSchema>;
