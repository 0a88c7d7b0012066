import type { Ctx2D } from '../motion/types';

/** A canvas the host creates for offscreen work: usable as an image source and drawable in 2D. */
export type HostCanvas = {
  width: number;
  height: number;
  getContext(contextId: '2d'): Ctx2D | null;
};

/** A loaded video clip the host can seek synchronously (a decoded frame cache, a playing element). */
export type VideoSource = {
  /** The frame showing at `time` seconds into the clip, or null when it cannot be had. */
  frameAt(time: number): CanvasImageSource | null;
  /** The clip's length in seconds, when the host knows it (video backgrounds loop over it). */
  duration?: number;
};

/**
 * What a platform gives the renderer: loading is asynchronous and lives here, drawing never loads
 * (DESIGN §6, STYLE principle 3). The browser and Node each implement it.
 */
export type AssetHost = {
  /** Loads an image from a url; rejects or resolves null when it cannot. */
  loadImage(url: string): Promise<CanvasImageSource | null>;
  /** Makes a font face available to the canvas; false when the family or face is unknown. */
  loadFont(family: string, weight: number, style: 'normal' | 'italic'): Promise<boolean>;
  /** A blank canvas for offscreen work (backdrop filters, frame transitions). */
  createCanvas(width: number, height: number): HostCanvas;
  /** Opens a clip for frame access; without it every video counts as missing. */
  loadVideo?(url: string): Promise<VideoSource | null>;
  /**
   * True when the image loaded from `url` is known to have no transparent pixel (a JPEG), so
   * drawing may skip what it covers; false or absent when unknown.
   */
  isOpaque?(url: string): boolean;
};

/** Everything drawing needs, already loaded: lookups are synchronous and never throw. */
export type AssetSource = {
  image(url: string): CanvasImageSource | null;
  videoFrame(url: string, time: number): CanvasImageSource | null;
  /** A clip's length in seconds; null (or no method) when the host does not know it. */
  videoDuration?(url: string): number | null;
  /** For offscreen work; drawing degrades gracefully (skips the effect) without it. */
  createCanvas?(width: number, height: number): HostCanvas;
  /** True when the loaded image of `url` has no transparent pixel (see AssetHost.isOpaque). */
  isOpaque?(url: string): boolean;
};

/** One asset that could not be loaded. */
export type MissingAsset = {
  kind: 'font' | 'image' | 'video';
  /** The url, or `family weight style` for a font. */
  ref: string;
};

/** What `prepareAssets` returns: the loaded assets and every asset that failed. */
export type PreparedAssets = { assets: AssetSource; missing: MissingAsset[] };

/** An asset source with nothing loaded: every image draws as a placeholder. */
export const EMPTY_ASSETS: AssetSource = { image: () => null, videoFrame: () => null };
