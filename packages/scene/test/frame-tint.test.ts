/// <reference lib="dom" />
import { createCanvas } from '@napi-rs/canvas';
import { createNodeHost } from '@reelwright/canvas-node';
import { type Item, type Movie, MovieSchema, tintItemToFrameTint } from '@reelwright/core';
import { type AssetSource, type DrawOptions, drawFrame, prepareAssets } from '@reelwright/scene';
import { beforeAll, describe, expect, it } from 'vitest';
import { tintIndex } from '../src/draw/frame-layer';
import { itemOf, picture } from './support';

/** An opaque test photo (a JPEG: the Node host knows it has no transparency). */
function jpeg(): string {
  const image = createCanvas(160, 90);
  const ctx = image.getContext('2d');
  ctx.fillStyle = '#3a6ea5';
  ctx.fillRect(0, 0, 160, 90);
  ctx.fillStyle = '#f2c14e';
  ctx.fillRect(20, 20, 60, 40);
  return image.toDataURL('image/jpeg');
}
const PHOTO = jpeg();

const caption = itemOf('text', {
  id: 'frame-1-text-1',
  box: { left: 0.1, top: 0.35, width: 0.8, height: 0.3 },
  paragraphs: [{ runs: [{ text: 'Lighthouses guide ships home' }] }],
  color: '#ffffff',
  fx: { show: { name: 'fade', duration: 0.5 } },
});
/** The wizard's old tint: a hidden, empty full-stage text item with a translucent container. */
const oldTintItem = itemOf('text', {
  id: 'frame-1-overlay',
  label: 'overlay',
  box: { left: 0, top: 0, width: 1, height: 1 },
  paragraphs: [{ runs: [{ text: '' }] }],
  container: { backgroundColor: '#000000', backgroundAlpha: 0.4 },
});
const photo = (url: string) =>
  itemOf('image', {
    id: 'frame-1-media-1-1',
    url,
    box: { left: 0, top: 0, width: 1, height: 1 },
    kenBurns: { fromScale: 1, toScale: 1.15 },
  });
const narration = itemOf('audio', {
  id: 'frame-1-audio-1',
  url: 'voice.mp3',
  box: { left: 0, top: 0, width: 1, height: 1 },
});

/** A one-frame 1024×576 movie of a wizard slide as stored before D92 (the tint an item). */
function oldSlide(url: string, frame: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id: 'frame-1',
    duration: 5,
    items: [caption, oldTintItem, photo(url), narration],
    background: { type: 'color', color: '#1b2a41' },
    ...frame,
  };
}
const movieOf = (frame: unknown): Movie => MovieSchema.parse({ size: { width: 1024, height: 576 }, frames: [frame] });

function pixels(movie: Movie, t: number, assets: AssetSource, options: DrawOptions = {}): Buffer {
  const canvas = createCanvas(480, 270);
  const ctx = canvas.getContext('2d') as unknown as CanvasRenderingContext2D;
  drawFrame(ctx, movie, t, assets, options);
  return Buffer.from(ctx.getImageData(0, 0, 480, 270).data);
}

/** Mean absolute difference per channel between two drawings. */
function meanDiff(a: Buffer, b: Buffer): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += Math.abs(a[i]! - b[i]!);
  return sum / a.length;
}

beforeAll(async () => {
  await createNodeHost().loadFont('Inter', 400, 'normal');
});

describe("the frame's tint (D92)", () => {
  const cases: [string, string, Record<string, unknown>, DrawOptions][] = [
    ['a see-through picture', picture(160, 90), {}, {}],
    ['an opaque picture that covers the stage', PHOTO, {}, {}],
    ['a cover picture the host composites itself', PHOTO, {}, { hostCover: true }],
    ['a frame fading in', picture(160, 90), { transition: { show: { name: 'fade', duration: 1 } } }, {}],
  ];
  for (const [name, url, frame, options] of cases) {
    it(`draws what the old tint item drew: ${name}`, async () => {
      const before = movieOf(oldSlide(url, frame));
      const after = movieOf(tintItemToFrameTint(oldSlide(url, frame)));
      expect(after.frames[0]!.items.map((item) => item.id)).not.toContain('frame-1-overlay');
      expect(after.frames[0]!.tint).toEqual({ color: '#000000', alpha: 0.4 });
      const { assets } = await prepareAssets(before, createNodeHost());
      for (const t of [0, 0.3, 2.5, 4.9]) {
        // The same pixels, to the rounding of one translucent fill against another.
        expect(meanDiff(pixels(before, t, assets, options), pixels(after, t, assets, options))).toBeLessThan(0.05);
      }
    });
  }

  it('darkens the picture and leaves the text above it untouched', async () => {
    const untinted = movieOf({ ...oldSlide(PHOTO), items: [caption, photo(PHOTO)] });
    const tinted = movieOf({
      ...oldSlide(PHOTO),
      items: [caption, photo(PHOTO)],
      tint: { color: '#000000', alpha: 0.5 },
    });
    const { assets } = await prepareAssets(untinted, createNodeHost());
    const plain = pixels(untinted, 2.5, assets);
    const dark = pixels(tinted, 2.5, assets);
    // The photo's blue corner, top left, is half as bright under a 50% black tint.
    const at = (buffer: Buffer) => buffer[(5 * 480 + 5) * 4 + 2]!;
    expect(at(dark)).toBeCloseTo(at(plain) / 2, -1);
  });

  it('lies under the lowest item that is not a picture or sound', () => {
    const kinds = (...types: Item['type'][]) => types.map((type) => ({ type }) as Item);
    expect(tintIndex(kinds('text', 'image', 'video', 'audio'))).toBe(0);
    expect(tintIndex(kinds('image', 'text', 'gallery'))).toBe(1);
    expect(tintIndex(kinds('image', 'video'))).toBe(-1);
    expect(tintIndex([])).toBe(-1);
  });
});
