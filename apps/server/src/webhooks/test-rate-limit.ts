import type { RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../errors';

/** Test events a member may queue a minute: enough to try an endpoint, too few to crowd the delivery worker. */
export const TEST_EVENTS_PER_MINUTE = 10;

/**
 * The rate limit of `POST /api/members/webhooks/:id/test` (issue 31): per member, over all their
 * endpoints; the answer is a 429 with `Retry-After`. Checked after the session is read.
 */
export const testEventRateLimit: RateLimitOptions = {
  max: TEST_EVENTS_PER_MINUTE,
  timeWindow: '1 minute',
  hook: 'preHandler',
  keyGenerator: (request: FastifyRequest) => `webhook-test:${request.member?.id ?? request.ip}`,
  errorResponseBuilder: (_request, context) =>
    new AppError(
      429,
      'rate_limited',
      `You can send ${TEST_EVENTS_PER_MINUTE} test events a minute: try again in ${Math.ceil(context.ttl / 1000)} s.`,
    ),
};
