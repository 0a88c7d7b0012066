import type { AudioClip } from '@reelwright/core';
import { describe, expect, it } from 'vitest';
import { clipsFrom, loopedOffset } from './audio-scheduler';

const clip = (overrides: Partial<AudioClip>): AudioClip => ({
  kind: 'narration',
  url: 'a.mp3',
  start: 0,
  offset: 0,
  duration: 4,
  rate: 1,
  gain: 1,
  loop: false,
  ...overrides,
});

describe('clipsFrom', () => {
  const narration = clip({ url: 'voice.mp3', start: 2, duration: 4 });
  const video = clip({ kind: 'clip', url: 'clip.mp4', start: 1, offset: 10, duration: 3, rate: 2 });
  const music = clip({ kind: 'music', url: 'music.mp3', start: 0, offset: 0, duration: 20, gain: 0.25, loop: true });

  it('starts every clip at its own start when playing from 0', () => {
    expect(clipsFrom([narration, video, music], 0)).toEqual([
      { clip: narration, delay: 2, offset: 0, duration: 4 },
      { clip: video, delay: 1, offset: 10, duration: 3 },
      { clip: music, delay: 0, offset: 0, duration: 20 },
    ]);
  });

  it('after a seek, starts clips under way part-way through, advanced at their rate', () => {
    expect(clipsFrom([narration, video, music], 3)).toEqual([
      { clip: narration, delay: 0, offset: 1, duration: 3 },
      { clip: video, delay: 0, offset: 14, duration: 1 },
      { clip: music, delay: 0, offset: 3, duration: 17 },
    ]);
  });

  it('drops clips that have ended and keeps later ones waiting', () => {
    const late = clip({ url: 'late.mp3', start: 12, duration: 2 });
    expect(clipsFrom([video, late], 5)).toEqual([{ clip: late, delay: 7, offset: 0, duration: 2 }]);
    expect(clipsFrom([video], 3.999)).toEqual([]);
  });

  it('treats a negative playhead as the start', () => {
    expect(clipsFrom([narration], -1)[0]?.delay).toBe(2);
  });
});

describe('loopedOffset', () => {
  it('wraps a looped source and ends a plain one', () => {
    expect(loopedOffset(25, 10, true)).toBe(5);
    expect(loopedOffset(5, 10, false)).toBe(5);
    expect(loopedOffset(12, 10, false)).toBeNull();
    expect(loopedOffset(1, 0, true)).toBeNull();
  });
});
