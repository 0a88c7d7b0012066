import { z } from 'zod';
import { PROXY_DEFAULT_WIDTH, PROXY_MAX_WIDTH } from './image-proxy';

const MediaKindSchema = z.enum(['image', 'video', 'audio']);

/** What an upload, an import and a library record answer. */
export const UploadedMediaSchema = z.object({
  url: z.string(),
  thumbnail: z.string().nullable(),
  name: z.string(),
  width: z.number().int().nonnegative(),
  height: z.number().int().nonnegative(),
  duration: z.number().nonnegative().nullable(),
  type: MediaKindSchema,
});

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
  type: MediaKindSchema.default('image'),
  thumbnail: z.string().max(2000).optional(),
  width: z.number().int().nonnegative().max(100_000).optional(),
  height: z.number().int().nonnegative().max(100_000).optional(),
  duration: z.number().nonnegative().max(86_400).optional(),
});

/** `GET /api/queries/image?url=&w=`: the URL is checked by the guarded client (a bad one answers the placeholder). */
export const ImageProxyQuerySchema = z.object({
  url: z.string().min(1).max(4000),
  w: z.coerce.number().int().min(16).max(PROXY_MAX_WIDTH).default(PROXY_DEFAULT_WIDTH),
});
