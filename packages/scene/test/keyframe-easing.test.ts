import { EASINGS, ease } from '@reelwright/core';
import { renderToPixels } from '@reelwright/testkit/golden';
import { describe, expect, it } from 'vitest';
import { itemOf, movieOf } from './support';

const WIDTH = 64;
const HEIGHT = 36;
/** Red (0–255) of the pixel at the stage's centre. */
const centreRed = (data: Uint8ClampedArray) => data[((HEIGHT / 2) * WIDTH + WIDTH / 2) * 4]!;

/**
 * A white panel on black fading from invisible at 1 s to shown at 3 s, along `easing`; drawn by
 * the renderer, the panel's red at any instant is 255 × its opacity there.
 */
const fading = (easing: (typeof EASINGS)[number]) =>
  movieOf(
    [
      itemOf('slide', {
        background: { type: 'color', color: '#ffffff' },
        keyframes: [
          { delay: 1, style: { opacity: 0 } },
          { delay: 3, style: { opacity: 1 }, easing },
        ],
      }),
    ],
    { type: 'color', color: '#000000' },
  );

describe('keyframe easing in the renderer (D94): what is drawn is the eased value', () => {
  it.each(EASINGS)('%s: at a quarter, the middle and three quarters of the segment', async (easing) => {
    const movie = fading(easing);
    for (const progress of [0.25, 0.5, 0.75]) {
      const drawn = centreRed(await renderToPixels(movie, 1 + 2 * progress, { width: WIDTH }));
      expect(Math.abs(drawn - 255 * ease(easing, progress))).toBeLessThanOrEqual(1.5);
    }
  });

  it('draws the ends exactly, whatever the easing', async () => {
    for (const easing of EASINGS) {
      const movie = fading(easing);
      expect(centreRed(await renderToPixels(movie, 1, { width: WIDTH }))).toBe(0);
      expect(centreRed(await renderToPixels(movie, 3, { width: WIDTH }))).toBe(255);
    }
  });

  it('moves a scaled panel’s edge along the easing too', async () => {
    // A black panel growing from nothing at 1 s to the whole stage at 3 s, on white: at the middle
    // of an ease-in it has covered less than half of the way from the centre to the edge.
    const movie = movieOf(
      [
        itemOf('slide', {
          box: { left: 0, top: 0, width: 1, height: 1 },
          background: { type: 'color', color: '#000000' },
          keyframes: [
            { delay: 1, style: { scale: 0.1 } },
            { delay: 3, style: { scale: 1 }, easing: 'ease-in' },
          ],
        }),
      ],
      { type: 'color', color: '#ffffff' },
    );
    const row = await renderToPixels(movie, 2, { width: WIDTH });
    let dark = 0;
    for (let x = 0; x < WIDTH; x++) if (row[((HEIGHT / 2) * WIDTH + x) * 4]! < 128) dark++;
    const scale = 0.1 + 0.9 * ease('ease-in', 0.5);
    expect(Math.abs(dark - WIDTH * scale)).toBeLessThanOrEqual(2);
    expect(dark).toBeLessThan(WIDTH * 0.55 - 2);
  });
});
