/**
 * Media a movie names by http(s) URL (stock photos, clips, music), downloaded once through the
 * guarded fetch client (DESIGN §8) into a cache folder and then read like any local file. The
 * cache is keyed by the URL's SHA-256, so a second render of the same media never downloads it
 * again, and writes are atomic, so two renders sharing the folder never see half a file.
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { type FetchPolicy, FetchRefusedError, guardedFetch } from '../net/guarded-fetch';

/** Where downloads are kept and what the fetch client may reach. */
export type RemoteMediaOptions = {
  cacheDir: string;
  policy: FetchPolicy;
  /** Largest file accepted, in bytes (default 512 MB). */
  maxBytes?: number;
  /** For one download, redirects included (default 120 s). */
  timeoutMs?: number;
};

/** A remote file that could not be fetched, and why (for the render's missing-assets error). */
export type RemoteMediaFailure = { url: string; reason: string };

const DEFAULT_MAX_BYTES = 512 * 1024 * 1024;
const DEFAULT_TIMEOUT_MS = 120_000;
/** Downloads at once: enough to hide latency, few enough to be polite to one host. */
const PARALLEL_DOWNLOADS = 4;
/** What a media URL may answer; servers that do not know the type say octet-stream. */
const MEDIA_TYPES = ['image/*', 'video/*', 'audio/*', 'application/octet-stream', 'binary/octet-stream'];

/** Whether a url is fetched over the network (and so through the cache). */
export const isRemote = (url: string) => /^https?:\/\//i.test(url);

/** The cache file of a url. */
export function cacheFileOf(cacheDir: string, url: string): string {
  return path.join(cacheDir, createHash('sha256').update(url).digest('hex'));
}

/**
 * Downloads every remote url not cached yet; answers the local file of each url that could be
 * had and the reason for each that could not.
 */
export async function fetchRemoteMedia(
  urls: Iterable<string>,
  options: RemoteMediaOptions,
): Promise<{ files: Map<string, string>; failures: RemoteMediaFailure[] }> {
  const pending = [...new Set(urls)].filter(isRemote);
  const files = new Map<string, string>();
  const failures: RemoteMediaFailure[] = [];
  if (pending.length > 0) await mkdir(options.cacheDir, { recursive: true });
  const worker = async () => {
    for (let url = pending.shift(); url !== undefined; url = pending.shift()) {
      try {
        files.set(url, await cached(url, options));
      } catch (error) {
        failures.push({ url, reason: reasonOf(error) });
      }
    }
  };
  await Promise.all(Array.from({ length: PARALLEL_DOWNLOADS }, worker));
  return { files, failures };
}

async function cached(url: string, options: RemoteMediaOptions): Promise<string> {
  const file = cacheFileOf(options.cacheDir, url);
  const existing = await stat(file).catch(() => null);
  if (existing?.isFile()) return file;
  const response = await guardedFetch(
    url,
    {
      timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
      maxBytes: options.maxBytes ?? DEFAULT_MAX_BYTES,
      accept: MEDIA_TYPES,
    },
    options.policy,
  );
  if (response.status !== 200) throw new Error(`the server answered ${response.status}`);
  const temporary = `${file}.${randomBytes(6).toString('hex')}.tmp`;
  try {
    await writeFile(temporary, response.body);
    await rename(temporary, file);
  } finally {
    await rm(temporary, { force: true });
  }
  return file;
}

function reasonOf(error: unknown): string {
  if (error instanceof FetchRefusedError) {
    return error.reason === 'private_address' ? 'refused: a private or local address' : `refused: ${error.message}`;
  }
  return error instanceof Error ? error.message : String(error);
}
