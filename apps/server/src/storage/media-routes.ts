import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { fileNotFound } from './file-store';
import { FILE_NAME, MEDIA_FOLDERS, MEDIA_TYPES } from './media-keys';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * `GET /media/:folder/:file`: speech, recordings, uploads and drawn pictures from the file store. Names are
 * content hashes or random, so an answer never changes: it may be cached for good. The render
 * pipeline maps these URLs back to storage keys (`/media/<key>` → `<key>`).
 */
export const mediaRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/media/:folder/:file',
    {
      schema: { params: z.object({ folder: z.string().max(32), file: z.string().max(140) }) },
      // Only a served file may be kept for good; a 404 (or S3's short-lived redirect) may not.
      onSend: async (_request, reply) => {
        if ([200, 206, 304].includes(reply.statusCode)) reply.header('Cache-Control', IMMUTABLE);
      },
    },
    async (request, reply) => {
      const { folder, file } = request.params;
      const type = MEDIA_TYPES[FILE_NAME.exec(file)?.[1] ?? ''];
      if (!MEDIA_FOLDERS.has(folder) || !type) throw fileNotFound();
      return app.files.send(request, reply, `${folder}/${file}`, { contentType: type });
    },
  );
};
