import type { RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyRequest } from 'fastify';
import { PREVIEWS_PER_MINUTE } from './service';

/**
 * The rate limit of pronunciation previews on `POST /tts` (narration is bounded by the free
 * allowance instead, so it passes): per member, checked after the body is parsed, since only the
 * body says whether a call is a preview.
 */
export const previewRateLimit: RateLimitOptions = {
  max: PREVIEWS_PER_MINUTE,
  timeWindow: '1 minute',
  hook: 'preHandler',
  keyGenerator: (request: FastifyRequest) => `tts-preview:${request.member?.id ?? request.ip}`,
  allowList: (request: FastifyRequest) => !isPreview(request.body),
};

const isPreview = (body: unknown) =>
  typeof body === 'object' && body !== null && (body as { preview?: unknown }).preview === true;
