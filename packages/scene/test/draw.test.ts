/// <reference lib="dom" />
import { createCanvas } from '@napi-rs/canvas';
import { createNodeHost } from '@reelwright/canvas-node';
import { createTextItem } from '@reelwright/core';
import { type AssetSource, drawFrame, layoutText, prepareAssets } from '@reelwright/scene';
import { beforeAll, describe, expect, it } from 'vitest';
import { backgroundVideoTime } from '../src/draw/background-media';
import { wrapperRect } from '../src/draw/wrapper';
import { lineAlign } from '../src/text/layout';
import { movieOf } from './support';

const ctx = createCanvas(10, 10).getContext('2d') as unknown as CanvasRenderingContext2D;

beforeAll(async () => {
  await createNodeHost().loadFont('Inter', 400, 'normal');
});

/** Draws a movie at t on a 160×90 canvas and returns the pixel at (x, y) and the canvases asked for. */
async function drawCounting(movie: ReturnType<typeof movieOf>, t: number, withCanvas = true) {
  const { assets } = await prepareAssets(movie, createNodeHost());
  let created = 0;
  const counted: AssetSource = {
    image: assets.image,
    videoFrame: assets.videoFrame,
    ...(withCanvas && {
      createCanvas: (w: number, h: number) => {
        created++;
        return assets.createCanvas!(w, h);
      },
    }),
  };
  const canvas = createCanvas(160, 90);
  const c = canvas.getContext('2d') as unknown as CanvasRenderingContext2D;
  drawFrame(c, movie, t, counted);
  return { created, pixel: (x: number, y: number) => [...c.getImageData(x, y, 1, 1).data] };
}

describe('frame transitions', () => {
  const red = (transition: Record<string, unknown>) => {
    const movie = movieOf([], { type: 'color', color: '#ff0000' });
    movie.frames[0]!.transition = transition as never;
    return movie;
  };

  it('draws directly, without an offscreen canvas, when the frame has no transition', async () => {
    const { created, pixel } = await drawCounting(red({}), 1);
    expect(created).toBe(0);
    expect(pixel(80, 45)).toEqual([255, 0, 0, 255]);
  });

  it('draws directly once the show effect is over', async () => {
    const { created } = await drawCounting(red({ show: { name: 'fade', duration: 1 } }), 2);
    expect(created).toBe(0);
  });

  it('fades the frame over the black clear colour through one offscreen layer', async () => {
    const { created, pixel } = await drawCounting(red({ show: { name: 'fade', duration: 1 } }), 0.5);
    expect(created).toBeLessThanOrEqual(1);
    const [r, g, b, a] = pixel(80, 45);
    expect(r).toBeGreaterThan(100);
    expect(r).toBeLessThan(155);
    expect([g, b, a]).toEqual([0, 0, 255]);
  });

  it('applies the motion to the drawing calls when the host cannot make a canvas', async () => {
    const { pixel } = await drawCounting(red({ hide: { name: 'fade', duration: 1 } }), 4.5, false);
    expect(pixel(80, 45)[0]).toBeLessThan(155);
    expect(pixel(80, 45)[0]).toBeGreaterThan(100);
  });

  it('leaves only the clear colour at the very end of a hide', async () => {
    const { pixel } = await drawCounting(red({ hide: { name: 'fade', duration: 1 } }), 5);
    expect(pixel(80, 45)).toEqual([0, 0, 0, 255]);
  });
});

describe('background helpers', () => {
  it('loops a background clip over its known length, and runs on when the length is unknown', () => {
    expect(backgroundVideoTime(2, 0.5)).toBeCloseTo(0.5);
    expect(backgroundVideoTime(2, 4.5)).toBeCloseTo(0.5);
    expect(backgroundVideoTime(null, 4.5)).toBeCloseTo(4.5);
    expect(backgroundVideoTime(undefined, -1)).toBe(0);
  });

  it('insets the wrapper by padding times the shorter side on every side', () => {
    expect(wrapperRect(0.1, { x: 0, y: 0, width: 1000, height: 500 })).toEqual({
      x: 50,
      y: 50,
      width: 900,
      height: 400,
    });
  });
});

describe('text direction and the layout cache', () => {
  it('mirrors left and right for right-to-left text and keeps center', () => {
    expect(lineAlign({ align: 'left', direction: 'rtl' })).toBe('right');
    expect(lineAlign({ align: 'right', direction: 'rtl' })).toBe('left');
    expect(lineAlign({ align: 'center', direction: 'rtl' })).toBe('center');
    expect(lineAlign({ align: 'left', direction: 'ltr' })).toBe('left');
  });

  it('stores the fitted size with the lines and reuses it without refitting', () => {
    const box = { x: 0, y: 0, width: 300, height: 120 };
    const text = 'A rather long text that will never fit in a small box at the default size of the stage';
    const fitted = layoutText(ctx, createTextItem('t', text, { fitText: true }), box, 1);
    expect(fitted.cache.fontSize * 576).toBeCloseTo(fitted.fontSize, 3);
    // A different (editor-side) size in the cache wins over what this host would fit.
    const editor = { ...fitted.cache, fontSize: fitted.cache.fontSize * 0.9 };
    const reused = layoutText(ctx, createTextItem('t', text, { fitText: true, layoutCache: editor }), box, 1);
    expect(reused.fromCache).toBe(true);
    expect(reused.fontSize).toBeCloseTo(fitted.fontSize * 0.9, 3);
    // Half the scale (a smaller editor stage) gives half the pixels.
    const half = { x: 0, y: 0, width: 150, height: 60 };
    const small = layoutText(ctx, createTextItem('t', text, { fitText: true, layoutCache: editor }), half, 0.5);
    expect(small.fontSize).toBeCloseTo(reused.fontSize / 2, 3);
  });
});
