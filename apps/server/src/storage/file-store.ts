import contentDisposition from 'content-disposition';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../errors';

/** How a stored file is answered: its type, and a file name when the browser should save it. */
export type FileSendOptions = {
  contentType: string;
  /** Makes the answer `Content-Disposition: attachment` with this name; without it the file shows inline. */
  downloadName?: string;
};

/**
 * Where finished files (rendered MP4s, thumbnails, later uploads) live: the local disk in the
 * embedded default, an S3-compatible bucket at scale (DESIGN §2). Keys are relative paths such as
 * `renders/12-abc.mp4`, the same in both stores.
 */
export interface FileStore {
  readonly kind: 'disk' | 's3';
  /** Copies a local file into the store under `key`; readers see the whole file or nothing. The source is left in place. */
  put(key: string, localFile: string, contentType: string): Promise<{ bytes: number }>;
  /**
   * Answers an HTTP request for a stored file. Disk streams it (Range, ETag, conditional GET);
   * S3 redirects (302) to a short-lived presigned URL. A missing key is a 404 `file_not_found`.
   */
  send(request: FastifyRequest, reply: FastifyReply, key: string, options: FileSendOptions): Promise<FastifyReply>;
  exists(key: string): Promise<boolean>;
  /**
   * A local file with the stored bytes, for work that reads files (the render): disk answers its
   * own file; S3 downloads it once into `cacheDir` (atomically) and answers that copy. A missing
   * key is a 404 `file_not_found`.
   */
  localCopy(key: string, cacheDir: string): Promise<string>;
  /** Deletes the file; a missing key is not an error. */
  remove(key: string): Promise<void>;
}

/** Segments start with a letter or digit (so no `.`, `..` or hidden temporaries) and use only safe characters. */
const SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._-]{0,199}$/;

/** Throws unless `key` is a relative path of safe segments (no absolute paths, `..`, `\` or empty parts). */
export function assertFileKey(key: string): void {
  const segments = key.split('/');
  if (key.length > 1024 || segments.length > 16 || !segments.every((segment) => SEGMENT.test(segment))) {
    throw new AppError(400, 'invalid_file_key', `Not a valid file key: ${JSON.stringify(key.slice(0, 100))}.`);
  }
}

/** `attachment; filename="…"; filename*=UTF-8''…` (RFC 6266, ASCII fallback) for a download, else `inline`. */
export function dispositionFor(downloadName: string | undefined): string {
  if (downloadName === undefined) return 'inline';
  const name = downloadName.replace(/[\p{Cc}/\\]/gu, '').trim() || 'download';
  // Old clients read only `filename`: strip accents (é → e) and replace what is left outside ASCII.
  const fallback = name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[^\x20-\x7e]/g, '_');
  return contentDisposition(name, { type: 'attachment', fallback });
}

export const fileNotFound = () => new AppError(404, 'file_not_found', 'This file does not exist (any more).');

declare module 'fastify' {
  interface FastifyInstance {
    /** Where finished files are kept (disk or S3); decorated by `buildApp`. */
    files: FileStore;
  }
}
