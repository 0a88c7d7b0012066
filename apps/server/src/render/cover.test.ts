/// <reference lib="dom" />
import { createCanvas, type Image } from '@napi-rs/canvas';
import { createNodeHost, decodeImage } from '@reelwright/canvas-node';
import { type Movie, MovieSchema } from '@reelwright/core';
import { drawFrame, frameCover, prepareAssets, type Rect } from '@reelwright/scene';
import { beforeAll, describe, expect, it } from 'vitest';
import { compileWat } from './build-wasm';
import { drawChunk } from './chunk';
import { drawsAsSkia } from './cover';
import { COVER_WASM } from './cover.wasm';
import { FrameSlots } from './frame-slots';
import { createI420Converter } from './yuv';

/** A photo-like JPEG: gradients, circles and fine stripes (edges a filter must get right). */
function jpeg(width: number, height: number): Buffer {
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  const gradient = ctx.createLinearGradient(0, 0, width, height);
  gradient.addColorStop(0, '#1d3557');
  gradient.addColorStop(0.5, '#e9c46a');
  gradient.addColorStop(1, '#e76f51');
  ctx.fillStyle = gradient;
  ctx.fillRect(0, 0, width, height);
  for (let x = 0; x < width; x += 7) {
    ctx.fillStyle = x % 2 ? '#ffffff' : '#000000';
    ctx.fillRect(x, height * 0.1, 2, height * 0.2);
  }
  ctx.fillStyle = '#2a9d8f';
  ctx.beginPath();
  ctx.arc(width * 0.6, height * 0.6, height * 0.25, 0, Math.PI * 2);
  ctx.fill();
  return canvas.toBuffer('image/jpeg', 90);
}

/** The image's own pixels (RGBA), read through a canvas of its size. */
function pixelsOf(image: Image): Uint8Array {
  const canvas = createCanvas(image.width, image.height);
  canvas.getContext('2d').drawImage(image, 0, 0);
  return canvas.data();
}

/** What Skia draws for the picture in `rect` on a `width × height` canvas, converted to I420. */
function skiaFrame(image: Image, rect: Rect, width: number, height: number): Uint8Array {
  const canvas = createCanvas(width, height);
  canvas.getContext('2d').drawImage(image, rect.x, rect.y, rect.width, rect.height);
  return createI420Converter(width, height).convert(canvas.data(), 0).slice();
}

/** The largest difference between two frames, byte for byte. */
function worstDifference(a: Uint8Array, b: Uint8Array): number {
  expect(a.length).toBe(b.length);
  let worst = 0;
  for (let i = 0; i < a.length; i++) worst = Math.max(worst, Math.abs(a[i]! - b[i]!));
  return worst;
}

/** The mean difference between two frames, byte for byte. */
function meanDifference(a: Uint8Array, b: Uint8Array): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += Math.abs(a[i]! - b[i]!);
  return sum / a.length;
}

/** Ken Burns about the centre at `scale`, shifted by (dx, dy) of the room it leaves. */
function zoomed(width: number, height: number, scale: number, dx = 0.5, dy = 0.5): Rect {
  const w = width * scale;
  const h = height * scale;
  return { x: -(w - width) * dx, y: -(h - height) * dy, width: w, height: h };
}

describe('the cover picture (cover.wat)', () => {
  it('embeds the module compiled from cover.wat', async () => {
    expect(Buffer.from(await compileWat('cover')).toString('base64')).toBe(COVER_WASM);
  });

  // Equal sizes; upscaled smaller pictures (to 6× and more); a downscaled larger one; a width that is not a
  // multiple of 4 (blocks of 4 pixels spill into the next row) and a last strip short of 16 rows.
  for (const [pictureWidth, pictureHeight, width, height] of [
    [480, 270, 480, 270],
    [320, 180, 480, 270],
    [80, 45, 480, 270],
    [960, 540, 480, 270],
    [486, 250, 486, 250],
  ] as const) {
    it(`draws a ${pictureWidth}×${pictureHeight} picture into ${width}×${height} as Skia does, bit for bit`, async () => {
      const image = await decodeImage(jpeg(pictureWidth, pictureHeight));
      const converter = createI420Converter(width, height, 2);
      expect(converter.composes).toBe(true);
      expect(converter.setCover('photo', pixelsOf(image), pictureWidth, pictureHeight)).toBe(true);
      expect(converter.coverKey).toBe('photo');
      const rects = [
        zoomed(width, height, 1),
        zoomed(width, height, 1.0001),
        zoomed(width, height, 1 + 1 / 40000), // Skia treats this one as a translate
        zoomed(width, height, 1.037),
        zoomed(width, height, 1.1),
        zoomed(width, height, 1.1, 0.2, 0.9),
        zoomed(width, height, 1.6, 1, 0),
        { x: -0.5, y: -0.25, width: width + 1, height: height + 1 },
      ];
      for (const rect of rects) {
        if (!drawsAsSkia(rect, image)) continue;
        expect(worstDifference(converter.compose(rect, 1), skiaFrame(image, rect, width, height))).toBe(0);
      }
    });
  }

  it('agrees with Skia bit for bit at scales from 0.51 up', async () => {
    const converter = createI420Converter(480, 270);
    for (const pictureWidth of [490, 560, 700, 820, 925]) {
      const pictureHeight = Math.round(pictureWidth * 0.5625) + (pictureWidth % 3);
      const image = await decodeImage(jpeg(pictureWidth, pictureHeight));
      converter.setCover(String(pictureWidth), pixelsOf(image), pictureWidth, pictureHeight);
      for (const rect of [zoomed(480, 270, 1), zoomed(480, 270, 1.05, 0.3), zoomed(480, 270, 1.3, 0.1, 0.9)]) {
        expect(drawsAsSkia(rect, image)).toBe(true);
        expect(worstDifference(converter.compose(rect, 0), skiaFrame(image, rect, 480, 270))).toBe(0);
      }
    }
  });

  it('claims bit-for-bit agreement only from a scale of 0.51 up', () => {
    const picture = { width: 960, height: 540 };
    expect(drawsAsSkia(zoomed(480, 270, 1.0004), picture)).toBe(false); // 0.5002: Skia differs
    expect(drawsAsSkia(zoomed(480, 270, 1.02), picture)).toBe(true); // 0.51
    expect(drawsAsSkia({ x: 0, y: 0, width: 960, height: 270 }, picture)).toBe(false);
  });

  it('is not offered for frames narrower than 16 pixels', () => {
    const converter = createI420Converter(8, 4);
    expect(converter.composes).toBe(false);
    expect(() => converter.compose(zoomed(8, 4, 1), 0)).toThrow(/narrower than 16/);
  });
});

/** A wizard slide: a JPEG photo with Ken Burns under a box and a caption that fades in. */
function slide(url: string): Movie {
  return MovieSchema.parse({
    size: { width: 480, height: 270 },
    frames: [
      {
        id: 'slide',
        duration: 2,
        items: [
          {
            id: 'caption',
            type: 'text',
            timing: { start: 0, stop: 2 },
            box: { left: 0.05, top: 0.68, width: 0.9, height: 0.26 },
            paragraphs: [{ runs: [{ text: 'Bees in the city', bold: true }] }],
            font: { family: 'Inter', size: 0.08 },
            color: '#ffffff',
            style: { shadow: { enabled: true, thickness: 6, color: '#000000cc', distance: 2 } },
            fx: { show: { name: 'fade', duration: 0.5 } },
          },
          {
            id: 'box',
            type: 'text',
            timing: { start: 0, stop: 2 },
            box: { left: 0.05, top: 0.68, width: 0.9, height: 0.26 },
            paragraphs: [],
            container: { backgroundColor: '#000000', backgroundAlpha: 0.55 },
          },
          {
            id: 'photo',
            type: 'image',
            timing: { start: 0, stop: 2 },
            url,
            box: { left: 0, top: 0, width: 1, height: 1 },
            kenBurns: { fromScale: 1, toScale: 1.1 },
          },
        ],
      },
    ],
  });
}

describe('frames composed over the cover picture (drawChunk)', () => {
  let movie: Movie;
  beforeAll(() => {
    movie = slide(`data:image/jpeg;base64,${jpeg(480, 270).toString('base64')}`);
  });

  it('match the frames drawFrame draws, within rounding where something is drawn over the photo', async () => {
    const { assets, missing } = await prepareAssets(movie, createNodeHost());
    expect(missing).toEqual([]);
    const fps = 10;
    const job = { movie, baseDir: '.', tmpDir: '.', width: 480, height: 270, fps, ranges: [{ first: 0, end: 20 }] };
    const converter = createI420Converter(480, 270, 3);
    let overlaysDrawn = 0;
    const counting = new Proxy(converter, {
      get(target, key) {
        if (key === 'setOverlay') {
          return (rgba: Uint8Array) => {
            overlaysDrawn++;
            target.setOverlay(rgba);
          };
        }
        const value = Reflect.get(target, key);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    const slots = new FrameSlots(3);
    const frames: Uint8Array[] = [];
    await drawChunk(job, assets, counting, slots, (slot) => {
      frames.push(new Uint8Array(converter.memory, converter.slotOffsets[slot], converter.frameBytes).slice());
      slots.release(slot);
    });
    expect(frames).toHaveLength(20);
    // Skia drew what lies above the photo while the caption faded in (frames 0–4) and once more
    // when it came to rest; the other 14 frames only moved the photo.
    expect(overlaysDrawn).toBe(6);

    const canvas = createCanvas(480, 270);
    const ctx = canvas.getContext('2d') as unknown as CanvasRenderingContext2D;
    const reference = createI420Converter(480, 270);
    const lumaRowsAboveBox = Math.floor(270 * 0.68);
    for (const [frame, composed] of frames.entries()) {
      const time = frame / fps;
      expect(frameCover(ctx, movie, time, assets)).toMatchObject({ itemId: 'photo' });
      drawFrame(ctx, movie, time, assets);
      const expected = reference.convert(canvas.data(), 0);
      // Over the box and the caption, blending in two steps rounds differently: semi-transparent
      // pixels (the caption's soft shadow, fading) are stored premultiplied in 8 bits on the
      // transparent canvas first. Measured: at most 4 levels, 0.06 on average over the frame.
      expect(worstDifference(composed, expected)).toBeLessThanOrEqual(4);
      expect(meanDifference(composed, expected)).toBeLessThan(0.1);
      // Above them the photo alone: the same bytes.
      const luma = 480 * lumaRowsAboveBox;
      expect(worstDifference(composed.subarray(0, luma), expected.subarray(0, luma))).toBe(0);
    }
  });
});
