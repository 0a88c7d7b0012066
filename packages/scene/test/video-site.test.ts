import { createCanvas } from '@napi-rs/canvas';
import { collectAssets, frameSignature } from '@reelwright/scene';
import { renderToPixels } from '@reelwright/testkit/golden';
import { describe, expect, it } from 'vitest';
import { itemOf, movieOf } from './support';

const WIDTH = 64;
const pixel = (data: Uint8ClampedArray, x: number, y: number) => [
  ...data.slice((y * WIDTH + x) * 4, (y * WIDTH + x) * 4 + 3),
];

/** A one-colour PNG as a data url: the clip's poster. */
function poster(color: string): string {
  const canvas = createCanvas(32, 18);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = color;
  ctx.fillRect(0, 0, 32, 18);
  return canvas.toDataURL('image/png');
}

const WATCH = 'https://www.youtube.com/watch?v=dQw4w9WgXcQ';

describe('a video-site clip (spec 002 §6 video component; D55)', () => {
  const clip = itemOf('video', { url: WATCH, poster: poster('#e03131'), volume: 1 });

  it('is drawn as its poster, filling its box', async () => {
    const data = await renderToPixels(movieOf([clip], { type: 'color', color: '#000000' }), 1, { width: WIDTH });
    expect(pixel(data, 32, 18)).toEqual([224, 49, 49]);
    expect(pixel(data, 1, 1)).toEqual([0, 0, 0]);
  });

  it('asks for its poster, never the page address, and is a still picture', () => {
    const movie = movieOf([clip]);
    const needs = collectAssets(movie);
    expect(needs.videos).toEqual([]);
    expect(needs.images).toEqual([clip.poster]);
    expect(frameSignature(movie, 1)).toBe(frameSignature(movie, 2));
    expect(frameSignature(movie, 1)).not.toBeNull();
  });

  it('without a poster it asks for nothing and draws the placeholder', () => {
    const movie = movieOf([itemOf('video', { url: WATCH })]);
    expect(collectAssets(movie)).toMatchObject({ images: [], videos: [] });
  });
});
