/// <reference lib="dom" />
import { createCanvas } from '@napi-rs/canvas';
import { createNodeHost } from '@reelwright/canvas-node';
import { frameAt, type Movie } from '@reelwright/core';
import { type AssetSource, type DrawOptions, drawFrame, frameCover, prepareAssets } from '@reelwright/scene';
import { beforeAll, describe, expect, it } from 'vitest';
import { type DrawContext, REFERENCE_HEIGHT } from '../src/draw/context';
import { topCover } from '../src/draw/occlusion';
import { itemOf, movieOf, picture } from './support';

/** The test picture as a JPEG (no alpha channel: the Node host knows it is opaque). */
function jpeg(width = 160, height = 90): string {
  const image = createCanvas(width, height);
  const ctx = image.getContext('2d');
  ctx.fillStyle = '#3a6ea5';
  ctx.fillRect(0, 0, width, height);
  ctx.fillStyle = '#f2c14e';
  ctx.beginPath();
  ctx.arc(width * 0.3, height * 0.4, height * 0.25, 0, Math.PI * 2);
  ctx.fill();
  return image.toDataURL('image/jpeg');
}

const PHOTO = jpeg();

/** A slide as the wizard makes it: a full-frame photo with Ken Burns under a box and a caption. */
function slide(photo: Record<string, unknown> = {}, extra: Record<string, unknown> = {}): Movie {
  return movieOf(
    [
      itemOf('text', {
        id: 'caption',
        box: { left: 0.05, top: 0.7, width: 0.9, height: 0.25 },
        paragraphs: [{ runs: [{ text: 'Bees in the city', bold: true }] }],
        color: '#ffffff',
        fx: { show: { name: 'fade', duration: 0.5 } },
      }),
      itemOf('text', {
        id: 'box',
        box: { left: 0.05, top: 0.7, width: 0.9, height: 0.25 },
        paragraphs: [],
        container: { backgroundColor: '#000000', backgroundAlpha: 0.55 },
      }),
      itemOf('image', {
        id: 'photo',
        url: PHOTO,
        box: { left: 0, top: 0, width: 1, height: 1 },
        kenBurns: { fromScale: 1, toScale: 1.1 },
        ...photo,
      }),
    ],
    { type: 'color', color: '#ff00ff' },
    extra,
  );
}

/** The same assets, but without knowing which images are opaque: nothing is skipped. */
const unknowing = (assets: AssetSource): AssetSource => ({ ...assets, isOpaque: undefined });

/** Draws at t on a 480×270 canvas; returns the pixels and the full-canvas fills made. */
function draw(movie: Movie, t: number, assets: AssetSource, options: DrawOptions = {}) {
  const canvas = createCanvas(480, 270);
  const ctx = canvas.getContext('2d') as unknown as CanvasRenderingContext2D;
  let fullFills = 0;
  const counting = new Proxy(ctx, {
    get(target, key) {
      const value = Reflect.get(target, key);
      if (key === 'fillRect') {
        return (x: number, y: number, w: number, h: number) => {
          if (x <= 0 && y <= 0 && w >= 480 && h >= 270) fullFills++;
          target.fillRect(x, y, w, h);
        };
      }
      return typeof value === 'function' ? value.bind(target) : value;
    },
    set: (target, key, value) => Reflect.set(target, key, value),
  });
  drawFrame(counting, movie, t, assets, options);
  return { pixels: Buffer.from(ctx.getImageData(0, 0, 480, 270).data), fullFills };
}

const canvas480 = () => createCanvas(480, 270).getContext('2d') as unknown as CanvasRenderingContext2D;

/** The topmost covering item of the movie's frame at t, as drawFrame sees it on a 480×270 canvas. */
function cover(movie: Movie, t: number, assets: AssetSource): number {
  const ctx = createCanvas(480, 270).getContext('2d') as unknown as CanvasRenderingContext2D;
  const stage = { x: 0, y: 0, width: 480, height: 270 };
  const dc: DrawContext = { ctx, assets, movie, stage, unit: 270 / REFERENCE_HEIGHT, filters: true };
  const at = frameAt(movie, t)!;
  return topCover(dc, at.frame, at.local);
}

beforeAll(async () => {
  await createNodeHost().loadFont('Inter', 700, 'normal');
});

describe('occlusion: what an opaque full-stage picture hides is not drawn', () => {
  it('draws the same pixels without the clear colour and the background under the photo', async () => {
    const movie = slide();
    const { assets } = await prepareAssets(movie, createNodeHost());
    for (const t of [0, 0.2, 0.5, 2.5, 4.99]) {
      const skipped = draw(movie, t, assets);
      const full = draw(movie, t, unknowing(assets));
      expect(skipped.fullFills).toBe(0);
      expect(full.fullFills).toBe(2); // the clear colour and the frame's background
      expect(skipped.pixels.equals(full.pixels)).toBe(true);
    }
  });

  it('finds the topmost covering item', async () => {
    const movie = movieOf(
      [
        itemOf('text', { paragraphs: [{ runs: [{ text: 'Top' }] }] }),
        itemOf('image', { id: 'upper', url: PHOTO, box: { left: 0, top: 0, width: 1, height: 1 } }),
        itemOf('image', { id: 'lower', url: PHOTO, box: { left: 0, top: 0, width: 1, height: 1 } }),
      ],
      { type: 'color', color: '#ff00ff' },
    );
    const { assets } = await prepareAssets(movie, createNodeHost());
    expect(cover(movie, 1, assets)).toBe(1);
  });

  const cases: [string, Movie, number][] = [
    ['a PNG (it may be transparent)', slide({ url: picture(160, 90) }), 2],
    ['a box short of the stage', slide({ box: { left: 0, top: 0, width: 1, height: 0.99 } }), 2],
    ['a letterboxed picture', slide({ fit: 'contain', url: jpeg(160, 160), kenBurns: undefined }), 2],
    ['a translucent box', slide({ box: { left: 0, top: 0, width: 1, height: 1, opacity: 0.9 } }), 2],
    ['a rotated box', slide({ box: { left: 0, top: 0, width: 1, height: 1, rotate: 2 } }), 2],
    ['a filter', slide({ style: { filters: { brightness: 60 } } }), 2],
    [
      'rounded corners',
      slide({
        style: {
          border: {
            sides: { top: false, right: false, bottom: false, left: false },
            thickness: 0,
            radius: 3,
            color: '#ffffff',
            style: 'solid',
          },
        },
      }),
      2,
    ],
    ['a fade-in under way', slide({ fx: { show: { name: 'fade', duration: 1 } } }), 0.5],
    ['a scale keyframe', slide({ keyframes: [{ delay: 0, style: { scale: 1.2 } }] }), 2],
  ];
  for (const [name, movie, t] of cases) {
    it(`draws everything under ${name}`, async () => {
      const { assets } = await prepareAssets(movie, createNodeHost());
      expect(cover(movie, t, assets)).toBe(-1);
      expect(frameCover(canvas480(), movie, t, assets)).toBeNull();
      // A host that would composite the cover itself gets the whole frame drawn.
      expect(draw(movie, t, assets, { hostCover: true }).pixels.equals(draw(movie, t, assets).pixels)).toBe(true);
      const { pixels, fullFills } = draw(movie, t, assets);
      expect(fullFills).toBe(2);
      expect(pixels.equals(draw(movie, t, unknowing(assets)).pixels)).toBe(true);
    });
  }

  it('clears under a frame transition, and skips only the background inside its layer', async () => {
    const movie = slide({}, {});
    const withTransition: Movie = {
      ...movie,
      frames: movie.frames.map((f) => ({ ...f, transition: { show: { name: 'fade', duration: 1 } } })),
    } as Movie;
    const { assets } = await prepareAssets(withTransition, createNodeHost());
    expect(frameCover(canvas480(), withTransition, 0.5, assets)).toBeNull();
    expect(frameCover(canvas480(), withTransition, 1.5, assets)).not.toBeNull();
    const skipped = draw(withTransition, 0.5, assets);
    const full = draw(withTransition, 0.5, unknowing(assets));
    expect(skipped.fullFills).toBe(1); // the clear colour the layer fades in over
    expect(skipped.pixels.equals(full.pixels)).toBe(true);
    // Without offscreen canvases each drawing call fades on its own: nothing may be skipped.
    const noLayer = { ...assets, createCanvas: undefined };
    const fading = draw(withTransition, 0.5, noLayer);
    expect(fading.fullFills).toBe(2);
    expect(fading.pixels.equals(draw(withTransition, 0.5, unknowing(noLayer)).pixels)).toBe(true);
  });
});

describe('hostCover: the host composites the cover picture itself', () => {
  it('draws what is above the picture on a transparent canvas; the picture under it gives the frame', async () => {
    const movie = slide();
    const { assets } = await prepareAssets(movie, createNodeHost());
    for (const t of [0, 0.2, 0.5, 2.5, 4.99]) {
      const cover = frameCover(canvas480(), movie, t, assets);
      expect(cover).toMatchObject({ itemId: 'photo', url: PHOTO });
      const grow = 1 + 0.1 * (t / 5); // Ken Burns from 1 to 1.1 about the centre
      expect(cover!.rect.width).toBeCloseTo(480 * grow, 6);
      expect(cover!.rect.x).toBeCloseTo((480 - 480 * grow) / 2, 6);

      const above = createCanvas(480, 270);
      drawFrame(above.getContext('2d') as unknown as CanvasRenderingContext2D, movie, t, assets, { hostCover: true });
      const aboveAlpha = above.getContext('2d').getImageData(0, 0, 480, 270).data;
      expect(aboveAlpha[3]).toBe(0); // the top-left corner shows only the photo: transparent here
      const composed = createCanvas(480, 270);
      const ctx = composed.getContext('2d');
      const { x, y, width, height } = cover!.rect;
      ctx.drawImage(assets.image(PHOTO) as never, x, y, width, height);
      ctx.drawImage(above, 0, 0);
      const mine = composed.getContext('2d').getImageData(0, 0, 480, 270).data;
      const full = draw(movie, t, assets).pixels;
      let worst = 0;
      for (let i = 0; i < full.length; i++) worst = Math.max(worst, Math.abs(mine[i]! - full[i]!));
      // Box and caption blended over transparency, then over the photo: rounding only.
      expect(worst).toBeLessThanOrEqual(2);
    }
  });
});
