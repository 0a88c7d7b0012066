import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/**
 * Serves the built web app and the spec's entry paths (spec 000 §2): the app page is
 * `/app.html` with hash routes; `/`, `/wizard`, `/builder`, `/optimizer`, `/pricing`, `/test`
 * and `/preview` redirect to it, keeping the query string (the preview reads `pid`).
 */
export async function webRoutes(app: FastifyInstance) {
  const dist = app.config.webDist;
  const built = existsSync(path.join(dist, 'app.html'));
  if (built) {
    await app.register(fastifyStatic, { root: dist, index: ['index.html'], redirect: true, maxAge: '1h' });
  } else {
    app.log.warn({ dist }, 'web app is not built: run `npm run build` (npm start does it)');
  }

  const hashRoutes = ['wizard', 'builder', 'optimizer', 'pricing', 'test', 'preview'];
  app.get('/', async (request, reply) => reply.redirect(`/app.html${queryOf(request.url)}#/wizard`));
  for (const route of hashRoutes) {
    app.get(`/${route}`, async (request, reply) => reply.redirect(`/app.html${queryOf(request.url)}#/${route}`));
  }
  if (!built) {
    app.get('/app.html', async (_request, reply) =>
      reply.status(503).type('text/plain').send('The web app is not built yet. Run `npm run build`, then reload.'),
    );
  }
}

function queryOf(url: string): string {
  const at = url.indexOf('?');
  return at === -1 ? '' : url.slice(at);
}
