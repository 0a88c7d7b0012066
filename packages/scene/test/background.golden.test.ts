import { createNodeHost } from '@reelwright/canvas-node';
import { type AssetHost, prepareAssets } from '@reelwright/scene';
import { renderToPixels } from '@reelwright/testkit/golden';
import { describe, expect, it } from 'vitest';
import { clipFrame, expectGolden, itemOf, movieOf, picture } from './support';

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

/** A host whose clip 'bg.mp4' is `clipFrame` and, when given, lasts `duration` seconds. */
function clipHost(duration?: number): AssetHost {
  const base = createNodeHost();
  return { ...base, loadVideo: async (url) => (url === 'bg.mp4' ? { frameAt: clipFrame, duration } : null) };
}

describe('background repeat with a pattern, honouring size and position', () => {
  const tile = picture(120, 80);
  for (const repeat of ['repeat-x', 'repeat-y', 'no-repeat'] as const) {
    it(`${repeat} at auto size, centred`, async () => {
      const bg = { type: 'image', url: tile, size: 'auto', repeat, position: 'center center' };
      await expectGolden(`bg-image-${repeat}`, movieOf([label], bg as never), 1);
    });
  }

  it('repeat at contain size from the right bottom', async () => {
    const bg = { type: 'image', url: tile, size: 'contain', repeat: 'repeat', position: 'right bottom' };
    await expectGolden('bg-image-repeat-contain', movieOf([label], bg as never), 1);
  });
});

describe('frame background wrapper and backdrop', () => {
  it('draws a padded, rounded wrapper panel between the background and the items', async () => {
    const bg = {
      type: 'image',
      url: picture(),
      wrapper: { enabled: true, color: '#101828b3', padding: 0.08, radius: 24 },
    };
    await expectGolden('bg-wrapper', movieOf([label], bg as never), 1);
  });

  it('filters the image itself beneath the tint (frame backdrop = own pixels)', async () => {
    const bg = {
      type: 'image',
      url: picture(),
      filters: { opacity: 1, blur: 0, tint: 0.35, tintColor: '#1864ab', backdrop: 'grayscale', backdropValue: 100 },
    };
    await expectGolden('bg-backdrop-grayscale', movieOf([label], bg as never), 1);
  });

  it('blurs the image itself with a backdrop blur, edges kept opaque', async () => {
    const bg = {
      type: 'image',
      url: picture(),
      filters: { opacity: 1, blur: 0, tint: 0, tintColor: '#000000', backdrop: 'blur', backdropValue: 12 },
    };
    await expectGolden('bg-backdrop-blur', movieOf([label], bg as never), 1);
  });
});

describe('video background', () => {
  const movie = movieOf([label], { type: 'video', url: 'bg.mp4', size: 'cover' });
  // The clip lasts 2 s and loops over the 5 s frame: 2.5 s shows the clip at 0.5 s again.
  [0.5, 1.9, 2.5].forEach((t, i) => {
    it(`loops the clip over the frame, at ${t} s`, async () => {
      await expectGolden(`bg-video-${i}`, movie, t, { host: clipHost(2) });
    });
  });

  it('shows the same picture one clip length later', async () => {
    const { assets } = await prepareAssets(movie, clipHost(2));
    const a = await renderToPixels(movie, 0.5, { width: 160, assets });
    const b = await renderToPixels(movie, 4.5, { width: 160, assets });
    expect(Buffer.from(a).equals(Buffer.from(b))).toBe(true);
  });

  it('runs on unlooped when the host does not know the length', async () => {
    const { assets } = await prepareAssets(movie, clipHost());
    const a = await renderToPixels(movie, 0.5, { width: 160, assets });
    const b = await renderToPixels(movie, 2.5, { width: 160, assets });
    expect(Buffer.from(a).equals(Buffer.from(b))).toBe(false);
  });
});
