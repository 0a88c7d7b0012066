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
  WEBHOOK_TIMEOUT_SECONDS: z.coerce
    .number()
    .positive()
    .max(60)
    .default(10)
    .describe('how long a webhook endpoint has to answer an attempt'),
  WEBHOOK_FAILING_TIMEOUT_SECONDS: z.coerce
    .number()
    .positive()
    .max(60)
    .default(2)
    .describe('the shorter time given to an endpoint whose last three attempts or more failed'),
  WEBHOOK_DISABLE_AFTER_FAILURES: z.coerce
    .number()
    .int()
    .min(1)
    .default(15)
    .describe('failed attempts in a row after which a webhook endpoint is disabled (with WEBHOOK_DISABLE_AFTER_HOURS)'),
  WEBHOOK_DISABLE_AFTER_HOURS: z.coerce
    .number()
    .min(0)
    .default(24)
    .describe('how long an endpoint must have been failing, as well, before it is disabled and its owner told'),
};

export function webhooksConfig(e: EnvOf<typeof webhooksEnv>) {
  return {
    attempts: e.WEBHOOK_ATTEMPTS,
    retrySeconds: e.WEBHOOK_RETRY_SECONDS,
    timeoutMs: e.WEBHOOK_TIMEOUT_SECONDS * 1000,
    failingTimeoutMs: e.WEBHOOK_FAILING_TIMEOUT_SECONDS * 1000,
    disableAfterFailures: e.WEBHOOK_DISABLE_AFTER_FAILURES,
    disableAfterMs: e.WEBHOOK_DISABLE_AFTER_HOURS * 3_600_000,
  };
}

export type WebhooksConfig = ReturnType<typeof webhooksConfig>;
