import { describe, expect, it } from 'vitest';
import { collectAssets } from '../src/assets/collect';
import { captionAt } from '../src/draw/captions';
import { frameSignature } from '../src/frame-signature';
import { expectGolden, itemOf, movieOf, picture } from './support';

/** Narration over a picture: two sentences, the second after a pause, so two cues. */
const SPOKEN = [
  ['Captions', 0.2, 0.7],
  ['make', 0.75, 1.0],
  ['every', 1.05, 1.3],
  ['video', 1.35, 1.7],
  ['easier', 1.75, 2.1],
  ['to', 2.15, 2.25],
  ['follow,', 2.3, 2.7],
  ['even', 2.75, 3.0],
  ['without', 3.05, 3.4],
  ['sound.', 3.45, 3.9],
  ['Really.', 4.9, 5.4],
].map(([text, start, end]) => ({ text, start, end }));

function captioned(style: string) {
  const narration = itemOf('audio', { id: 'voice', url: '/voice.mp3', timing: { start: 0, stop: 6 }, words: SPOKEN });
  const photo = itemOf('image', { url: picture(), box: { left: 0, top: 0, width: 1, height: 1 } });
  const movie = movieOf([photo, narration], undefined, { captions: { style } });
  movie.frames[0]!.duration = 6;
  return movie;
}

describe('burned-in captions (D68)', () => {
  it('plain: white with a dark outline, two lines at the bottom', async () => {
    await expectGolden('captions-plain', captioned('plain'), 1.4);
  });

  it('boxed: white on a dark band per line', async () => {
    await expectGolden('captions-boxed', captioned('boxed'), 1.4);
  });

  it('highlight: the word being spoken in the accent colour', async () => {
    // 1.4 s: 'video' is being spoken.
    await expectGolden('captions-highlight', captioned('highlight'), 1.4);
  });

  it('shows nothing in a pause, after the cue has been up, nor with captions off', async () => {
    const movie = captioned('boxed');
    expect(captionAt(movie, 4.5)).toBeNull();
    expect(captionAt(movie, 5)?.cue.lines).toEqual(['Really.']);
    expect(captionAt(captioned('off'), 1.4)).toBeNull();
    await expectGolden('captions-none', captioned('off'), 1.4);
  });

  it('changes the frame signature with the cue, and with the word when highlighting', () => {
    const boxed = captioned('boxed');
    expect(frameSignature(boxed, 1.0)).toBe(frameSignature(boxed, 1.4));
    expect(frameSignature(boxed, 1.4)).not.toBe(frameSignature(boxed, 4.5));
    const highlight = captioned('highlight');
    expect(frameSignature(highlight, 1.1)).not.toBe(frameSignature(highlight, 1.4));
    expect(frameSignature(highlight, 1.4)).toBe(frameSignature(highlight, 1.5));
  });

  it('asks for the caption font only when captions are on', () => {
    const font = { family: 'Inter', weight: 700, style: 'normal' };
    expect(collectAssets(captioned('highlight')).fonts).toContainEqual(font);
    expect(collectAssets(captioned('off')).fonts).not.toContainEqual(font);
  });
});
