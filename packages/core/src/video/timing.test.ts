import { describe, expect, it } from 'vitest';
import { createFrame, createTextItem } from './factories';
import { type Keyframe, MIN_ITEM_DURATION, TimingSchema } from './item';
import {
  activeKeyframe,
  addKeyframe,
  canAddKeyframe,
  contentDuration,
  frameAt,
  frameStarts,
  isVisible,
  localPlayhead,
  movieDuration,
  newItemTiming,
  normalizeKeyframes,
  trimSelection,
  videoTime,
  withMinDuration,
} from './timing';

const buildKeyframe = (delay: number, left = delay): Keyframe => ({ delay, style: { left } });
const buildMovie = (...durations: number[]) => ({
  frames: durations.map((duration, index) => createFrame(`frame-${index + 1}`, { duration })),
});
const clip = (overrides: Partial<{ startTime: number; stopTime: number; speed: number; loop: boolean }> = {}) => ({
  startTime: 0,
  stopTime: 0,
  speed: 1,
  loop: false,
  ...overrides,
});

describe('visibility (002 §4): visible while the playhead lies between start and stop, both included', () => {
  const timing = { start: 2, stop: 5 };

  it('is visible exactly at the start and exactly at the stop', () => {
    expect(isVisible(timing, 2)).toBe(true);
    expect(isVisible(timing, 5)).toBe(true);
  });

  it('is visible in between', () => {
    expect(isVisible(timing, 3.5)).toBe(true);
  });

  it('is hidden just before the start and just after the stop', () => {
    expect(isVisible(timing, 1.999)).toBe(false);
    expect(isVisible(timing, 5.001)).toBe(false);
  });
});

describe('local playhead (002 §4): playhead minus start, or -1 while hidden', () => {
  const timing = { start: 2, stop: 5 };

  it('is 0 at the start and the item length at the stop', () => {
    expect(localPlayhead(timing, 2)).toBe(0);
    expect(localPlayhead(timing, 5)).toBe(3);
  });

  it('is the playhead minus the start in between', () => {
    expect(localPlayhead(timing, 3.5)).toBe(1.5);
  });

  it('is -1 before the start and after the stop', () => {
    expect(localPlayhead(timing, 1)).toBe(-1);
    expect(localPlayhead(timing, 6)).toBe(-1);
  });
});

describe('active keyframe (002 §4): the largest non-negative delay not greater than the local playhead', () => {
  const keyframes = [buildKeyframe(0), buildKeyframe(1), buildKeyframe(2.5)];

  it('picks the keyframe with the largest delay at or before the local playhead', () => {
    expect(activeKeyframe(keyframes, 1.7)?.delay).toBe(1);
    expect(activeKeyframe(keyframes, 9)?.delay).toBe(2.5);
  });

  it('a keyframe becomes active exactly at its delay', () => {
    expect(activeKeyframe(keyframes, 1)?.delay).toBe(1);
    expect(activeKeyframe(keyframes, 2.5)?.delay).toBe(2.5);
  });

  it('is none before the first keyframe and while the item is hidden (local playhead -1)', () => {
    expect(activeKeyframe([buildKeyframe(1)], 0.5)).toBeNull();
    expect(activeKeyframe(keyframes, -1)).toBeNull();
    expect(activeKeyframe([], 3)).toBeNull();
  });

  it('ignores keyframes with a negative delay', () => {
    expect(activeKeyframe([buildKeyframe(-1)], 0)).toBeNull();
    expect(activeKeyframe([buildKeyframe(-1)], 5)).toBeNull();
    expect(activeKeyframe([buildKeyframe(-0.5), buildKeyframe(0.5)], 0.2)).toBeNull();
  });

  it('does not depend on the order of the list', () => {
    const shuffled = [buildKeyframe(2.5), buildKeyframe(0), buildKeyframe(1)];
    expect(activeKeyframe(shuffled, 1.7)?.delay).toBe(1);
  });

  it('on a tie of equal delays the later keyframe in the list wins', () => {
    const tied = [buildKeyframe(1, 0.1), buildKeyframe(1, 0.9)];
    expect(activeKeyframe(tied, 1)?.style.left).toBe(0.9);
  });
});

describe('keyframe normalisation (002 §5): delays rounded to 2 decimals and kept sorted', () => {
  it('rounds each delay to 2 decimals', () => {
    const result = normalizeKeyframes([buildKeyframe(1.234), buildKeyframe(0.125), buildKeyframe(2.999)]);
    expect(result.map((k) => k.delay)).toEqual([0.13, 1.23, 3]);
  });

  it('sorts by delay', () => {
    const result = normalizeKeyframes([buildKeyframe(3), buildKeyframe(0), buildKeyframe(1.5)]);
    expect(result.map((k) => k.delay)).toEqual([0, 1.5, 3]);
  });

  it('keeps one keyframe per rounded delay, the later one winning', () => {
    const result = normalizeKeyframes([buildKeyframe(1.001, 0.1), buildKeyframe(0.5), buildKeyframe(0.999, 0.9)]);
    expect(result).toEqual([buildKeyframe(0.5), { delay: 1, style: { left: 0.9 } }]);
  });

  it('drops negative delays, which are never active, so normalising does not change what is shown', () => {
    const keyframes = [buildKeyframe(-1, 0.7), buildKeyframe(2)];
    expect(activeKeyframe(keyframes, 0)).toBeNull();
    const result = normalizeKeyframes(keyframes);
    expect(result.map((k) => k.delay)).toEqual([2]);
    expect(activeKeyframe(result, 0)).toBeNull();
  });

  it('does not change the list it was given', () => {
    const keyframes = [buildKeyframe(2.345), buildKeyframe(1)];
    normalizeKeyframes(keyframes);
    expect(keyframes.map((k) => k.delay)).toEqual([2.345, 1]);
  });
});

describe('adding keyframes (002 §5): only while the playhead lies within the item', () => {
  const item = { timing: { start: 2, stop: 5 }, keyframes: [buildKeyframe(0), buildKeyframe(2)] };

  it('can add at the start, at the stop and in between', () => {
    expect(canAddKeyframe(item.timing, 2)).toBe(true);
    expect(canAddKeyframe(item.timing, 3)).toBe(true);
    expect(canAddKeyframe(item.timing, 5)).toBe(true);
  });

  it('cannot add before the start or after the stop', () => {
    expect(canAddKeyframe(item.timing, 1.99)).toBe(false);
    expect(canAddKeyframe(item.timing, 5.01)).toBe(false);
    expect(addKeyframe(item, 1, { left: 0.3 })).toBeNull();
    expect(addKeyframe(item, 6, { left: 0.3 })).toBeNull();
  });

  it('adds at the local playhead, rounded to 2 decimals, keeping the list sorted', () => {
    const result = addKeyframe(item, 3.2345, { left: 0.3 });
    expect(result?.map((k) => k.delay)).toEqual([0, 1.23, 2]);
    expect(result?.[1]?.style).toEqual({ left: 0.3 });
  });

  it('rounds away floating-point noise of playhead minus start', () => {
    const result = addKeyframe({ timing: { start: 0.1, stop: 2 }, keyframes: [] }, 1.3, { top: 0 });
    expect(result?.[0]?.delay).toBe(1.2);
  });

  it('replaces the keyframe already at that delay', () => {
    const result = addKeyframe(item, 4, { left: 0.8 });
    expect(result).toEqual([buildKeyframe(0), { delay: 2, style: { left: 0.8 } }]);
  });

  it('at the start gives delay 0 and at the stop gives the item length', () => {
    const empty = { timing: item.timing, keyframes: [] };
    expect(addKeyframe(empty, 2, {})?.[0]?.delay).toBe(0);
    expect(addKeyframe(empty, 5, {})?.[0]?.delay).toBe(3);
  });
});

describe('video clamping (002 §4): the clip time shown at a local playhead', () => {
  it('without a stopTime after startTime the clip is not clamped (stopTime ≤ startTime)', () => {
    expect(videoTime(clip(), 7)).toBe(7);
    expect(videoTime(clip({ startTime: 5, stopTime: 2 }), 3)).toBe(8);
    expect(videoTime(clip({ startTime: 4, stopTime: 4 }), 10)).toBe(14);
  });

  it('starts at startTime', () => {
    expect(videoTime(clip({ startTime: 2, stopTime: 6 }), 0)).toBe(2);
    expect(videoTime(clip({ startTime: 2, stopTime: 6 }), 1.5)).toBe(3.5);
  });

  it('holds at stopTime once the clip reaches it', () => {
    expect(videoTime(clip({ startTime: 2, stopTime: 6 }), 4)).toBe(6);
    expect(videoTime(clip({ startTime: 2, stopTime: 6 }), 10)).toBe(6);
  });

  it('runs at the clip speed', () => {
    expect(videoTime(clip({ startTime: 2, stopTime: 20, speed: 2 }), 3)).toBe(8);
    expect(videoTime(clip({ startTime: 2, stopTime: 20, speed: 0.5 }), 3)).toBe(3.5);
    expect(videoTime(clip({ startTime: 2, stopTime: 6, speed: 2.5 }), 2)).toBe(6);
  });

  it('loops between startTime and stopTime when loop is on', () => {
    const looping = clip({ startTime: 2, stopTime: 6, loop: true });
    expect(videoTime(looping, 3)).toBe(5);
    expect(videoTime(looping, 5)).toBe(3);
    expect(videoTime(looping, 4)).toBe(2);
    expect(videoTime({ ...looping, speed: 2 }, 3)).toBe(4);
  });

  it('a playhead before the clip start seeks back to startTime', () => {
    expect(videoTime(clip({ startTime: 2, stopTime: 6 }), -1)).toBe(2);
    expect(videoTime(clip({ startTime: 2 }), -0.5)).toBe(2);
    expect(videoTime(clip({ startTime: 2, stopTime: 6, loop: true }), -1)).toBe(2);
  });
});

describe('minimum item duration (002 §5, §9): 0.1 s', () => {
  it('is 0.1 s', () => {
    expect(MIN_ITEM_DURATION).toBe(0.1);
  });

  it('the timing schema accepts exactly 0.1 s, including floating-point noise', () => {
    expect(TimingSchema.safeParse({ start: 1, stop: 1.1 }).success).toBe(true);
    expect(TimingSchema.safeParse({ start: 0.2, stop: 0.3 }).success).toBe(true);
    expect(TimingSchema.safeParse({ start: 0, stop: 3 }).success).toBe(true);
  });

  it('the timing schema refuses shorter, empty and reversed timings, on stop', () => {
    for (const timing of [
      { start: 1, stop: 1.09 },
      { start: 1, stop: 1 },
      { start: 3, stop: 2 },
    ]) {
      const result = TimingSchema.safeParse(timing);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.path).toEqual(['stop']);
    }
  });

  it('the timing schema refuses a negative start', () => {
    expect(TimingSchema.safeParse({ start: -1, stop: 2 }).success).toBe(false);
  });

  it('withMinDuration lengthens a short timing by moving stop, never start', () => {
    expect(withMinDuration({ start: 1, stop: 1 })).toEqual({ start: 1, stop: 1.1 });
    expect(withMinDuration({ start: 1, stop: 0.5 })).toEqual({ start: 1, stop: 1.1 });
  });

  it('withMinDuration leaves a long enough timing alone', () => {
    expect(withMinDuration({ start: 1, stop: 4 })).toEqual({ start: 1, stop: 4 });
    expect(withMinDuration({ start: 1, stop: 1.1 })).toEqual({ start: 1, stop: 1.1 });
  });

  it('withMinDuration moves a negative start to 0', () => {
    expect(withMinDuration({ start: -2, stop: -1 })).toEqual({ start: 0, stop: 0.1 });
  });

  it('every timing withMinDuration returns passes the schema', () => {
    for (const start of [0, 0.1, 0.2, 0.7, 1.3, 2.05, 99.99]) {
      expect(TimingSchema.safeParse(withMinDuration({ start, stop: start })).success).toBe(true);
    }
  });
});

describe('new item timing (002 §2, §9; 001 §9): from the playhead for 3 s', () => {
  it('starts at the playhead and stops 3 s later', () => {
    expect(newItemTiming(0)).toEqual({ start: 0, stop: 3 });
    expect(newItemTiming(2.5)).toEqual({ start: 2.5, stop: 5.5 });
  });

  it('never starts before 0', () => {
    expect(newItemTiming(-1)).toEqual({ start: 0, stop: 3 });
  });
});

describe('the trim rule (001 §4, 002 §2): a negative selection makes stop = start + 5', () => {
  it('a negative selection gets stop = start + 5', () => {
    expect(trimSelection(4, 2)).toEqual({ start: 4, stop: 9 });
  });

  it('a positive selection is kept', () => {
    expect(trimSelection(2, 8)).toEqual({ start: 2, stop: 8 });
  });

  it('an empty selection is not negative and is kept', () => {
    expect(trimSelection(4, 4)).toEqual({ start: 4, stop: 4 });
  });
});

describe('movie timing: frames play one after another', () => {
  const movie = buildMovie(5, 3, 2);

  it('movieDuration is the sum of the frame durations; 0 without frames', () => {
    expect(movieDuration(movie)).toBe(10);
    expect(movieDuration({ frames: [] })).toBe(0);
  });

  it('frameStarts gives the movie time at which each frame begins', () => {
    expect(frameStarts(movie)).toEqual([0, 5, 8]);
    expect(frameStarts({ frames: [] })).toEqual([]);
  });

  it('frameAt finds the frame and the time inside it', () => {
    expect(frameAt(movie, 0)).toMatchObject({ index: 0, local: 0 });
    expect(frameAt(movie, 4.5)).toMatchObject({ index: 0, local: 4.5 });
    expect(frameAt(movie, 6)).toMatchObject({ index: 1, local: 1 });
    expect(frameAt(movie, 6)?.frame.id).toBe('frame-2');
  });

  it('a time on a boundary belongs to the next frame', () => {
    expect(frameAt(movie, 5)).toMatchObject({ index: 1, local: 0 });
    expect(frameAt(movie, 8)).toMatchObject({ index: 2, local: 0 });
  });

  it('the end and times past it show the last frame at its last instant', () => {
    expect(frameAt(movie, 10)).toMatchObject({ index: 2, local: 2 });
    expect(frameAt(movie, 99)).toMatchObject({ index: 2, local: 2 });
  });

  it('a time before 0 shows the first frame at 0', () => {
    expect(frameAt(movie, -3)).toMatchObject({ index: 0, local: 0 });
  });

  it('a movie without frames has no frame at any time', () => {
    expect(frameAt({ frames: [] }, 0)).toBeNull();
  });

  it('contentDuration is the latest item stop of a frame', () => {
    const frame = {
      items: [
        createTextItem('a', 'A', { timing: { start: 0, stop: 3 } }),
        createTextItem('b', 'B', { timing: { start: 1, stop: 7.5 } }),
      ],
    };
    expect(contentDuration(frame)).toBe(7.5);
  });

  it('contentDuration of an empty frame is the minimum item duration', () => {
    expect(contentDuration({ items: [] })).toBe(MIN_ITEM_DURATION);
  });
});
