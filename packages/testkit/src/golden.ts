import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { type Canvas, createCanvas } from '@napi-rs/canvas';
import { createNodeHost, decodeImage } from '@reelwright/canvas-node';
import type { Movie } from '@reelwright/core';
import { type AssetHost, type AssetSource, type DrawOptions, drawFrame, prepareAssets } from '@reelwright/scene';

/** How to render a frame in tests. */
export type RenderOptions = {
  /** Output width in pixels (height follows the movie's aspect); default the movie's width. */
  width?: number;
  /** The host that loads assets; default `createNodeHost()`. */
  host?: AssetHost;
  /** Assets already prepared (skips loading; for drawing many frames of one movie). */
  assets?: AssetSource;
  /** Throw when prepareAssets reports a missing asset (default false: placeholders draw). */
  strict?: boolean;
  draw?: DrawOptions;
};

/** Draws one frame on a fresh @napi-rs/canvas and returns the canvas. */
export async function renderToCanvas(movie: Movie, t: number, options: RenderOptions = {}): Promise<Canvas> {
  const width = options.width ?? movie.size.width;
  const height = Math.round((width / movie.size.width) * movie.size.height);
  let assets = options.assets;
  if (!assets) {
    const prepared = await prepareAssets(movie, options.host ?? createNodeHost());
    if (options.strict && prepared.missing.length > 0) {
      throw new Error(`Missing assets: ${prepared.missing.map((m) => `${m.kind} ${m.ref}`).join(', ')}`);
    }
    assets = prepared.assets;
  }
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d') as unknown as CanvasRenderingContext2D;
  drawFrame(ctx, movie, t, assets, options.draw);
  return canvas;
}

/** Renders one frame to PNG bytes. */
export async function renderToPng(movie: Movie, t: number, options: RenderOptions = {}): Promise<Buffer> {
  return (await renderToCanvas(movie, t, options)).encode('png');
}

/** RGBA pixels of a frame, for exact comparisons. */
export async function renderToPixels(movie: Movie, t: number, options: RenderOptions = {}): Promise<Uint8ClampedArray> {
  const canvas = await renderToCanvas(movie, t, options);
  return canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
}

/** The difference between two images. */
export type ImageDiff = {
  /** Mean absolute difference per channel (RGBA), on 0–255. */
  meanDiff: number;
  /** Fraction of pixels with some channel off by more than 32. */
  offFraction: number;
};

/** Compares two equally sized RGBA buffers. */
export function diffPixels(a: Uint8ClampedArray, b: Uint8ClampedArray): ImageDiff {
  if (a.length !== b.length) return { meanDiff: 255, offFraction: 1 };
  let sum = 0;
  let off = 0;
  for (let i = 0; i < a.length; i += 4) {
    let worst = 0;
    for (let c = 0; c < 4; c++) {
      const d = Math.abs(a[i + c]! - b[i + c]!);
      sum += d;
      if (d > worst) worst = d;
    }
    if (worst > 32) off++;
  }
  const pixels = a.length / 4;
  return { meanDiff: pixels ? sum / a.length : 0, offFraction: pixels ? off / pixels : 0 };
}

async function pngPixels(png: Buffer): Promise<{ width: number; height: number; data: Uint8ClampedArray }> {
  const image = await decodeImage(png);
  const canvas = createCanvas(image.width, image.height);
  const ctx = canvas.getContext('2d');
  ctx.drawImage(image, 0, 0);
  return { width: image.width, height: image.height, data: ctx.getImageData(0, 0, image.width, image.height).data };
}

/** The result of a golden comparison. */
export type GoldenResult = ImageDiff & {
  pass: boolean;
  /** True when the golden was (re)written because UPDATE_GOLDEN=1. */
  updated: boolean;
  /** Why it failed ('' when it passed). */
  message: string;
};

/**
 * Compares a PNG with a golden file. Goldens are written only when the environment variable
 * UPDATE_GOLDEN=1 is set (`npm run golden:update`); a missing golden fails otherwise. On a
 * failure the rendered image is written next to the golden as `*.actual.png`.
 */
export async function compareToGolden(
  png: Buffer,
  goldenPath: string,
  options: { maxMeanDiff?: number; maxOffFraction?: number } = {},
): Promise<GoldenResult> {
  const actualPath = goldenPath.replace(/\.png$/, '.actual.png');
  if (process.env.UPDATE_GOLDEN === '1') {
    mkdirSync(dirname(goldenPath), { recursive: true });
    writeFileSync(goldenPath, png);
    rmSync(actualPath, { force: true });
    return { pass: true, updated: true, meanDiff: 0, offFraction: 0, message: '' };
  }
  if (!existsSync(goldenPath)) {
    writeFileSync(actualPath, png);
    const message = `No golden at ${goldenPath}; run npm run golden:update (wrote ${actualPath}).`;
    return { pass: false, updated: false, meanDiff: 255, offFraction: 1, message };
  }
  const [actual, golden] = await Promise.all([pngPixels(png), readFile(goldenPath).then(pngPixels)]);
  const sameSize = actual.width === golden.width && actual.height === golden.height;
  const diff = sameSize ? diffPixels(actual.data, golden.data) : { meanDiff: 255, offFraction: 1 };
  const maxMean = options.maxMeanDiff ?? 1.5;
  const maxOff = options.maxOffFraction ?? 1;
  const pass = diff.meanDiff <= maxMean && diff.offFraction <= maxOff;
  if (pass) rmSync(actualPath, { force: true });
  else writeFileSync(actualPath, png);
  const message = pass
    ? ''
    : `${goldenPath}: mean diff ${diff.meanDiff.toFixed(3)} (max ${maxMean}), ` +
      `${(diff.offFraction * 100).toFixed(2)} % of pixels off by > 32${sameSize ? '' : ', size differs'}; see ${actualPath}`;
  return { ...diff, pass, updated: false, message };
}
