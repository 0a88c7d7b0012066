import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createCanvas, GlobalFonts, Image } from '@napi-rs/canvas';
import {
  type AssetHost,
  FONT_CATALOGUE,
  type FontFamilyEntry,
  type HostCanvas,
  type VideoSource,
} from '@reelwright/scene';

/** Files of one font face: weight and style to paths of woff2/ttf files (all registered). */
export type FontFiles = (weight: number, style: 'normal' | 'italic') => string[];

const require = createRequire(import.meta.url);

/** Catalogue entries by lower-cased CSS family name. */
const CATALOGUE_BY_FAMILY = new Map(FONT_CATALOGUE.map((entry) => [entry.family.toLowerCase(), entry]));

/** The catalogued family of a CSS family name (case-insensitive), or null. */
export function catalogueEntry(family: string): FontFamilyEntry | null {
  return CATALOGUE_BY_FAMILY.get(family.trim().toLowerCase()) ?? null;
}

/**
 * The weight a family has nearest to the one asked for. Ties follow CSS font matching: asking
 * 400 or less prefers the lighter face, asking more than 400 the heavier one.
 */
export function nearestWeight(weights: readonly number[], wanted: number): number {
  let best = weights[0] ?? 400;
  for (const weight of weights) {
    const d = Math.abs(weight - wanted);
    const bestD = Math.abs(best - wanted);
    if (d < bestD || (d === bestD && (wanted <= 400 ? weight < best : weight > best))) best = weight;
  }
  return best;
}

/**
 * Every subset file (latin, latin-ext, cyrillic, arabic, …) of a catalogued family at the nearest
 * weight and the style asked for (else the family's first style, normal for all but a few), from
 * its @fontsource package, as the server serves them (apps/server/src/web/fonts.ts) and the
 * browser host picks them. A few packages list subsets they ship in one file; only files that
 * exist are returned.
 */
export function catalogueFontFiles(entry: FontFamilyEntry, weight: number, style: 'normal' | 'italic'): string[] {
  const dir = join(dirname(require.resolve(`@fontsource/${entry.id}/metadata.json`)), 'files');
  const w = nearestWeight(entry.weights, weight);
  const s = entry.styles.includes(style) ? style : (entry.styles[0] ?? 'normal');
  const subsets = new Set([...entry.subsets, ...Object.keys(entry.unicodeRanges)]);
  return [...subsets].map((subset) => join(dir, `${entry.id}-${subset}-${w}-${s}.woff2`)).filter((f) => existsSync(f));
}

/** Options of the Node host. */
export type NodeHostOptions = {
  /** Font families the host knows besides the catalogue (FONT_CATALOGUE); these take precedence. */
  fonts?: Record<string, FontFiles>;
  /** Clips by url: a function giving the frame at a time in the clip (tests generate frames). */
  videos?: Record<string, (time: number) => CanvasImageSource | null>;
};

/** Outcome of loading a face, by `family weight style`: registrations are process-wide (GlobalFonts). */
const loaded = new Map<string, boolean>();
/** Files already registered under a family name (`family\0path`), so a file is never registered twice. */
const registeredFiles = new Set<string>();

/**
 * Registers files under one family name. @napi-rs/canvas (Skia) combines several typefaces
 * registered under one name: each character is drawn from a typeface of the family that has it,
 * so the Latin, Cyrillic and Arabic subset files of a family together draw all its text (tested:
 * each script draws exactly as from its own subset file alone).
 */
function registerFiles(family: string, paths: string[]): boolean {
  if (paths.length === 0) return false;
  let ok = true;
  for (const path of paths) {
    const key = `${family}\0${path}`;
    if (registeredFiles.has(key)) continue;
    if (GlobalFonts.registerFromPath(path, family) === null) ok = false;
    else registeredFiles.add(key);
  }
  return ok;
}

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

/** JPEG (which has no alpha channel) by its start-of-image marker. */
const isJpeg = (bytes: Buffer) => bytes.length > 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;

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
 * http://127.0.0.1 urls; fonts of every catalogued family (FONT_CATALOGUE, matched
 * case-insensitively) registered from their @fontsource files under the family name the movie
 * uses, nearest weight, italic falling back to normal; unknown families load as missing; clips
 * from `options.videos`.
 */
export function createNodeHost(options: NodeHostOptions = {}): AssetHost {
  const extra = options.fonts ?? {};
  const filesOf = (family: string, weight: number, style: 'normal' | 'italic'): string[] | null => {
    const own = extra[family];
    if (own) return own(weight, style);
    const entry = catalogueEntry(family);
    return entry ? catalogueFontFiles(entry, weight, style) : null;
  };
  /** Urls of loaded images that cannot have transparent pixels. */
  const opaque = new Set<string>();
  return {
    async loadImage(url) {
      const bytes = await imageBytes(url);
      const image = await decodeImage(bytes);
      if (isJpeg(bytes)) opaque.add(url);
      return image as unknown as CanvasImageSource;
    },
    isOpaque: (url) => opaque.has(url),
    async loadFont(family, weight, style) {
      const key = `${family} ${weight} ${style}`;
      let ok = loaded.get(key);
      if (ok === undefined) {
        const paths = filesOf(family, weight, style);
        // Registered under the name as the movie spells it, which is what ctx.font will ask for.
        ok = paths !== null && registerFiles(family, paths);
        loaded.set(key, ok);
      }
      return ok;
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
