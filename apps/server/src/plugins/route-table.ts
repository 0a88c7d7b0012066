import type { RouteOptions } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route the app registered after this plugin, as registered (method, url, schema, config). */
    routeTable: readonly RouteOptions[];
  }
}

/** Records the app's routes, so checks that must cover every route (the fuzz test) can list them. */
export const routeTablePlugin = fp(
  async (app) => {
    const routes: RouteOptions[] = [];
    app.decorate('routeTable', routes);
    app.addHook('onRoute', (route) => {
      routes.push(route);
    });
  },
  { name: 'route-table' },
);
