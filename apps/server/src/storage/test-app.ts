import Fastify from 'fastify';
import { errorsPlugin } from '../plugins/errors';
import type { FileStore } from './file-store';

/** A tiny app serving `GET /files/<key>[?download=name]` from a store, with the app's error shape. */
export async function fileApp(store: FileStore) {
  const app = Fastify();
  await app.register(errorsPlugin);
  app.get('/files/*', async (request, reply) => {
    const { '*': key } = request.params as { '*': string };
    const { download } = request.query as { download?: string };
    return store.send(request, reply, key, { contentType: 'video/mp4', downloadName: download });
  });
  await app.ready();
  return app;
}
