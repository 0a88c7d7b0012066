import type { Movie } from '@reelwright/core';
import { type AssetSource, type MissingAsset, prepareAssets } from '@reelwright/scene';
import { useEffect, useState } from 'react';
import type { BrowserHost } from './browser-host';

/** The loaded assets of a movie; `assets` is null while they load. */
export type MovieAssets = { assets: AssetSource | null; missing: MissingAsset[] };

/**
 * Loads the movie's fonts, images and clips through the host before any drawing (DESIGN §6:
 * loading is asynchronous, drawing synchronous). Reloads when the movie changes, keeping the
 * previous assets on screen meanwhile so an edit does not flash a loading state.
 */
export function useMovieAssets(movie: Movie, host: BrowserHost): MovieAssets {
  const [state, setState] = useState<MovieAssets>({ assets: null, missing: [] });
  useEffect(() => {
    let cancelled = false;
    void prepareAssets(movie, host).then((prepared) => {
      if (!cancelled) setState(prepared);
    });
    return () => {
      cancelled = true;
    };
  }, [movie, host]);
  return state;
}
