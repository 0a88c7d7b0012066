import type { Tutorial } from '@reelwright/core';
import { describe, expect, it } from 'vitest';
import { nextVideo, startingVideo, tutorialsIn } from './tutorials';

const video = (id: number, group: Tutorial['group'], name: Tutorial['name'] = null): Tutorial => ({
  id,
  title: `Video ${id}`,
  url: `/media/uploads/${id}.mp4`,
  group,
  name,
  thumbnail_url: null,
});
const LIST = [video(1, 'Intro'), video(2, 'Intro', 'first'), video(3, 'Business'), video(4, 'Other', 'intro')];

describe('the tutorial playlist', () => {
  it('groups videos in playlist order', () => {
    expect(tutorialsIn('Intro', LIST).map((v) => v.id)).toEqual([1, 2]);
    expect(tutorialsIn('Advanced', LIST)).toEqual([]);
  });

  it('starts on the video named first or intro, else shows the grid', () => {
    expect(startingVideo(LIST, 'first')?.id).toBe(2);
    expect(startingVideo(LIST, 'intro')?.id).toBe(4);
    expect(startingVideo([video(1, 'Intro'), video(5, 'Other')], 'intro')?.id).toBe(1);
    expect(startingVideo([video(5, 'Other')], 'first')).toBeNull();
    expect(startingVideo(LIST, null)).toBeNull();
  });

  it('advances to the next video when one ends, across groups, and stops at the end', () => {
    expect(nextVideo(LIST, LIST[1]!)?.id).toBe(3);
    expect(nextVideo(LIST, LIST[3]!)).toBeNull();
  });
});
