/**
 * Where the render reads a movie's media: `data:` urls, and for the operator's own renders (the
 * render CLI) local files relative to a base directory and `file:` urls. Remote http(s) and
 * stored `/media/…` urls are fetched to local files first by the media resolver
 * (`media-resolver.ts`), through the guarded fetch client. A member's movie never reaches a path
 * join: its addresses are checked by `storage/media-rule.ts` and the pipeline refuses paths
 * unless the caller opted into local files (docs/security.md V12).
 */
import { randomUUID } from 'node:crypto';
import { access, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** A movie refers to media the render cannot read (remote or of an unknown scheme). */
export class UnsupportedSourceError extends Error {
  constructor(readonly urls: string[]) {
    super(
      `Media from these addresses cannot be read here (data:, http(s) and stored media; local files only in the operator's own renders): ${urls.join(', ')}`,
    );
    this.name = 'UnsupportedSourceError';
  }
}

const SCHEME = /^([a-z][a-z0-9+.-]*):/i;

/**
 * Whether the render reads a url as it is: a `data:` url always; a path or a `file:` url only when
 * the caller reads the operator's local files (`localFiles`).
 */
export function isReadable(url: string, options: { localFiles: boolean }): boolean {
  if (url.startsWith('data:')) return true;
  if (!options.localFiles) return false;
  const scheme = SCHEME.exec(url)?.[1]?.toLowerCase();
  return scheme === undefined || scheme.length === 1 || scheme === 'file';
}

/** The url as the Node host loads it: data: urls as they are, anything else as an absolute path. */
export function hostUrl(url: string, baseDir: string): string {
  if (url.startsWith('data:')) return url;
  if (url.startsWith('file:')) return fileURLToPath(url);
  return path.resolve(baseDir, url);
}

/** Decodes a data: url's bytes. */
function dataBytes(url: string): Buffer {
  const comma = url.indexOf(',');
  const meta = url.slice(5, comma);
  const body = url.slice(comma + 1);
  return meta.endsWith(';base64') ? Buffer.from(body, 'base64') : Buffer.from(decodeURIComponent(body));
}

/**
 * A local file ffmpeg can read for a url: data: urls are written into `tmpDir`; null when the
 * file does not exist.
 */
export async function mediaFile(url: string, baseDir: string, tmpDir: string): Promise<string | null> {
  if (url.startsWith('data:')) {
    const file = path.join(tmpDir, `data-${randomUUID()}`);
    await writeFile(file, dataBytes(url));
    return file;
  }
  const file = hostUrl(url, baseDir);
  try {
    await access(file);
    return file;
  } catch {
    return null;
  }
}
