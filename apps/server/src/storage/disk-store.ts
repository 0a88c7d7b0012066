import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import send from '@fastify/send';
import { AppError } from '../errors';
import { assertFileKey, dispositionFor, type FileStore, fileNotFound } from './file-store';

/**
 * The embedded default: files under one folder (`DATA_DIR/files`), served by the app itself.
 * Range requests, ETag / Last-Modified and conditional GET come from @fastify/send (the engine
 * of @fastify/static), used directly so it adds no reply decorators next to the web app's.
 */
export function createDiskStore(root: string): FileStore {
  const pathOf = (key: string) => {
    assertFileKey(key);
    return path.join(root, ...key.split('/'));
  };
  return {
    kind: 'disk',
    async put(key, localFile) {
      const target = pathOf(key);
      // Open first, so a missing source fails here rather than as a stray stream error.
      const handle = await fs.open(localFile, 'r');
      try {
        return { bytes: await writeFileAtomic(target, handle.createReadStream({ autoClose: false })) };
      } finally {
        await handle.close();
      }
    },
    async send(request, reply, key, options) {
      assertFileKey(key);
      const urlPath = `/${key.split('/').map(encodeURIComponent).join('/')}`;
      const result = await send(request.raw, urlPath, {
        root,
        dotfiles: 'deny',
        index: false,
        cacheControl: false,
        contentType: false,
      });
      if (result.type === 'file') {
        reply.code(result.statusCode).headers(result.headers);
        if (result.statusCode !== 304) {
          reply.header('Content-Type', options.contentType);
          reply.header('Content-Disposition', dispositionFor(options.downloadName));
        }
        // Revalidate by ETag unless the route chose a policy (an immutable render may cache longer).
        if (!reply.hasHeader('Cache-Control')) reply.header('Cache-Control', 'no-cache');
        return reply.send(result.stream);
      }
      result.stream.destroy();
      const status = result.type === 'error' ? (result.metadata.error as { status?: number }).status : 404;
      if (status === 416) {
        reply.header('Content-Range', result.headers['Content-Range']);
        throw new AppError(416, 'range_not_satisfiable', 'The requested byte range is outside the file.');
      }
      if (status === 412) throw new AppError(412, 'precondition_failed', 'The file has changed.');
      // A missing file, a folder, or a path send refuses: all look like "no such file" from outside.
      if (status === 404 || status === 403 || result.type === 'directory') throw fileNotFound();
      throw result.type === 'error' ? result.metadata.error : fileNotFound();
    },
    async exists(key) {
      const stat = await fs.stat(pathOf(key)).catch(() => undefined);
      return stat?.isFile() ?? false;
    },
    async localCopy(key) {
      const file = pathOf(key);
      const stat = await fs.stat(file).catch(() => undefined);
      if (!stat?.isFile()) throw fileNotFound();
      return file;
    },
    async remove(key) {
      await fs.rm(pathOf(key), { force: true });
    },
  };
}

/**
 * Writes `source` to `target` so that readers see either nothing (or the old file) or the whole
 * new file: the bytes go to a hidden temporary in the same folder, are flushed to disk, and the
 * temporary is renamed over the target. On any failure the temporary is removed. Returns the size.
 */
export async function writeFileAtomic(target: string, source: Readable | AsyncIterable<Uint8Array>): Promise<number> {
  const folder = path.dirname(target);
  await fs.mkdir(folder, { recursive: true });
  const temporary = path.join(folder, `.${path.basename(target)}.${randomBytes(6).toString('hex')}.tmp`);
  let bytes: number;
  try {
    await pipeline(source, createWriteStream(temporary, { flags: 'wx' }));
    const handle = await fs.open(temporary, 'r+');
    try {
      await handle.datasync();
      bytes = (await handle.stat()).size;
    } finally {
      await handle.close();
    }
    await fs.rename(temporary, target);
  } catch (error) {
    await fs.rm(temporary, { force: true });
    throw error;
  }
  await syncFolder(folder);
  return bytes;
}

/** Makes the rename itself durable; some platforms cannot open a folder for syncing, which is fine. */
async function syncFolder(folder: string) {
  const handle = await fs.open(folder, 'r').catch(() => undefined);
  await handle?.sync().catch(() => undefined);
  await handle?.close();
}
