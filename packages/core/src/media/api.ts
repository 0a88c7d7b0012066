import { z } from 'zod';
import {
  MEDIA_SEARCH_DEFAULT_NUM,
  MEDIA_SEARCH_MAX_NUM,
  MediaEngineSchema,
  MediaSearchResultSchema,
  MediaTypeSchema,
} from './engines';

/** A colour to draw icons and shapes in: `#rgb` or `#rrggbb`. */
export const HEX_COLOR_PATTERN = /^#(?:[0-9a-fA-F]{3}){1,2}$/;

const num = z.coerce.number().int().min(1).max(MEDIA_SEARCH_MAX_NUM).default(MEDIA_SEARCH_DEFAULT_NUM);
/** Engine names are checked by the service, so an unknown one and a not configured one get their own messages. */
const source = z.string().trim().min(1).max(32);
const keyword = z.string().max(200).default('');
const drawing = {
  /** Icons and shapes: the colour to draw in, `#rgb` or `#rrggbb`. */
  color: z.string().regex(HEX_COLOR_PATTERN, 'Give the color as #rgb or #rrggbb.').optional(),
  /** Icons: PNG (default) or SVG. */
  format: z.enum(['png', 'svg']).optional(),
};

/** `GET /api/members/media-search` (spec 001 §7). */
export const MediaSearchQuerySchema = z.object({
  keyword,
  type: MediaTypeSchema.default('image'),
  source,
  num,
  ...drawing,
});

/** `GET /api/queries/search/{type}/{source}` (spec 001 §7, 002 §5). */
export const QueriesSearchParamsSchema = z.object({ type: MediaTypeSchema, source });
/** The query of `GET /api/queries/search/{type}/{source}`. */
export const QueriesSearchQuerySchema = z.object({ q: keyword, num, ...drawing });

/** What both media searches answer. */
export const MediaSearchResponseSchema = z.array(MediaSearchResultSchema);

/** URLs a project already uses, at most, sent with an auto-fetch (so the same picture is not taken twice). */
export const AUTO_FETCH_USED_MAX = 1000;

/** `POST /api/members/media-auto-fetch`: one slide line without media (spec 001 §4). */
export const AutoFetchBodySchema = z.object({
  text: z
    .string({ error: 'Give the slide line to find media for.' })
    .max(1000, 'The line can be at most 1000 characters.')
    .refine((text) => text.replace(/\*/g, '').trim() !== '', 'please add some text first to add images'),
  firstLineOfFirstSlide: z.boolean().optional(),
  used: z
    .array(z.string().max(4096))
    .max(AUTO_FETCH_USED_MAX, `Send at most ${AUTO_FETCH_USED_MAX} used URLs.`)
    .default([]),
});

/** What an auto-fetch found: a search result with its engine and kind. */
export const AutoFetchResponseSchema = MediaSearchResultSchema.extend({
  engine: MediaEngineSchema,
  type: z.enum(['image', 'video']),
});
export type AutoFetchResponse = z.infer<typeof AutoFetchResponseSchema>;

/** `GET /api/members/media-engines`: the engines this server offers and what each answers. */
export const MediaEnginesResponseSchema = z.object({
  engines: z.array(z.object({ engine: MediaEngineSchema, types: z.array(MediaTypeSchema) })),
});

/** What an upload, an import and a library record answer. */
export const UploadedMediaSchema = z.object({
  url: z.string(),
  thumbnail: z.string().nullable(),
  name: z.string(),
  width: z.number().int().nonnegative(),
  height: z.number().int().nonnegative(),
  duration: z.number().nonnegative().nullable(),
  type: MediaTypeSchema,
});
export type UploadedMedia = z.infer<typeof UploadedMediaSchema>;

const httpUrl = z
  .string()
  .trim()
  .max(2000)
  .refine((value) => /^https?:\/\//i.test(value) && URL.canParse(value), 'Give an http(s) address.');

/** `POST /api/members/uploads/url`. */
export const ImportUrlBodySchema = z.object({ url: httpUrl, name: z.string().max(200).optional() });

/** `POST /api/members/library`: media the member used (a vendor URL or one of our `/media/…` files). */
export const UsedMediaBodySchema = z.object({
  url: z.union([
    httpUrl,
    z.string().regex(/^\/media\/[a-z]+\/[A-Za-z0-9._-]+$/, 'Give an http(s) or /media/ address.'),
  ]),
  name: z.string().trim().min(1).max(200),
  keywords: z.array(z.string().max(100)).max(50).default([]),
  type: MediaTypeSchema.default('image'),
  thumbnail: z.string().max(2000).optional(),
  width: z.number().int().nonnegative().max(100_000).optional(),
  height: z.number().int().nonnegative().max(100_000).optional(),
  duration: z.number().nonnegative().max(86_400).optional(),
});

/** `POST /api/members/remove-bg`: a picture by http(s) address or one of ours (`/media/…`). */
export const RemoveBgBodySchema = z.object({
  url: z.union([
    z
      .string()
      .trim()
      .max(2000)
      .refine((value) => /^https?:\/\//i.test(value) && URL.canParse(value), 'Give an http(s) or /media/ address.'),
    z.string().regex(/^\/media\/[a-z]+\/[A-Za-z0-9._-]+$/, 'Give an http(s) or /media/ address.'),
  ]),
});

/** The image proxy's widths: what a picture is scaled to unless asked, and the most it gives. */
export const PROXY_DEFAULT_WIDTH = 1280;
export const PROXY_MAX_WIDTH = 2560;

/** `GET /api/queries/image?url=&w=`: the URL is checked by the guarded client (a bad one answers the placeholder). */
export const ImageProxyQuerySchema = z.object({
  url: z.string().min(1).max(4000),
  w: z.coerce.number().int().min(16).max(PROXY_MAX_WIDTH).default(PROXY_DEFAULT_WIDTH),
});
