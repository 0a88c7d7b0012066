import { describe, it } from 'vitest';
import { expectGolden, itemOf, movieOf, picture } from './support';

const label = itemOf('text', {
  box: { left: 0.3, top: 0.35, width: 0.4, height: 0.3 },
  paragraphs: [{ runs: [{ text: 'Label' }] }],
});

describe('background goldens', () => {
  it('none', async () => {
    await expectGolden('bg-none', movieOf([label], { type: 'none' }), 1);
  });

  it('colour', async () => {
    await expectGolden('bg-color', movieOf([label], { type: 'color', color: '#e8590c' }), 1);
  });

  it('linear gradient at 45 degrees (towards the top right)', async () => {
    const gradient = {
      kind: 'linear',
      angle: 45,
      stops: [
        { color: '#1864ab', at: 0 },
        { color: '#f08c00', at: 1 },
      ],
    };
    await expectGolden('bg-linear-45', movieOf([label], { type: 'gradient', gradient }), 1);
  });

  it('radial gradient', async () => {
    const gradient = {
      kind: 'radial',
      stops: [
        { color: '#ffffff', at: 0 },
        { color: '#5f3dc4', at: 0.6 },
        { color: '#000000', at: 1 },
      ],
    };
    await expectGolden('bg-radial', movieOf([label], { type: 'gradient', gradient }), 1);
  });

  it('image with cover', async () => {
    await expectGolden('bg-image-cover', movieOf([label], { type: 'image', url: picture(), size: 'cover' }), 1);
  });

  it('image repeated at auto size', async () => {
    const bg = { type: 'image', url: picture(120, 80), size: 'auto', repeat: 'repeat', position: 'left top' };
    await expectGolden('bg-image-repeat', movieOf([label], bg as never), 1);
  });

  it('tint and blur', async () => {
    const bg = {
      type: 'image',
      url: picture(),
      filters: { opacity: 1, blur: 8, tint: 0.5, tintColor: '#000000', backdropValue: 10 },
    };
    await expectGolden('bg-tint-blur', movieOf([label], bg as never), 1);
  });
});
