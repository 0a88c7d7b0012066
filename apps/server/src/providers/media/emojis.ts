import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { createCanvas, GlobalFonts } from '@napi-rs/canvas';
import type { RenderCache } from './render-cache';
import { type MediaSearchProvider, type MediaSearchQuery, type MediaSearchResult, rankByWords } from './types';

const require = createRequire(import.meta.url);

/** Side of the square PNG an emoji is drawn into, in pixels. */
export const EMOJI_SIZE = 512;
/** Bump when the drawing changes, so cached PNGs of the old drawing are not reused. */
const DRAWING_VERSION = 1;
const FONT_FAMILY = 'Reelwright Noto Color Emoji';
/** emojibase groups: 2 is "component" (skin tones, hair), not emojis of their own. */
const COMPONENT_GROUP = 2;

type EmojibaseEntry = {
  label: string;
  hexcode: string;
  emoji: string;
  tags?: string[];
  group?: number;
  order?: number;
};

export type EmojiEntry = { emoji: string; name: string; hexcode: string; tags: readonly string[] };

let catalogue: EmojiEntry[] | null = null;

/** Emoji names and keywords (emojibase-data, MIT), in Unicode's order; skin-tone variants left out. */
export function emojiCatalogue(): EmojiEntry[] {
  if (!catalogue) {
    const data = JSON.parse(readFileSync(require.resolve('emojibase-data/en/data.json'), 'utf8')) as EmojibaseEntry[];
    catalogue = data
      .filter((e) => e.group !== undefined && e.group !== COMPONENT_GROUP)
      .sort((a, b) => (a.order ?? 0) - (b.order ?? 0))
      .map((e) => ({ emoji: e.emoji, name: e.label, hexcode: e.hexcode, tags: e.tags ?? [] }));
  }
  return catalogue;
}

let fontRegistered = false;

/**
 * Registers Noto Color Emoji (OFL-1.1) from `@fontsource/noto-color-emoji`: the font comes as
 * eleven subsets by Unicode range, all registered under one family so Skia finds each glyph.
 * The WOFF files are used (zlib, which Skia reads; the WOFF2 ones need Brotli); their glyphs are in colour.
 */
function registerEmojiFont(): void {
  if (fontRegistered) return;
  const dir = path.join(path.dirname(require.resolve('@fontsource/noto-color-emoji/metadata.json')), 'files');
  let registered = 0;
  for (let subset = 0; subset <= 10; subset++) {
    const file = path.join(dir, `noto-color-emoji-${subset}-400-normal.woff`);
    if (GlobalFonts.registerFromPath(file, FONT_FAMILY)) registered++;
  }
  if (registered === 0)
    throw new Error('Noto Color Emoji could not be registered (is @fontsource/noto-color-emoji installed?).');
  fontRegistered = true;
}

/** Draws one emoji, centred, into a transparent square PNG. */
export function drawEmoji(emoji: string, size = EMOJI_SIZE): Buffer {
  registerEmojiFont();
  const canvas = createCanvas(size, size);
  const ctx = canvas.getContext('2d');
  ctx.font = `${Math.round(size * 0.8)}px "${FONT_FAMILY}"`;
  ctx.textAlign = 'left';
  ctx.textBaseline = 'alphabetic';
  const m = ctx.measureText(emoji);
  const width = m.actualBoundingBoxLeft + m.actualBoundingBoxRight;
  const height = m.actualBoundingBoxAscent + m.actualBoundingBoxDescent;
  const x = (size - width) / 2 + m.actualBoundingBoxLeft;
  const y = (size - height) / 2 + m.actualBoundingBoxAscent;
  ctx.fillText(emoji, x, y);
  return canvas.toBuffer('image/png');
}

/** `emojis`: searched by name and keywords, each drawn to a PNG from Noto Color Emoji. Images only. */
export function createEmojiProvider(cache: RenderCache): MediaSearchProvider {
  return {
    engine: 'emojis',
    types: ['image'],
    async search(query: MediaSearchQuery): Promise<MediaSearchResult[]> {
      if (query.type !== 'image') return [];
      const found = rankByWords(emojiCatalogue(), query.keyword, (e) => e, query.num);
      const results: MediaSearchResult[] = [];
      for (const entry of found) {
        const url = await cache.url('emojis', [DRAWING_VERSION, entry.hexcode, EMOJI_SIZE], 'png', () =>
          drawEmoji(entry.emoji),
        );
        results.push({ url, thumbnail: url, name: entry.name, width: EMOJI_SIZE, height: EMOJI_SIZE });
      }
      return results;
    },
  };
}
