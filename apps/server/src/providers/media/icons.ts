import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { createCanvas, Image } from '@napi-rs/canvas';
import { normalizeColor, type RenderCache } from './render-cache';
import { type MediaSearchProvider, type MediaSearchQuery, type MediaSearchResult, rankByWords } from './types';

const require = createRequire(import.meta.url);

/** Side of an icon, in pixels, as PNG and as the SVG's size. */
export const ICON_SIZE = 512;
const DRAWING_VERSION = 1;

export type IconEntry = { name: string; category: string; tags: readonly string[] };

/** `@tabler/icons` (MIT): its package exports only `icons/*`, so its folder is found from one icon. */
function tablerDir(): string {
  return path.dirname(path.dirname(path.dirname(require.resolve('@tabler/icons/outline/star.svg'))));
}

let catalogue: IconEntry[] | null = null;

/** The outline icons of Tabler with their category and tags, in the package's order. */
export function iconCatalogue(): IconEntry[] {
  if (!catalogue) {
    const data = JSON.parse(readFileSync(path.join(tablerDir(), 'icons.json'), 'utf8')) as Record<
      string,
      { name: string; category?: string; tags?: (string | number)[]; styles?: { outline?: unknown } }
    >;
    catalogue = Object.values(data)
      .filter((icon) => icon.styles?.outline !== undefined)
      .map((icon) => ({ name: icon.name, category: icon.category ?? '', tags: (icon.tags ?? []).map(String) }));
  }
  return catalogue;
}

/** An icon's SVG drawn in `color` at `size`: Tabler icons stroke (and sometimes fill) with `currentColor`. */
export async function iconSvg(name: string, color: string, size = ICON_SIZE): Promise<string> {
  if (!/^[a-z0-9-]+$/.test(name)) throw new Error(`Not an icon name: ${name}`);
  const source = await readFile(path.join(tablerDir(), 'icons', 'outline', `${name}.svg`), 'utf8');
  return source
    .replace(/\s+class="[^"]*"/, '')
    .replace(/width="24"/, `width="${size}"`)
    .replace(/height="24"/, `height="${size}"`)
    .replaceAll('currentColor', color)
    .replace(/>\s+</g, '><')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Rasterises an SVG (any size) into a transparent `width`×`height` PNG. */
export async function svgToPng(svg: string, width: number, height: number): Promise<Buffer> {
  const image = new Image();
  const loaded = new Promise<void>((resolve, reject) => {
    image.onload = () => resolve();
    image.onerror = (error) => reject(error);
  });
  image.src = Buffer.from(svg);
  await loaded;
  const canvas = createCanvas(width, height);
  canvas.getContext('2d').drawImage(image, 0, 0, width, height);
  return canvas.toBuffer('image/png');
}

/** `icons`: Tabler's outline icons searched by name and tags, drawn in a colour as PNG (default) or SVG. */
export function createIconProvider(cache: RenderCache): MediaSearchProvider {
  return {
    engine: 'icons',
    types: ['image'],
    async search(query: MediaSearchQuery): Promise<MediaSearchResult[]> {
      if (query.type !== 'image') return [];
      const color = normalizeColor(query.color);
      const format = query.format ?? 'png';
      const found = rankByWords(iconCatalogue(), query.keyword, (i) => i, query.num);
      const results: MediaSearchResult[] = [];
      for (const icon of found) {
        const url = await cache.url('icons', [DRAWING_VERSION, icon.name, color, ICON_SIZE], format, async () => {
          const svg = await iconSvg(icon.name, color);
          return format === 'svg' ? Buffer.from(svg) : svgToPng(svg, ICON_SIZE, ICON_SIZE);
        });
        results.push({ url, thumbnail: url, name: icon.name, width: ICON_SIZE, height: ICON_SIZE });
      }
      return results;
    },
  };
}
