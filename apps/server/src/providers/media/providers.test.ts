import { mkdtempSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { generatedBackgroundSeed } from '@reelwright/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDiskStore } from '../../storage/disk-store';
import type { FileStore } from '../../storage/file-store';
import { EMOJI_SIZE, emojiCatalogue } from './emojis';
import { GENERATED_HEIGHT, GENERATED_WIDTH, generatedBackground, variantSeed } from './generated';
import { ICON_SIZE, iconCatalogue } from './icons';
import { createMediaProviders, type MediaProviders } from './registry';
import { RenderCache } from './render-cache';
import { SHAPES } from './shapes';
import { inspectImage, networkOff } from './test-support';
import { rankByWords } from './types';

let files: FileStore;
let providers: MediaProviders;
let network: ReturnType<typeof networkOff>;

beforeAll(() => {
  network = networkOff();
  files = createDiskStore(mkdtempSync(path.join(tmpdir(), 'rw-media-files-')));
  providers = createMediaProviders(files);
});
afterAll(() => {
  expect(network.attempts).toEqual([]);
  network.restore();
});

/** The stored bytes behind a `/media/<key>` URL. */
async function stored(url: string): Promise<Buffer> {
  expect(url).toMatch(/^\/media\/[a-z]+\/[a-f0-9]{32}\.(png|jpg|svg)$/);
  return readFile(await files.localCopy(url.slice('/media/'.length), tmpdir()));
}

function search(
  engine: string,
  keyword: string,
  extra: Partial<{ num: number; color: string; format: 'png' | 'svg' }> = {},
) {
  const provider = providers.engines.get(engine as 'emojis');
  if (!provider) throw new Error(`no ${engine}`);
  return provider.search({ keyword, type: 'image', num: 10, ...extra });
}

describe('the network is off', () => {
  it('refuses connections, look-ups and fetch in these tests', async () => {
    const { default: net } = await import('node:net');
    expect(() => net.connect(80, '127.0.0.1')).toThrow(/network is off/);
    await expect(fetch('http://127.0.0.1:9/')).rejects.toThrow(/network is off/);
    network.attempts.length = 0;
  });
});

describe('emojis', () => {
  it('has names and keywords for the emojis, without skin-tone components', () => {
    const catalogue = emojiCatalogue();
    expect(catalogue.length).toBeGreaterThan(1800);
    expect(catalogue.find((e) => e.emoji === '🚀')).toMatchObject({ name: 'rocket' });
    expect(catalogue.some((e) => e.name.includes('skin tone') && !e.name.includes(':'))).toBe(false);
  });

  it('finds by name, draws a colour PNG and stores it', async () => {
    const [rocket] = await search('emojis', 'rocket');
    expect(rocket).toMatchObject({ name: 'rocket', width: EMOJI_SIZE, height: EMOJI_SIZE });
    expect(rocket?.thumbnail).toBe(rocket?.url);
    const png = await stored(rocket?.url ?? '');
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    const pixels = await inspectImage(png);
    expect(pixels).toMatchObject({ width: EMOJI_SIZE, height: EMOJI_SIZE });
    // A colour glyph, not an outline or a missing-glyph box: most drawn pixels are in colour.
    expect(pixels.opaque).toBeGreaterThan(EMOJI_SIZE * EMOJI_SIZE * 0.15);
    expect(pixels.coloured / pixels.opaque).toBeGreaterThan(0.5);
  });

  it('finds by keyword (tag) and draws flags and ZWJ sequences in colour too', async () => {
    const happy = await search('emojis', 'happy', { num: 20 });
    expect(happy.length).toBeGreaterThan(3);
    expect(happy.map((r) => r.name)).toContain('grinning face with smiling eyes');
    for (const keyword of ['flag france', 'astronaut', 'red heart']) {
      const [first] = await search('emojis', keyword, { num: 1 });
      const pixels = await inspectImage(await stored(first?.url ?? ''));
      expect(pixels.coloured, keyword).toBeGreaterThan(EMOJI_SIZE * EMOJI_SIZE * 0.1);
    }
  });

  it('answers nothing for words that match no emoji, and nothing for video', async () => {
    expect(await search('emojis', 'qwxzv')).toEqual([]);
    expect(await providers.engines.get('emojis')?.search({ keyword: 'cat', type: 'video', num: 5 })).toEqual([]);
  });

  it('keeps at most num results and answers the same URL from the cache', async () => {
    const first = await search('emojis', 'cat', { num: 3 });
    expect(first).toHaveLength(3);
    expect(await search('emojis', 'cat', { num: 3 })).toEqual(first);
  });
});

describe('icons', () => {
  it('has the Tabler outline icons with tags', () => {
    expect(iconCatalogue().length).toBeGreaterThan(4000);
    expect(iconCatalogue().find((i) => i.name === 'star')?.tags).toContain('favorite');
  });

  it('finds by name, exact name first, drawn as a PNG in the chosen colour', async () => {
    const results = await search('icons', 'star', { color: '#e11d48' });
    expect(results[0]).toMatchObject({ name: 'star', width: ICON_SIZE, height: ICON_SIZE });
    const pixels = await inspectImage(await stored(results[0]?.url ?? ''));
    expect(pixels).toMatchObject({ width: ICON_SIZE, height: ICON_SIZE });
    expect(pixels.opaque).toBeGreaterThan(2000);
    expect(pixels.coloured / pixels.opaque).toBeGreaterThan(0.9);
    const [r, g, b] = pixels.mean;
    expect(r).toBeGreaterThan(180);
    expect(g).toBeLessThan(80);
    expect(b).toBeLessThan(110);
  });

  it('finds by tag', async () => {
    const names = (await search('icons', 'favourite', { num: 50 })).map((r) => r.name);
    expect(names).toContain('star');
    expect(names).toContain('heart');
  });

  it('answers the SVG itself in the colour when asked', async () => {
    const [icon] = await search('icons', 'home', { format: 'svg', color: '#0a0' });
    expect(icon?.url).toMatch(/\.svg$/);
    const svg = (await stored(icon?.url ?? '')).toString();
    expect(svg).toContain('stroke="#00aa00"');
    expect(svg).not.toContain('currentColor');
    const pixels = await inspectImage(Buffer.from(svg));
    expect(pixels.width).toBe(ICON_SIZE);
    expect(pixels.coloured).toBeGreaterThan(1000);
  });

  it('stores one file per colour', async () => {
    const [red] = await search('icons', 'star', { num: 1, color: '#f00' });
    const [blue] = await search('icons', 'star', { num: 1, color: '#00f' });
    expect(red?.url).not.toBe(blue?.url);
  });
});

describe('shapes', () => {
  it('lists them all for an empty search', async () => {
    expect((await search('shapes', '', { num: 100 })).map((r) => r.name)).toEqual(SHAPES.map((s) => s.name));
  });

  it('finds by name and by tag, as an SVG in the chosen colour', async () => {
    expect((await search('shapes', 'circle'))[0]?.name).toBe('circle');
    expect((await search('shapes', 'chat')).map((r) => r.name)).toEqual(['speech bubble']);
    expect((await search('shapes', 'arrow')).map((r) => r.name)).toEqual([
      'arrow right',
      'arrow left',
      'arrow up',
      'arrow down',
      'triangle',
    ]);
    for (const shape of await search('shapes', '', { num: 100, color: '#2563eb' })) {
      const bytes = await stored(shape.url);
      expect(bytes.toString()).toContain('#2563eb');
      const pixels = await inspectImage(bytes);
      expect([pixels.width, pixels.height], shape.name).toEqual([shape.width, shape.height]);
      expect(pixels.coloured, shape.name).toBeGreaterThan(500);
      expect(pixels.mean[2], shape.name).toBeGreaterThan(200);
    }
  });
});

describe('generated backgrounds', () => {
  it('draws an opaque, coloured JPEG at the asked size', async () => {
    const background = await generatedBackground(providers.cache, 'ocean waves');
    expect(background).toMatchObject({
      width: GENERATED_WIDTH,
      height: GENERATED_HEIGHT,
      name: 'ocean waves background',
    });
    expect(background.url).toMatch(/\.jpg$/);
    const bytes = await stored(background.url);
    expect([...bytes.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    const pixels = await inspectImage(bytes);
    expect(pixels).toMatchObject({
      width: GENERATED_WIDTH,
      height: GENERATED_HEIGHT,
      opaque: GENERATED_WIDTH * GENERATED_HEIGHT,
    });
    expect(pixels.coloured).toBeGreaterThan(GENERATED_WIDTH * GENERATED_HEIGHT * 0.5);
    const small = await generatedBackground(providers.cache, 'ocean waves', { width: 320, height: 180 });
    expect(await inspectImage(await stored(small.url))).toMatchObject({ width: 320, height: 180 });
  });

  it('is deterministic: the same keyword gives the same bytes, even drawn by another store', async () => {
    const a = await stored((await generatedBackground(providers.cache, 'desert')).url);
    const otherFiles = createDiskStore(mkdtempSync(path.join(tmpdir(), 'rw-media-files-')));
    const other = new RenderCache(otherFiles);
    const again = await generatedBackground(other, 'desert');
    const b = await readFile(await otherFiles.localCopy(again.url.slice('/media/'.length), tmpdir()));
    expect(b.equals(a)).toBe(true);
    const c = await stored((await generatedBackground(providers.cache, 'forest')).url);
    expect(c.equals(a)).toBe(false);
  });

  it('variant 0 is the seed auto-fetch names; a search offers a few variants', async () => {
    expect(variantSeed('desert', 0)).toBe(generatedBackgroundSeed('desert'));
    const results = await search('generated', 'desert', { num: 50 });
    expect(results).toHaveLength(6);
    expect(new Set(results.map((r) => r.url)).size).toBe(6);
  });
});

describe('rankByWords', () => {
  const entries = [
    { name: 'star half', tags: [] },
    { name: 'star', tags: ['rating'] },
    { name: 'moon', tags: ['night', 'stargazing'] },
  ];
  const names = (keyword: string) => rankByWords(entries, keyword, (e) => e, 10).map((e) => e.name);
  it('puts the exact name first, then name words, then prefixes of tags; every word must match', () => {
    expect(names('star')).toEqual(['star', 'star half', 'moon']);
    expect(names('rating')).toEqual(['star']);
    expect(names('star night')).toEqual(['moon']);
    expect(names('star sun')).toEqual([]);
    expect(names('')).toEqual(['star half', 'star', 'moon']);
  });
});
