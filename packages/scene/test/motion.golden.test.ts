import { describe, it } from 'vitest';
import { expectGolden, itemOf, movieOf, picture } from './support';

const photo = (fx: Record<string, unknown>) =>
  itemOf('image', { url: picture(), box: { left: 0.3, top: 0.25, width: 0.4, height: 0.5 }, fx });

const words = (overrides: Record<string, unknown>) =>
  itemOf('text', {
    box: { left: 0.1, top: 0.3, width: 0.8, height: 0.4 },
    paragraphs: [{ runs: [{ text: 'Every frame is a pure function of time' }] }],
    font: { family: 'Inter', size: 40 / 576, lineHeight: 1.25 },
    fitText: false,
    ...overrides,
  });

/** One golden per instant: name-0, name-1, name-2. */
function goldens(name: string, make: () => ReturnType<typeof movieOf>, times: number[]) {
  times.forEach((t, i) => {
    it(`${name} at ${t} s`, async () => {
      await expectGolden(`motion-${name}-${i}`, make(), t);
    });
  });
}

describe('motion goldens', () => {
  goldens('show-zoom-in', () => movieOf([photo({ show: { name: 'zoom-in', duration: 1 } })]), [0.2, 0.5, 1.2]);
  goldens(
    'hide-slide-out-right',
    () => movieOf([photo({ hide: { name: 'slide-out-right', duration: 1 } })]),
    [3.9, 4.4, 4.8],
  );
  goldens('stay-wobble', () => movieOf([photo({ stay: { name: 'wobble' } })]), [0, 0.5, 1.5]);
  goldens(
    'split-words-fade-up',
    () => movieOf([words({ fx: { show: { name: 'fade-up', duration: 1.5 }, split: 'words' } })]),
    [0.3, 0.8, 1.6],
  );
  goldens(
    'highlighter-marker',
    () => movieOf([words({ fx: { overlay: { name: 'marker', color: '#f08c00' } }, color: '#ffffff' })]),
    [0.1, 0.4, 1.2],
  );
  goldens(
    'container-background-stripes',
    () =>
      movieOf([
        words({ container: { backgroundColor: '#1971c2', backgroundAlpha: 0.9, backgroundFx: 'stripes-diagonal' } }),
      ]),
    [0, 0.5, 1.25],
  );
  goldens(
    'container-animation-zoom',
    () => movieOf([words({ container: { backgroundColor: '#e03131', backgroundAlpha: 0.8, animation: 'zoom' } })]),
    [0.1, 0.3, 2],
  );
});
