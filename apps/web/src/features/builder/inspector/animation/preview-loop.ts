import type { Movie } from '@reelwright/core';
import { type AssetSource, collectAssets, drawFrame, prepareAssets } from '@reelwright/scene';
import { createBrowserHost } from '../../../player/browser-host';
import { PREVIEW_SECONDS } from './preview-movie';

/** Previews animate at most this often: 30 frames a second reads smoothly at 96 px. */
const FRAME_MS = 1000 / 30;

/** One preview canvas: what it plays, and whether it is on screen. */
export type PreviewEntry = {
  canvas: HTMLCanvasElement;
  movie: Movie;
  assets: AssetSource;
  visible: boolean;
  /** Seconds a loop lasts (the pickers' 2.4 s unless set). */
  loopSeconds?: number;
  /** When its loop began (performance.now()); the pickers' shared clock unless set. */
  origin?: number;
};

/* One browser host for every preview: it opens no clips, and fonts and images are page-wide. */
let host: ReturnType<typeof createBrowserHost> | null = null;
const assetLoads = new Map<string, Promise<AssetSource>>();

/**
 * The loaded assets of a preview movie, shared by every preview needing the same fonts and
 * pictures (a picker's previews all need the same), so a picker opened again draws at once.
 */
export function previewAssets(movie: Movie): Promise<AssetSource> {
  const needs = collectAssets(movie);
  const key = JSON.stringify([needs.fonts, needs.images]);
  let load = assetLoads.get(key);
  if (!load) {
    host ??= createBrowserHost();
    load = prepareAssets(movie, host).then(({ assets }) => assets);
    assetLoads.set(key, load);
  }
  return load;
}

/** Draws a preview at `t` seconds of its loop, at the canvas's own pixel size. */
export function drawPreview(entry: Pick<PreviewEntry, 'canvas' | 'movie' | 'assets' | 'loopSeconds'>, t: number): void {
  const ctx = entry.canvas.getContext('2d');
  if (!ctx) return;
  drawFrame(ctx, entry.movie, t % (entry.loopSeconds ?? PREVIEW_SECONDS), entry.assets, {
    scale: entry.canvas.width / entry.movie.size.width,
  });
}

const entries = new Set<PreviewEntry>();
let frame = 0;
let last = 0;
const start = typeof performance === 'undefined' ? 0 : performance.now();

function tick(now: number): void {
  frame = 0;
  if (entries.size === 0) return;
  if (now - last >= FRAME_MS) {
    last = now;
    for (const entry of entries) {
      if (entry.visible) drawPreview(entry, Math.max(0, now - (entry.origin ?? start)) / 1000);
    }
  }
  frame = requestAnimationFrame(tick);
}

/**
 * Plays a preview on the one animation loop every open picker shares (one clock, so its
 * previews stay in step): it draws only the previews on screen, and stops when none is left.
 * Returns the function that takes the preview off the loop.
 */
export function playPreview(entry: PreviewEntry): () => void {
  entries.add(entry);
  if (!frame) frame = requestAnimationFrame(tick);
  return () => {
    entries.delete(entry);
    if (entries.size === 0 && frame) {
      cancelAnimationFrame(frame);
      frame = 0;
    }
  };
}
