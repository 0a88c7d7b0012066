import { createNodeHost } from '@reelwright/canvas-node';
import { describe, it } from 'vitest';
import { clipFrame, expectGolden, itemOf, movieOf, picture } from './support';

const tall = picture(100, 160, 40);

describe('media goldens', () => {
  it('fits an image with cover', async () => {
    await expectGolden('image-cover', movieOf([itemOf('image', { url: tall, fit: 'cover' })]), 1);
  });

  it('fits an image with contain', async () => {
    await expectGolden('image-contain', movieOf([itemOf('image', { url: tall, fit: 'contain' })]), 1);
  });

  it('draws a placeholder for a missing image', async () => {
    await expectGolden('image-missing', movieOf([itemOf('image', { url: '/nope/missing.png' })]), 1);
  });

  it('draws the clip frame at the video time', async () => {
    const host = createNodeHost({ videos: { 'clip.mp4': clipFrame } });
    const video = itemOf('video', { url: 'clip.mp4', startTime: 1, speed: 2, fit: 'contain' });
    await expectGolden('video', movieOf([video]), 1.5, { host });
  });

  // One image fills the whole box (D20); 2–4 use the preset collages, more a two-column grid.
  for (const count of [1, 2, 3, 4, 6]) {
    it(`lays out a gallery of ${count} images`, async () => {
      const images = Array.from({ length: count }, (_, i) => ({ url: picture(160, 100, i * 50) }));
      await expectGolden(`gallery-${count}`, movieOf([itemOf('gallery', { images, gap: 0.015 })]), 1);
    });
  }

  it('draws nothing for audio', async () => {
    await expectGolden('audio', movieOf([itemOf('audio', { url: 'voice.mp3' })]), 1);
  });
});
