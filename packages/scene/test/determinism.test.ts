import { createNodeHost } from '@reelwright/canvas-node';
import { prepareAssets } from '@reelwright/scene';
import { renderToPixels } from '@reelwright/testkit/golden';
import { describe, expect, it } from 'vitest';
import { clipFrame, itemOf, movieOf, picture } from './support';

/** A movie with every moving part: show, stay and hide motion, split text, Ken Burns, a clip, a highlighter. */
function busyMovie() {
  return movieOf(
    [
      itemOf('text', {
        box: { left: 0.05, top: 0.05, width: 0.9, height: 0.3 },
        paragraphs: [{ runs: [{ text: 'Pure ' }, { text: 'functions', bold: true }, { text: ' of time' }] }],
        fx: {
          show: { name: 'fade-up', duration: 1 },
          split: 'chars',
          overlay: { name: 'marker' },
          stay: { name: 'float' },
        },
        container: { backgroundColor: '#000000', backgroundFx: 'gradient-right', animation: 'random' },
      }),
      itemOf('image', {
        url: picture(),
        box: { left: 0.05, top: 0.4, width: 0.4, height: 0.55 },
        kenBurns: { fromScale: 1, toScale: 1.6, fromX: 0.2, fromY: 0.2, toX: 0.8, toY: 0.7 },
        fx: { hide: { name: 'blur-out', duration: 1.5 } },
        keyframes: [{ delay: 2, style: { rotate: 10, left: 0.1 } }],
      }),
      itemOf('video', { url: 'clip.mp4', box: { left: 0.55, top: 0.4, width: 0.4, height: 0.55 }, loop: true }),
    ],
    {
      type: 'gradient',
      gradient: {
        kind: 'linear',
        angle: 120,
        stops: [
          { color: '#112233', at: 0 },
          { color: '#335577', at: 1 },
        ],
      },
    },
  );
}

describe('determinism', () => {
  it('draws the same pixels in order and shuffled', async () => {
    const movie = busyMovie();
    const { assets } = await prepareAssets(movie, createNodeHost({ videos: { 'clip.mp4': clipFrame } }));
    const times = Array.from({ length: 20 }, (_, i) => i * 0.25);
    const inOrder = new Map<number, Uint8ClampedArray>();
    for (const t of times) inOrder.set(t, await renderToPixels(movie, t, { width: 160, assets }));
    const shuffled = [7, 19, 0, 13, 4, 11, 2, 17, 9, 1, 15, 6, 18, 3, 12, 8, 16, 5, 14, 10].map((i) => times[i]!);
    for (const t of shuffled) {
      const again = await renderToPixels(movie, t, { width: 160, assets });
      expect(Buffer.from(again).equals(Buffer.from(inOrder.get(t)!)), `frame at ${t} s`).toBe(true);
    }
    expect(Buffer.from(inOrder.get(0)!).equals(Buffer.from(inOrder.get(0.5)!))).toBe(false);
  });
});
