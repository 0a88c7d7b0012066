import type { MediaEngine } from '@reelwright/core';
import type { MediaVendorsConfig } from '../../config';
import type { FileStore } from '../../storage/file-store';
import { createEmojiProvider } from './emojis';
import { createGeneratedProvider } from './generated';
import { createIconProvider } from './icons';
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
  options: { library?: MediaSearchProvider; vendors?: MediaVendorsConfig } = {},
): MediaProviders {
  const cache = new RenderCache(files);
  const engines = new Map<MediaEngine, MediaSearchProvider>([
    ['emojis', createEmojiProvider(cache)],
    ['icons', createIconProvider(cache)],
    ['shapes', createShapeProvider(cache)],
    ['generated', createGeneratedProvider(cache)],
  ]);
  // The member's library (the uploads domain's search) needs the database; unit tests go without.
  if (options.library) engines.set('library', options.library);
  // Vendor engines (pixabay, pexel, …, openverse, wikimedia) when their keys are set.
  if (options.vendors)
    for (const [engine, provider] of createVendorEngines(options.vendors)) engines.set(engine, provider);
  return { engines, cache };
}
