import type { FastifyRequest } from 'fastify';
import { requireMember } from './session-plugin';

/** Before validation, so a visitor gets a 401 rather than a verdict on their input. */
export const membersOnly = async (request: FastifyRequest) => {
  requireMember(request);
};
