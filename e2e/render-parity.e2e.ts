import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Movie } from '@reelwright/core';
import { diffPixels, renderToPixels } from '@reelwright/testkit/golden';
import { build } from 'esbuild';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { itemOf, movieOf, picture } from '../packages/scene/test/support';
import { launchBrowser } from './support/browser';

/**
 * Preview equals export (DESIGN §6): the same frames drawn by drawFrame in Chromium and in Node
 * (@napi-rs/canvas), with the same Inter files, differ by at most a small mean per channel.
 */
const MAX_MEAN_DIFF = 2;
const WIDTH = 320;
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);

async function bundle(): Promise<string> {
  const result = await build({
    stdin: {
      contents:
        "import { drawFrame, prepareAssets } from '@reelwright/scene'; (globalThis as any).Reel = { drawFrame, prepareAssets };",
      loader: 'ts',
      resolveDir: repoRoot,
    },
    bundle: true,
    format: 'iife',
    platform: 'browser',
    write: false,
  });
  return result.outputFiles[0]!.text;
}

function interFaces(): { weight: number; style: string; data: string }[] {
  const dir = path.join(path.dirname(require.resolve('@fontsource/inter/package.json')), 'files');
  return [400, 700].flatMap((weight) =>
    ['normal', 'italic'].map((style) => ({
      weight,
      style,
      data: readFileSync(path.join(dir, `inter-latin-${weight}-${style}.woff2`)).toString('base64'),
    })),
  );
}

/** Draws a movie at t in the page and returns its RGBA pixels. */
async function renderInBrowser(page: Page, movie: Movie, t: number): Promise<Uint8ClampedArray> {
  const data = await page.evaluate(
    async ({ movie, t, width }) => {
      const w = window as unknown as { Reel: typeof import('@reelwright/scene') };
      const height = Math.round((width / movie.size.width) * movie.size.height);
      const host = {
        loadImage: async (url: string) => createImageBitmap(await (await fetch(url)).blob()),
        loadFont: async (family: string, weight: number, style: string) =>
          document.fonts.check(`${style} ${weight} 16px "${family}"`),
        createCanvas: (cw: number, ch: number) => new OffscreenCanvas(cw, ch) as never,
      };
      const { assets } = await w.Reel.prepareAssets(movie, host);
      const canvas = document.createElement('canvas');
      canvas.width = width;
      canvas.height = height;
      const ctx = canvas.getContext('2d')!;
      w.Reel.drawFrame(ctx, movie, t, assets);
      return Array.from(ctx.getImageData(0, 0, width, height).data);
    },
    { movie, t, width: WIDTH },
  );
  return new Uint8ClampedArray(data);
}

const scenes: [string, Movie, number][] = [
  [
    'rich text',
    movieOf([
      itemOf('text', {
        paragraphs: [
          {
            runs: [
              { text: 'Make ' },
              { text: 'bold', bold: true },
              { text: ' and ' },
              { text: 'italic', italic: true },
            ],
          },
          { runs: [{ text: 'underline', underline: true }, { text: ' and a ' }, { text: 'keyword', mark: true }] },
        ],
        boldColor: '#74c0fc',
      }),
    ]),
    1,
  ],
  [
    'gradient and image',
    movieOf([itemOf('image', { url: picture(), box: { left: 0.2, top: 0.2, width: 0.6, height: 0.6, rotate: 5 } })], {
      type: 'gradient',
      gradient: {
        kind: 'linear',
        angle: 45,
        stops: [
          { color: '#1864ab', at: 0 },
          { color: '#f08c00', at: 1 },
        ],
      },
    }),
    1,
  ],
  [
    'container and highlighter',
    movieOf([
      itemOf('text', {
        paragraphs: [{ runs: [{ text: 'Preview equals export' }] }],
        container: { backgroundColor: '#e03131', backgroundAlpha: 0.8, skew: -10 },
        fx: { overlay: { name: 'marker' }, show: { name: 'zoom-in', duration: 1 } },
      }),
    ]),
    0.6,
  ],
];

describe('render parity: Chromium and Node', () => {
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    browser = await launchBrowser();
    page = await browser.newPage();
    await page.setContent('<!doctype html><html><body></body></html>');
    await page.addScriptTag({ content: await bundle() });
    await page.evaluate(async (faces) => {
      for (const face of faces) {
        const font = new FontFace('Inter', `url(data:font/woff2;base64,${face.data})`, {
          weight: String(face.weight),
          style: face.style,
        });
        (document.fonts as unknown as Set<FontFace>).add(await font.load());
      }
    }, interFaces());
  });

  afterAll(async () => {
    await browser?.close();
  });

  for (const [name, movie, t] of scenes) {
    it(`draws "${name}" alike`, async () => {
      const node = await renderToPixels(movie, t, { width: WIDTH });
      const chrome = await renderInBrowser(page, movie, t);
      const diff = diffPixels(node, chrome);
      console.log(`parity ${name}: mean ${diff.meanDiff.toFixed(3)}, off ${(diff.offFraction * 100).toFixed(2)} %`);
      expect(diff.meanDiff).toBeLessThanOrEqual(MAX_MEAN_DIFF);
    });
  }
});
