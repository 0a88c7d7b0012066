import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Access actions (spec 000 §7): being written with the accounts domain. */
export const accountRoutes: FastifyPluginAsyncZod = async () => {};
