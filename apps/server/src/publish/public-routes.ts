import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../errors';
import { CAPTION_CONTENT_TYPES, captionKey } from '../renders/service';
import { type EmbedState, embedPage } from './embed-page';
import { videoFileName } from './presenter';
import { embeddedRender, renderByPublicId } from './service';

/** A render's public file: its public id and `.mp4`, `.jpg` (the thumbnail) or `.vtt` (its captions, D68). */
const VideoFileParamsSchema = z.object({
  file: z.string().regex(/^[A-Za-z0-9_-]{32}\.(mp4|jpg|vtt)$/, { error: 'No such video.' }),
});

const PUBLIC_TYPES = { mp4: 'video/mp4', jpg: 'image/jpeg', vtt: CAPTION_CONTENT_TYPES.vtt } as const;

/** Where the embed page's credit link points, and what it says. */
const CREDIT_TEXT = 'Made with Reelwright';

/**
 * Public pages and files, reachable without a session by whoever has the unguessable name:
 * `/videos/{publicId}.mp4|.jpg|.vtt` (`?download=1` makes the MP4 an attachment; the e-mailed
 * link) and the embed page `/embed.html?hash=`, whose player shows the `.vtt` when there is one.
 */
export const publicVideoRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/videos/:file',
    {
      // Anyone with the link may play the file, also from a page of another site.
      helmet: { crossOriginResourcePolicy: { policy: 'cross-origin' } },
      schema: {
        params: VideoFileParamsSchema,
        querystring: z.object({ download: z.enum(['1', 'true']).optional() }),
      },
    },
    async (request, reply) => {
      const [publicId, extension] = request.params.file.split('.') as [string, keyof typeof PUBLIC_TYPES];
      const found = await renderByPublicId(app.db, publicId);
      const keys = {
        mp4: found?.render.outputPath,
        jpg: found?.render.thumbnailPath,
        vtt: found?.render.outputPath ? captionKey(publicId, 'vtt') : null,
      };
      const key = keys[extension];
      if (!found || !key) throw notFound('No such video.');
      if (extension === 'vtt' && !(await app.files.exists(key))) throw notFound('This video has no captions.');
      // A public id names one render for ever: its files never change.
      reply.header('Cache-Control', 'public, max-age=31536000, immutable');
      return app.files.send(request, reply, key, {
        contentType: PUBLIC_TYPES[extension],
        downloadName: request.query.download && extension === 'mp4' ? videoFileName(found.title) : undefined,
      });
    },
  );

  app.get(
    '/embed.html',
    {
      // Other sites frame this page: it alone may be embedded anywhere (DESIGN §9).
      helmet: {
        frameguard: false,
        crossOriginResourcePolicy: { policy: 'cross-origin' },
        contentSecurityPolicy: {
          useDefaults: false,
          directives: {
            defaultSrc: ["'none'"],
            styleSrc: ["'unsafe-inline'"],
            mediaSrc: ["'self'"],
            imgSrc: ["'self'"],
            baseUri: ["'none'"],
            formAction: ["'none'"],
            frameAncestors: ['*'],
          },
        },
      },
      schema: { querystring: z.object({ hash: z.string().max(64).optional() }) },
    },
    async (request, reply) => {
      const hash = request.query.hash ?? '';
      const found = /^[A-Za-z0-9_-]{16,64}$/.test(hash)
        ? await embeddedRender(app.db, hash)
        : { found: false as const };
      let state: EmbedState = { kind: 'missing' };
      if (found.found && found.render) {
        const id = found.render.publicId;
        const captioned = await app.files.exists(captionKey(id, 'vtt'));
        state = {
          kind: 'video',
          videoUrl: `/videos/${id}.mp4`,
          posterUrl: found.render.thumbnailPath ? `/videos/${id}.jpg` : null,
          captionsUrl: captioned ? `/videos/${id}.vtt` : null,
          captionsShown: !found.render.burnedCaptions,
        };
      } else if (found.found && found.rendering) {
        state = { kind: 'rendering' };
      }
      return reply
        .status(state.kind === 'missing' ? 404 : 200)
        .header('Cache-Control', 'no-cache')
        .type('text/html; charset=utf-8')
        .send(embedPage(state, { url: app.config.publicUrl, text: CREDIT_TEXT }));
    },
  );
};
