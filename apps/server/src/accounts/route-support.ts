import { ApiErrorSchema } from '@reelwright/core';
import type { FastifyRequest } from 'fastify';
import { errorResponses } from '../error-responses';
import { requireMember } from './session-plugin';

/** Beyond the common error answers: plan and sign-up refusals, rate limits, mail and Google outages. */
export const accessErrorResponses = {
  ...errorResponses,
  403: ApiErrorSchema,
  429: ApiErrorSchema,
  502: ApiErrorSchema,
  503: ApiErrorSchema,
} as const;

/** Before validation, so a visitor gets a 401 rather than a verdict on their input. */
export const membersOnly = async (request: FastifyRequest) => {
  requireMember(request);
};
