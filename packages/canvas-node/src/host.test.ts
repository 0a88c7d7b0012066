import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { createCanvas, GlobalFonts } from '@napi-rs/canvas';
import { MovieSchema } from '@reelwright/core';
import { prepareAssets } from '@reelwright/scene';
import { describe, expect, it } from 'vitest';
import { catalogueEntry, catalogueFontFiles, createNodeHost, nearestWeight } from './host';

/** A family no host knows: the canvas draws its fallback (a system font, or tofu without one). */
const MISSING = 'Reelwright No Such Family';

/** RGBA pixels of white text on a transparent 480×96 canvas, in `font` (a CSS family). */
function textPixels(family: string, text: string, weight = 700): Uint8ClampedArray {
  const canvas = createCanvas(480, 96);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#ffffff';
  ctx.font = `${weight} 40px "${family}"`;
  ctx.fillText(text, 8, 64);
  return ctx.getImageData(0, 0, 480, 96).data;
}

const inked = (pixels: Uint8ClampedArray) => pixels.some((v, i) => i % 4 === 3 && v > 0);
const same = (a: Uint8ClampedArray, b: Uint8ClampedArray) => a.length === b.length && a.every((v, i) => v === b[i]);

describe('createNodeHost fonts', () => {
  it('draws Latin and Cyrillic in Roboto from its separate subset files', async () => {
    const host = createNodeHost();
    await expect(host.loadFont('Roboto', 700, 'normal')).resolves.toBe(true);
    for (const text of ['Hello world', 'Привет, мир']) {
      const pixels = textPixels('Roboto', text);
      expect(inked(pixels)).toBe(true);
      expect(same(pixels, textPixels(MISSING, text))).toBe(false);
    }
    // Each script is drawn exactly as from its own subset file alone: the registrations combine.
    // (A bare Cyrillic word: punctuation and spaces live in the Latin file.)
    const dir = join(dirname(createRequire(import.meta.url).resolve('@fontsource/roboto/metadata.json')), 'files');
    GlobalFonts.registerFromPath(join(dir, 'roboto-latin-700-normal.woff2'), 'Roboto Latin Only');
    GlobalFonts.registerFromPath(join(dir, 'roboto-cyrillic-700-normal.woff2'), 'Roboto Cyrillic Only');
    expect(same(textPixels('Roboto', 'Hello world'), textPixels('Roboto Latin Only', 'Hello world'))).toBe(true);
    expect(same(textPixels('Roboto', 'Привет'), textPixels('Roboto Cyrillic Only', 'Привет'))).toBe(true);
  });

  it('draws Arabic in Cairo and in Noto Sans Arabic', async () => {
    const host = createNodeHost();
    for (const family of ['Cairo', 'Noto Sans Arabic']) {
      await expect(host.loadFont(family, 700, 'normal')).resolves.toBe(true);
      const pixels = textPixels(family, 'مرحبا بالعالم');
      expect(inked(pixels)).toBe(true);
      expect(same(pixels, textPixels(MISSING, 'مرحبا بالعالم'))).toBe(false);
    }
    expect(same(textPixels('Cairo', 'مرحبا'), textPixels('Noto Sans Arabic', 'مرحبا'))).toBe(false);
  });

  it('matches the family case-insensitively, with the nearest weight and italic falling back to normal', async () => {
    // Lobster ships 400 normal only.
    expect(catalogueFontFiles(catalogueEntry('lobster')!, 700, 'italic').map((f) => f.split('/').pop())).toContain(
      'lobster-latin-400-normal.woff2',
    );
    await expect(createNodeHost().loadFont('lobster', 700, 'italic')).resolves.toBe(true);
    const pixels = textPixels('lobster', 'Lobster', 400);
    expect(inked(pixels)).toBe(true);
    expect(same(pixels, textPixels(MISSING, 'Lobster', 400))).toBe(false);
    expect(nearestWeight([300, 500], 400)).toBe(300);
    expect(nearestWeight([400, 600], 500)).toBe(600);
    expect(nearestWeight([200, 900], 700)).toBe(900);
  });

  it('rejects a family outside the catalogue, and prepareAssets reports it missing', async () => {
    const host = createNodeHost();
    await expect(host.loadFont('No Such Font', 400, 'normal')).resolves.toBe(false);
    const movie = MovieSchema.parse({
      size: { width: 320, height: 180 },
      frames: [
        {
          id: 'f',
          duration: 1,
          items: [
            {
              id: 't',
              type: 'text',
              timing: { start: 0, stop: 1 },
              box: { left: 0, top: 0, width: 1, height: 1 },
              paragraphs: [{ runs: [{ text: 'x' }] }],
              font: { family: 'No Such Font', size: 0.1, lineHeight: 1 },
            },
          ],
        },
      ],
    });
    const { missing } = await prepareAssets(movie, host);
    expect(missing).toEqual([{ kind: 'font', ref: 'No Such Font 400 normal' }]);
  });
});

describe('createNodeHost images', () => {
  it('knows a loaded JPEG is opaque, and nothing else', async () => {
    const image = createCanvas(8, 8);
    image.getContext('2d').fillRect(0, 0, 8, 8);
    const jpeg = image.toDataURL('image/jpeg');
    const png = image.toDataURL('image/png');
    const host = createNodeHost();
    expect(host.isOpaque?.(jpeg)).toBe(false); // not loaded yet
    await host.loadImage(jpeg);
    await host.loadImage(png);
    expect(host.isOpaque?.(jpeg)).toBe(true);
    expect(host.isOpaque?.(png)).toBe(false); // a PNG may have transparent pixels
  });
});
