/** Webhook deliveries' slice of the configuration (config-slice.ts). */
import { z } from 'zod';
import type { EnvOf } from '../config-slice';

export const webhooksEnv = {
  WEBHOOK_ATTEMPTS: z.coerce
    .number()
    .int()
    .min(1)
    .max(20)
    .default(6)
    .describe('how many times a webhook delivery is tried before it is given up'),
  WEBHOOK_RETRY_SECONDS: z.coerce
    .number()
    .int()
    .min(0)
    .default(60)
    .describe(
      'the wait before the first retry of a failed webhook delivery; each next wait is four times longer (1, 4, 16, 64, 256 minutes by default)',
    ),
};

export function webhooksConfig(e: EnvOf<typeof webhooksEnv>) {
  return { attempts: e.WEBHOOK_ATTEMPTS, retrySeconds: e.WEBHOOK_RETRY_SECONDS };
}
