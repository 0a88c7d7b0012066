import type { MediaEngine } from '@reelwright/core';
import type { MediaVendorsConfig } from '../../../config';
import type { MediaSearchProvider } from '../types';
import { bingViaBraveImages } from './bing';
import { freesound } from './freesound';
import { giphy } from './giphy';
import { googleImages } from './google';
import { openverse } from './openverse';
import { pexels } from './pexels';
import { pixabay } from './pixabay';
import { unsplash } from './unsplash';
import { wikimedia } from './wikimedia';
import { youtube } from './youtube';

/**
 * The vendor engines the configuration enables, by the spec's names: each keyed vendor when its key
 * is set, the keyless ones (openverse, wikimedia) unless `MEDIA_KEYLESS=0`. An engine left out
 * answers `engine_not_configured`.
 */
export function createVendorEngines(
  config: MediaVendorsConfig,
  timeoutMs?: number,
): [MediaEngine, MediaSearchProvider][] {
  const engines: [MediaEngine, MediaSearchProvider][] = [];
  const keyed = (engine: MediaEngine, vendor: { apiKey: string | undefined; url: string }, make: typeof pixabay) => {
    if (vendor.apiKey) engines.push([engine, make({ apiKey: vendor.apiKey, url: vendor.url, timeoutMs })]);
  };
  keyed('pixabay', config.pixabay, pixabay);
  keyed('pexel', config.pexels, pexels);
  keyed('unsplash', config.unsplash, unsplash);
  keyed('giphy', config.giphy, giphy);
  const { google } = config;
  if (google.apiKey && google.cx) {
    const options = { apiKey: google.apiKey, cx: google.cx, url: google.url, timeoutMs };
    engines.push(
      ['google', googleImages('google', options)],
      ['google-images', googleImages('google-images', options)],
    );
  }
  keyed('bing', config.braveImages, bingViaBraveImages);
  keyed('youtube', config.youtube, youtube);
  keyed('free-sound', config.freesound, freesound);
  if (config.keyless) {
    engines.push(['openverse', openverse({ url: config.openverseUrl, timeoutMs })]);
    engines.push(['wikimedia', wikimedia({ url: config.wikimediaUrl, timeoutMs })]);
  }
  return engines;
}
