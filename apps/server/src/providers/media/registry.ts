import type { MediaEngine } from '@reelwright/core';
import type { MediaVendorsConfig } from '../../config';
import type { Db } from '../../db/client';
import type { FileStore } from '../../storage/file-store';
import { createEmojiProvider } from './emojis';
import { createGeneratedProvider } from './generated';
import { createIconProvider } from './icons';
import { createLibraryProvider } from './library';
import { RenderCache } from './render-cache';
import { createShapeProvider } from './shapes';
import type { MediaSearchProvider } from './types';
import { createVendorEngines } from './vendors';

export type MediaProviders = {
  /** Engines offered, by the spec's names; an engine missing here is not configured. */
  readonly engines: ReadonlyMap<MediaEngine, MediaSearchProvider>;
  readonly cache: RenderCache;
};

/**
 * The media engines this server offers. Now the offline ones, always there; the vendor adapters
 * (pixabay, pexel, …) join when their keys are set.
 */
export function createMediaProviders(
  files: FileStore,
  options: { db?: Db; vendors?: MediaVendorsConfig } = {},
): MediaProviders {
  const cache = new RenderCache(files);
  const engines = new Map<MediaEngine, MediaSearchProvider>([
    ['emojis', createEmojiProvider(cache)],
    ['icons', createIconProvider(cache)],
    ['shapes', createShapeProvider(cache)],
    ['generated', createGeneratedProvider(cache)],
  ]);
  // The member's library needs the database; without one (unit tests) it is not offered.
  if (options.db) engines.set('library', createLibraryProvider(options.db));
  // Vendor engines (pixabay, pexel, …, openverse, wikimedia) when their keys are set.
  if (options.vendors)
    for (const [engine, provider] of createVendorEngines(options.vendors)) engines.set(engine, provider);
  return { engines, cache };
}
