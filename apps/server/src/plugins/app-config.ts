import fp from 'fastify-plugin';
import type { Config } from '../config';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
  }
}

/** Exposes the configuration, read once at start (`loadConfig`), as `app.config`. */
export const configPlugin = fp<{ config: Config }>(
  async (app, { config }) => {
    app.decorate('config', config);
  },
  { name: 'config' },
);
