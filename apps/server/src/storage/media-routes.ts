import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { fileNotFound } from './file-store';

/**
 * Folders of the file store served at `/media/<folder>/<file>`, and what they hold: speech and
 * recordings, and the pictures the offline media engines draw (emojis, icons, shapes, generated
 * backgrounds; our own SVGs only, never a member's), uploads, and the stock music (`music/`).
 */
const MEDIA_FOLDERS = new Set(['tts', 'recordings', 'emojis', 'icons', 'shapes', 'generated', 'uploads', 'music']);
/** SVG is served for our own drawings only: uploads never store one (a member's SVG could carry script). */
const MEDIA_TYPES: Record<string, string> = {
  mp3: 'audio/mpeg',
  png: 'image/png',
  svg: 'image/svg+xml',
  jpg: 'image/jpeg',
  webp: 'image/webp',
  gif: 'image/gif',
  mp4: 'video/mp4',
  mov: 'video/quicktime',
  webm: 'video/webm',
  wav: 'audio/wav',
  ogg: 'audio/ogg',
  m4a: 'audio/mp4',
};
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** A random or hashed name; upload thumbnails are `<name>.thumb.jpg`. */
const FILE_NAME = /^[A-Za-z0-9][A-Za-z0-9_-]{0,127}(?:\.thumb)?\.([a-z0-9]{1,5})$/;

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

/** The storage key behind a `/media/…` URL (for the render pipeline), or null for other URLs. */
export function mediaKeyOf(url: string): string | null {
  const match = /^\/media\/([a-z]+)\/([^/?#]+)$/.exec(url);
  if (!match || !MEDIA_FOLDERS.has(match[1] as string) || !FILE_NAME.test(match[2] as string)) return null;
  return `${match[1]}/${match[2]}`;
}
