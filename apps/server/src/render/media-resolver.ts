/**
 * Turns the media urls of a movie into local files before a render: the app's own stored files
 * (`/media/<storage key>`, e.g. narration and uploads) from the file store, and http(s) urls
 * through the remote-media cache. Other urls (paths, `file:`, `data:`) are left to the pipeline.
 */
import { type Movie, mapMovieMedia } from '@reelwright/core';
import type { FetchPolicy } from '../net/guarded-fetch';
import type { FileStore } from '../storage';
import { mediaKeyOf } from '../storage/media-keys';
import { fetchRemoteMedia, isRemote, type RemoteMediaFailure } from './remote-media';

/** Local files for the urls that have them, and why the others could not be had. */
export type ResolvedMedia = { files: Map<string, string>; failures: RemoteMediaFailure[] };
export type MediaResolver = (urls: Iterable<string>) => Promise<ResolvedMedia>;

export function createMediaResolver(options: {
  /** The app's file store; without it `/media/` urls are left alone. */
  files?: FileStore;
  /** Where downloads are cached (remote media, and S3 copies). */
  cacheDir: string;
  policy: FetchPolicy;
}): MediaResolver {
  return async (urls) => {
    const all = [...new Set(urls)];
    const remote = await fetchRemoteMedia(all.filter(isRemote), { cacheDir: options.cacheDir, policy: options.policy });
    const files = new Map(remote.files);
    const failures = [...remote.failures];
    const { files: store } = options;
    if (store) {
      for (const url of all) {
        const key = mediaKeyOf(url);
        if (key === null) continue;
        try {
          files.set(url, await store.localCopy(key, options.cacheDir));
        } catch (error) {
          failures.push({ url, reason: error instanceof Error ? error.message : String(error) });
        }
      }
    }
    return { files, failures };
  };
}

/**
 * The movie with every media url that has a local file replaced by that file's path, so the
 * workers and the audio mix read local files only. Only media fields change (core's
 * `mapMovieMedia`); text is never touched.
 */
export function localizeMovie(movie: Movie, files: ReadonlyMap<string, string>): Movie {
  if (files.size === 0) return movie;
  return mapMovieMedia(movie, (url) => files.get(url) ?? url);
}
