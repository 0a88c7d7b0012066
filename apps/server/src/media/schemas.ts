import {
  MEDIA_SEARCH_DEFAULT_NUM,
  MEDIA_SEARCH_MAX_NUM,
  MediaSearchResultSchema,
  MediaTypeSchema,
} from '@reelwright/core';
import { z } from 'zod';
import { HEX_COLOR } from '../providers/media/render-cache';

const num = z.coerce.number().int().min(1).max(MEDIA_SEARCH_MAX_NUM).default(MEDIA_SEARCH_DEFAULT_NUM);
/** Engine names are checked by the service, so an unknown one and a not configured one get their own messages. */
const source = z.string().trim().min(1).max(32);
const keyword = z.string().max(200).default('');
const drawing = {
  /** Icons and shapes: the colour to draw in, `#rgb` or `#rrggbb`. */
  color: z.string().regex(HEX_COLOR, 'Give the colour as #rgb or #rrggbb.').optional(),
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
export const QueriesSearchQuerySchema = z.object({ q: keyword, num, ...drawing });

export const MediaSearchResponseSchema = z.array(MediaSearchResultSchema);
