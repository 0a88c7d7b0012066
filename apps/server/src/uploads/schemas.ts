import { z } from 'zod';
import { PROXY_DEFAULT_WIDTH, PROXY_MAX_WIDTH } from './image-proxy';

/** `GET /api/queries/image?url=&w=`: the URL is checked by the guarded client (a bad one answers the placeholder). */
export const ImageProxyQuerySchema = z.object({
  url: z.string().min(1).max(4000),
  w: z.coerce.number().int().min(16).max(PROXY_MAX_WIDTH).default(PROXY_DEFAULT_WIDTH),
});
