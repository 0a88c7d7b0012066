import { describe, it } from 'vitest';
import { expectGolden, itemOf, logo, movieOf, picture } from './support';

describe('style goldens', () => {
  it('border, shadow, outline and filters', async () => {
    const framed = itemOf('image', {
      url: picture(),
      box: { left: 0.08, top: 0.2, width: 0.38, height: 0.55 },
      style: {
        border: {
          sides: { top: true, right: true, bottom: true, left: true },
          thickness: 6,
          radius: 5,
          color: '#ffffff',
          style: 'solid',
        },
        shadow: { enabled: true, thickness: 12, color: '#000000', distance: 10 },
      },
    });
    const filtered = itemOf('image', {
      id: 'image-2',
      url: picture(),
      box: { left: 0.54, top: 0.2, width: 0.38, height: 0.55, rotate: 8 },
      style: {
        outline: { enabled: true, color: '#ff922b', thickness: 3 },
        border: {
          sides: { top: true, right: false, bottom: true, left: false },
          thickness: 8,
          radius: 0,
          color: '#74c0fc',
          style: 'dashed',
        },
        filters: { grayscale: 100, contrast: 70 },
      },
    });
    await expectGolden(
      'style-border-shadow-filters',
      movieOf([framed, filtered], { type: 'color', color: '#868e96' }),
      1,
    );
  });

  it('text container with skew and rounded corners', async () => {
    const text = itemOf('text', {
      box: { left: 0.15, top: 0.3, width: 0.7, height: 0.4 },
      paragraphs: [{ runs: [{ text: 'Skewed container' }] }],
      container: { backgroundColor: '#e03131', backgroundAlpha: 0.8, skew: -12 },
      style: {
        border: {
          sides: { top: false, right: false, bottom: false, left: false },
          thickness: 0,
          radius: 4,
          color: '#000000',
          style: 'solid',
        },
      },
    });
    await expectGolden('container-skew', movieOf([text], { type: 'image', url: picture() }), 1);
  });

  it('text watermark, bottom right', async () => {
    const movie = movieOf([], { type: 'color', color: '#364fc7' }, { watermark: { type: 'text', text: 'reelwright' } });
    await expectGolden('watermark-text', movie, 1);
  });

  it('image watermark, top left', async () => {
    const watermark = { type: 'image', image: logo(), positionX: 'left', positionY: 'top', opacity: 0.8 };
    await expectGolden('watermark-image', movieOf([], { type: 'color', color: '#364fc7' }, { watermark }), 1);
  });
});
