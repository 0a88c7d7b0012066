import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { FONT_CATALOGUE } from '@reelwright/scene';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../errors';

const require = createRequire(import.meta.url);
const knownIds = new Set(FONT_CATALOGUE.map((entry) => entry.id));

/** The folder holding a catalogued family's font files (its @fontsource package). */
export function fontFilesDir(id: string): string {
  return path.join(path.dirname(require.resolve(`@fontsource/${id}/metadata.json`)), 'files');
}

/**
 * `GET /fonts/{id}/{file}`: the woff2 files of the catalogued families, for the browser's
 * FontFace loading (the Node renderer reads the same files). Immutable: a file's name carries
 * its family, subset, weight and style, and packages are versioned with the app.
 */
export const fontRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/fonts/:id/:file',
    {
      schema: {
        params: z.object({
          id: z.string().regex(/^[a-z0-9-]+$/),
          file: z.string().regex(/^[a-z0-9-]+\.woff2$/, { error: 'Only .woff2 font files are served.' }),
        }),
      },
    },
    async (request, reply) => {
      const { id, file } = request.params;
      if (!knownIds.has(id) || !file.startsWith(`${id}-`)) throw notFound(`No font file ${id}/${file}.`);
      const filePath = path.join(fontFilesDir(id), file);
      const info = await stat(filePath).catch(() => null);
      if (!info?.isFile()) throw notFound(`No font file ${id}/${file}.`);
      return reply
        .type('font/woff2')
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('content-length', info.size)
        .send(createReadStream(filePath));
    },
  );
};
