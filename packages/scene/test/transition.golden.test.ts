import { describe, it } from 'vitest';
import { expectGolden, itemOf, movieOf, picture } from './support';

/** A frame with an image background, an overlapping photo and title, and a watermark. */
function frameWith(transition: Record<string, unknown>) {
  const photo = itemOf('image', {
    url: picture(160, 100, 120),
    box: { left: 0.1, top: 0.2, width: 0.45, height: 0.6 },
  });
  const title = itemOf('text', {
    id: 'text-1',
    box: { left: 0.35, top: 0.35, width: 0.55, height: 0.3 },
    paragraphs: [{ runs: [{ text: 'One layer' }] }],
    container: { backgroundColor: '#000000', backgroundAlpha: 0.6 },
  });
  const movie = movieOf(
    [title, photo],
    { type: 'image', url: picture() },
    { watermark: { type: 'text', text: 'reelwright' } },
  );
  movie.frames[0]!.transition = transition as never;
  return movie;
}

/** One golden per instant: transition-NAME-0, -1, -2. */
function goldens(name: string, transition: Record<string, unknown>, times: number[]) {
  times.forEach((t, i) => {
    it(`${name} at ${t} s`, async () => {
      await expectGolden(`transition-${name}-${i}`, frameWith(transition), t);
    });
  });
}

// The whole frame (background and items) moves as one layer over the black clear colour; the
// watermark stays in place above it.
describe('frame transition goldens', () => {
  goldens('show-zoom-in', { show: { name: 'zoom-in', duration: 1 } }, [0.15, 0.5, 1.2]);
  goldens('show-fade', { show: { name: 'fade', duration: 1 } }, [0.2, 0.5, 0.8]);
  goldens('hide-slide-out-left', { hide: { name: 'slide-out-left', duration: 1 } }, [4.3, 4.6, 4.85]);
  goldens('hide-circle-close', { hide: { name: 'circle-close', duration: 1 } }, [4.45, 4.65, 4.85]);
});
