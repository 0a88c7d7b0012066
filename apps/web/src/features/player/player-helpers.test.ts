import { describe, expect, it } from 'vitest';
import { canvasPixelSize } from './canvas-size';
import { describeMissing } from './missing-assets';

describe('canvasPixelSize', () => {
  const movie = { width: 1920, height: 1080 };

  it('scales the shown width by the device pixel ratio, keeping the aspect', () => {
    expect(canvasPixelSize(640, 2, movie)).toEqual({ width: 1280, height: 720 });
  });

  it('never exceeds the movie size', () => {
    expect(canvasPixelSize(1600, 2, movie)).toEqual({ width: 1920, height: 1080 });
  });

  it('copes with a hidden container and a missing ratio', () => {
    expect(canvasPixelSize(0, 0, { width: 720, height: 720 })).toEqual({ width: 1, height: 1 });
  });
});

describe('describeMissing', () => {
  it('is null when everything loaded', () => {
    expect(describeMissing([], [])).toBeNull();
  });

  it('names each missing asset and shortens long urls', () => {
    const text = describeMissing(
      [
        { kind: 'font', ref: 'Lobster 400 normal' },
        { kind: 'image', ref: `data:image/png;base64,${'A'.repeat(200)}` },
      ],
      ['/voice.mp3'],
    );
    expect(text).toMatch(
      /^Could not load: font Lobster 400 normal, image data:image\/png;base64,A+…, sound \/voice\.mp3\.$/,
    );
    expect(text!.length).toBeLessThan(140);
  });
});
