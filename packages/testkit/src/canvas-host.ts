import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createCanvas, GlobalFonts, Image } from '@napi-rs/canvas';
import type { AssetHost, HostCanvas, VideoSource } from '@reelwright/scene';

/** Files of one font face: weight and style to paths of woff2/ttf files (all registered). */
export type FontFiles = (weight: number, style: 'normal' | 'italic') => string[];

const require = createRequire(import.meta.url);

/** @fontsource/inter's latin and latin-ext woff2 files for a weight and style. */
export const INTER_FILES: FontFiles = (weight, style) => {
  const dir = join(dirname(require.resolve('@fontsource/inter/package.json')), 'files');
  return ['latin', 'latin-ext'].map((subset) => join(dir, `inter-${subset}-${weight}-${style}.woff2`));
};

/** Options of the Node host. */
export type NodeHostOptions = {
  /** Font families the host knows, besides Inter. */
  fonts?: Record<string, FontFiles>;
  /** Clips by url: a function giving the frame at a time in the clip (tests generate frames). */
  videos?: Record<string, (time: number) => CanvasImageSource | null>;
};

const registered = new Map<string, boolean>();

async function imageBytes(url: string): Promise<Buffer> {
  if (url.startsWith('data:')) {
    const comma = url.indexOf(',');
    const meta = url.slice(5, comma);
    const body = url.slice(comma + 1);
    return meta.endsWith(';base64') ? Buffer.from(body, 'base64') : Buffer.from(decodeURIComponent(body));
  }
  if (/^https?:\/\/(127\.0\.0\.1|localhost)(:\d+)?\//.test(url)) {
    const response = await fetch(url);
    if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
    return Buffer.from(await response.arrayBuffer());
  }
  if (/^[a-z]+:\/\//i.test(url) && !url.startsWith('file://')) throw new Error(`${url}: only local urls load in tests`);
  return readFile(url.startsWith('file://') ? fileURLToPath(url) : url);
}

/** Decodes image bytes into an @napi-rs/canvas Image. */
export async function decodeImage(bytes: Buffer): Promise<Image> {
  const image = new Image();
  await new Promise<void>((resolve, reject) => {
    image.onload = () => resolve();
    image.onerror = (error) => reject(error);
    image.src = bytes;
  });
  return image;
}

/**
 * The Node host of the renderer on @napi-rs/canvas: images from file paths, data: urls and
 * http://127.0.0.1 urls; fonts registered from files by family, weight and style ('Inter' from
 * @fontsource/inter; unknown families load as missing); clips from `options.videos`.
 */
export function createNodeHost(options: NodeHostOptions = {}): AssetHost {
  const families: Record<string, FontFiles> = { Inter: INTER_FILES, ...options.fonts };
  return {
    async loadImage(url) {
      return (await decodeImage(await imageBytes(url))) as unknown as CanvasImageSource;
    },
    async loadFont(family, weight, style) {
      const files = families[family];
      if (!files) return false;
      const key = `${family} ${weight} ${style}`;
      if (!registered.has(key)) {
        const paths = files(weight, style);
        const ok = paths.length > 0 && paths.every((path) => GlobalFonts.registerFromPath(path, family) !== null);
        registered.set(key, ok);
      }
      return registered.get(key)!;
    },
    createCanvas(width, height) {
      return createCanvas(width, height) as unknown as HostCanvas;
    },
    async loadVideo(url): Promise<VideoSource | null> {
      const frameAt = options.videos?.[url];
      return frameAt ? { frameAt } : null;
    },
  };
}
