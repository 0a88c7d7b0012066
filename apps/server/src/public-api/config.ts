/** The public API's slice of the configuration (config-slice.ts). */
import { z } from 'zod';
import type { EnvOf } from '../config-slice';

export const publicApiEnv = {
  API_RATE_LIMIT: z.coerce
    .number()
    .int()
    .min(1)
    .default(120)
    .describe('calls a minute each API key may make to `/api/v1` (beyond it: 429 with Retry-After)'),
};

export function publicApiConfig(e: EnvOf<typeof publicApiEnv>) {
  return { publicApi: { rateLimitPerMinute: e.API_RATE_LIMIT } };
}
