import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Project calls (spec 000 §7): being written with the projects domain. */
export const projectRoutes: FastifyPluginAsyncZod = async () => {};
