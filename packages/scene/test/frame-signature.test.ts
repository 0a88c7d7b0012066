import { createNodeHost } from '@reelwright/canvas-node';
import { MovieSchema } from '@reelwright/core';
import { frameSignature, prepareAssets } from '@reelwright/scene';
import { renderToPixels } from '@reelwright/testkit/golden';
import { describe, expect, it } from 'vitest';
import { itemOf, movieOf, picture } from './support';

const caption = (overrides: Record<string, unknown> = {}) =>
  itemOf('text', {
    id: 'caption',
    box: { left: 0.05, top: 0.7, width: 0.9, height: 0.25 },
    paragraphs: [{ runs: [{ text: 'Hello', bold: true }] }],
    ...overrides,
  });
const photo = (overrides: Record<string, unknown> = {}) =>
  itemOf('image', { id: 'photo', url: picture(), box: { left: 0, top: 0, width: 1, height: 1 }, ...overrides });

describe('frameSignature', () => {
  it('is the same for every instant of a still slide, and differs between slides', () => {
    const movie = MovieSchema.parse({
      size: { width: 1024, height: 576 },
      frames: [
        { id: 'a', duration: 2, items: [caption(), photo()] },
        { id: 'b', duration: 2, items: [caption(), photo()] },
      ],
    });
    const a = frameSignature(movie, 0);
    expect(a).not.toBeNull();
    expect(frameSignature(movie, 1.9)).toBe(a);
    expect(frameSignature(movie, 2)).not.toBe(a);
    expect(frameSignature(movie, 2)).toBe(frameSignature(movie, 3.5));
  });

  it('without the cover picture, is still over a Ken Burns photo once the caption is in', () => {
    const movie = movieOf([
      caption({ fx: { show: { name: 'fade', duration: 0.5 } } }),
      photo({ kenBurns: { fromScale: 1, toScale: 1.1 } }),
    ]);
    expect(frameSignature(movie, 1)).toBeNull();
    expect(frameSignature(movie, 0.2, 'photo')).toBeNull(); // the caption fades in
    const above = frameSignature(movie, 0.5, 'photo');
    expect(above).not.toBeNull();
    expect(frameSignature(movie, 4.9, 'photo')).toBe(above);
    expect(frameSignature(movie, 4.9, 'caption')).toBeNull(); // the photo still moves
  });

  it('changes with the set of visible items', () => {
    const movie = movieOf([caption({ timing: { start: 1, stop: 3 } }), photo()]);
    const before = frameSignature(movie, 0.5);
    const during = frameSignature(movie, 2);
    const after = frameSignature(movie, 4);
    expect(during).not.toBe(before);
    // Before and after show the same items: the same picture.
    expect(after).toBe(before);
    expect(frameSignature(movie, 0)).toBe(before);
    expect(frameSignature(movie, 1.5)).toBe(during);
    expect(frameSignature(movie, 4.9)).toBe(after);
  });

  it('promises nothing while a show or hide effect runs, and is still between them', () => {
    const movie = movieOf([
      caption({ fx: { show: { name: 'fade', duration: 0.5 }, hide: { name: 'fade', duration: 1 } } }),
    ]);
    expect(frameSignature(movie, 0)).toBeNull();
    expect(frameSignature(movie, 0.4)).toBeNull();
    expect(frameSignature(movie, 0.5)).not.toBeNull();
    expect(frameSignature(movie, 3.9)).toBe(frameSignature(movie, 0.5));
    expect(frameSignature(movie, 4)).toBeNull();
    expect(frameSignature(movie, 4.9)).toBeNull();
  });

  it.each([
    ['Ken Burns', photo({ kenBurns: { fromScale: 1, toScale: 1.1 } })],
    ['a stay effect', caption({ fx: { stay: { name: 'float' } } })],
    ['a highlighter', caption({ fx: { overlay: { name: 'marker' } } })],
    ['split text', caption({ fx: { split: 'words' } })],
    ['a container animation', caption({ container: { backgroundColor: '#000000', animation: 'zoom' } })],
    [
      'a container background effect',
      caption({ container: { backgroundColor: '#000', backgroundFx: 'gradient-right' } }),
    ],
    ['keyframes', caption({ keyframes: [{ delay: 2, style: { left: 0.2 } }] })],
    ['a video', itemOf('video', { url: 'clip.mp4' })],
    ['a gallery', itemOf('gallery', { images: [{ url: picture() }] })],
  ])('promises nothing with %s on screen', (_, item) => {
    const movie = movieOf([item]);
    for (const t of [0, 1, 2.5, 4.9]) expect(frameSignature(movie, t)).toBeNull();
  });

  it('ignores what is not visible: a moving item outside its time, audio', () => {
    const movie = movieOf([
      photo({ kenBurns: { fromScale: 1, toScale: 1.2 }, timing: { start: 3, stop: 5 } }),
      itemOf('audio', { url: 'voice.mp3' }),
      caption(),
    ]);
    expect(frameSignature(movie, 0)).not.toBeNull();
    expect(frameSignature(movie, 2.9)).toBe(frameSignature(movie, 0));
    expect(frameSignature(movie, 3)).toBeNull();
  });

  it('promises nothing with a frame transition or a media background', () => {
    const fading = MovieSchema.parse({
      size: { width: 1024, height: 576 },
      frames: [{ id: 'a', duration: 3, items: [caption()], transition: { show: { name: 'fade', duration: 0.5 } } }],
    });
    expect(frameSignature(fading, 2)).toBeNull();
    const video = movieOf([caption()], { type: 'video', url: 'clip.mp4' } as never);
    expect(frameSignature(video, 1)).toBeNull();
    const gradient = movieOf([caption()], {
      type: 'gradient',
      gradient: {
        kind: 'linear',
        angle: 90,
        stops: [
          { color: '#000000', at: 0 },
          { color: '#ffffff', at: 1 },
        ],
      },
    });
    expect(frameSignature(gradient, 1)).toBe(frameSignature(gradient, 4));
  });

  it('is equal only where the drawn pixels are equal', async () => {
    const movie = MovieSchema.parse({
      size: { width: 1024, height: 576 },
      watermark: { type: 'text', text: 'Reelwright' },
      frames: [
        {
          id: 'a',
          duration: 3,
          items: [
            caption({ fx: { show: { name: 'fade-up', duration: 0.5 }, hide: { name: 'zoom-out', duration: 0.5 } } }),
            itemOf('text', {
              id: 'late',
              timing: { start: 1.5, stop: 3 },
              paragraphs: [{ runs: [{ text: 'Later' }] }],
              box: { left: 0.1, top: 0.1, width: 0.5, height: 0.2 },
            }),
            photo({ background: { type: 'color', color: '#223344' } }),
          ],
        },
        { id: 'b', duration: 1, items: [photo({ kenBurns: { fromScale: 1, toScale: 1.2 } })] },
      ],
    });
    const { assets } = await prepareAssets(movie, createNodeHost());
    const times = Array.from({ length: 40 }, (_, i) => i / 10);
    const pixels = new Map<string, Buffer>();
    let reused = 0;
    for (const t of times) {
      const signature = frameSignature(movie, t);
      const drawn = Buffer.from(await renderToPixels(movie, t, { width: 160, assets }));
      if (signature === null) continue;
      const earlier = pixels.get(signature);
      if (earlier) {
        expect(drawn.equals(earlier), `frame at ${t} s`).toBe(true);
        reused++;
      } else pixels.set(signature, drawn);
    }
    expect(reused).toBeGreaterThan(20);
    expect(pixels.size).toBe(2);
  });
});
