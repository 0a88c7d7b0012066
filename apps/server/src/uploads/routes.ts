import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import multipart from '@fastify/multipart';
import { endpoints } from '@reelwright/core';
import type { FastifyError } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireMember } from '../accounts/service';
import { AppError, tooLarge } from '../errors';
import { firstFilePart, saveFilePart } from '../plugins/multipart';
import { routeOf } from '../route-of';
import { ImageProxyError, placeholderImage, proxiedImage, proxyContentType } from './image-proxy';
import { formatBytes } from './inspect';
import { createPageScreenshotter } from './screenshot';
import { importMedia, recordUsedMedia, type UploadDeps } from './service';
import { fetchMediaUrl, type PageScreenshotter } from './url-import';
import { uploadWorkspace } from './workspace';

export type UploadRoutesOptions = {
  /**
   * Takes screenshots of web pages for media by URL. By default headless Chromium when the
   * server has it (config `CHROMIUM_PATH`); `false`, or no Chromium, makes a page URL a 422.
   */
  screenshotter?: PageScreenshotter | false;
};

/**
 * Uploads, media by URL, the member's library and the image proxy (issue 6), registered without
 * a prefix: `POST /api/members/uploads` (multipart, field `file`), `POST /api/members/uploads/url`,
 * `POST /api/members/library` and `GET /api/queries/image?url=&w=` (public, rate limited).
 */
export const uploadRoutes: FastifyPluginAsyncZod<UploadRoutesOptions> = async (app, options) => {
  const limits = app.config.uploads.maxBytes;
  const largest = Math.max(limits.image, limits.video, limits.audio);
  const deps: UploadDeps = { db: app.db, files: app.files, limits };
  const screenshotter = options.screenshotter === false ? undefined : (options.screenshotter ?? chromiumScreenshots());

  await app.register(multipart, { limits: { fileSize: largest, files: 1, fields: 10, parts: 12 } });
  app.setErrorHandler((error: FastifyError, request) => {
    if (error.code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge(`The file is larger than ${formatBytes(largest)}.`);
    if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' && request.routeOptions.url === endpoints.upload.path)
      throw noFile();
    throw error;
  });

  app.route({
    ...routeOf(app, endpoints.upload),
    // Before the body is read: a visitor's upload is refused unread.
    onRequest: async (request) => {
      requireMember(request);
    },
    handler: async (request) => {
      const member = requireMember(request);
      if (!request.isMultipart()) throw noFile();
      const part = await firstFilePart(request, 'file');
      if (!part) throw noFile();
      const work = await uploadWorkspace();
      try {
        const file = path.join(work.dir, 'upload');
        await saveFilePart(part, file, 'file');
        if (part.file.truncated) throw tooLarge(`The file is larger than ${formatBytes(largest)}.`);
        return await importMedia(deps, { userId: member.id, file, name: part.filename, source: 'upload' });
      } finally {
        await work.done();
      }
    },
  });

  app.route({
    ...routeOf(app, endpoints.importUrl),
    handler: async (request) => {
      const member = requireMember(request);
      const fetched = await fetchMediaUrl(
        { fetchPolicy: app.config.fetch, maxBytes: largest, screenshotter },
        request.body.url,
      );
      const work = await uploadWorkspace();
      try {
        const file = path.join(work.dir, 'import');
        await writeFile(file, fetched.body);
        const name = request.body.name ?? fetched.name;
        return await importMedia(deps, { userId: member.id, file, name, source: 'url' });
      } finally {
        await work.done();
      }
    },
  });

  app.route({
    ...routeOf(app, endpoints.recordUsedMedia),
    handler: async (request) => recordUsedMedia(app.db, requireMember(request).id, request.body),
  });

  app.route({
    ...routeOf(app, endpoints.imageProxy),
    config: { rateLimit: { max: app.config.uploads.proxyRateLimit, timeWindow: '1 minute' } },
    handler: async (request, reply) => {
      const format = /image\/webp/.test(request.headers.accept ?? '') ? 'webp' : 'jpeg';
      reply.header('Vary', 'Accept');
      try {
        const key = await proxiedImage(
          { files: app.files, fetchPolicy: app.config.fetch, maxBytes: app.config.uploads.proxyMaxBytes },
          { url: request.query.url, width: request.query.w, format },
        );
        reply.header('Cache-Control', 'public, max-age=86400');
        return app.files.send(request, reply, key, { contentType: proxyContentType(format) });
      } catch (error) {
        const reason = error instanceof ImageProxyError ? error.reason : 'failed';
        if (!(error instanceof ImageProxyError)) request.log.warn({ err: error }, 'image proxy failed');
        return reply
          .header('Cache-Control', 'no-store')
          .header('X-Image-Proxy', 'placeholder')
          .header('X-Image-Proxy-Reason', reason)
          .type('image/png')
          .send(await placeholderImage());
      }
    },
  });

  /** The default screenshotter: one Chromium for this app, launched on first use and closed with it. */
  function chromiumScreenshots(): PageScreenshotter | undefined {
    const executablePath = app.config.uploads.chromiumPath;
    if (!executablePath) return undefined;
    const shooter = createPageScreenshotter({ executablePath, fetchPolicy: app.config.fetch });
    app.addHook('onClose', () => shooter.close());
    return shooter.screenshot;
  }
};

const noFile = () => new AppError(400, 'no_file', 'Send the file as multipart/form-data in the field "file".', 'file');
