import { audioPlan, createTextItem, type Movie, MovieSchema, PRODUCT_WATERMARK } from '@reelwright/core';
import { describe, expect, it } from 'vitest';
import { chooseEvictions, type SegmentEntry } from './segment-cache';
import { MIN_SEGMENT_SECONDS, type PlannedSegment, planSegments, segmentHash } from './segments';
import { soundHash } from './sound-hash';

const FPS = 30;
const box = { left: 0, top: 0, width: 0.5, height: 0.5 };

/** Slides of the given durations, each a caption and an image; narration on the first. */
function movie(durations: number[], change: (m: Movie) => Movie = (m) => m): Movie {
  const parsed = MovieSchema.parse({
    size: { width: 640, height: 360 },
    audio: { url: 'music.mp3' },
    frames: durations.map((duration, i) => ({
      id: `s${i}`,
      duration,
      items: [
        createTextItem('t', `Slide ${i}`, {
          timing: { start: 0, stop: duration },
          ...(i === 0 ? { audio: { url: 'voice.mp3', source: 'tts' as const } } : {}),
        }),
        { id: 'pic', type: 'image', url: `pic-${i}.png`, box, timing: { start: 0, stop: duration } },
        { id: 'voice', type: 'audio', url: `voice-${i}.mp3`, box, timing: { start: 0, stop: duration } },
      ],
    })),
  });
  return change(parsed);
}

const output = { width: 320, height: 180, fps: FPS, renderer: 'test' };
const content = (m: Movie) =>
  new Map(planSegments(m, FPS).flatMap((s) => s.media.map((url) => [url, `sha256:${url}`] as const)));
const hashes = (m: Movie, contentOf = content(m)) =>
  planSegments(m, FPS).map((s: PlannedSegment) => segmentHash(s, output, contentOf, () => ['font']));

describe('planSegments', () => {
  it('makes a segment of each slide long enough, covering every frame once', () => {
    const plan = planSegments(movie([5, 5, 3]), FPS);
    expect(plan.map(({ first, end, slides }) => ({ first, end, slides }))).toEqual([
      { first: 0, end: 150, slides: [0] },
      { first: 150, end: 300, slides: [1] },
      { first: 300, end: 390, slides: [2] },
    ]);
    expect(plan[1]!.times[0]).toEqual([0, 0]);
    expect(plan[1]!.media).toEqual(['pic-1.png']);
  });

  it(`joins slides shorter than ${MIN_SEGMENT_SECONDS} s with the next, and a short end with the one before`, () => {
    const plan = planSegments(movie([0.5, 1, 1, 4, 1]), FPS);
    expect(plan.map((s) => s.slides)).toEqual([
      [0, 1, 2],
      [3, 4],
    ]);
    expect(plan.at(-1)!.end).toBe(225);
  });
});

describe('segmentHash', () => {
  it('changes only for the segment whose slide changed', () => {
    const before = hashes(movie([2, 2, 2]));
    const edited = movie([2, 2, 2], (m) => {
      const item = m.frames[1]!.items[0]!;
      if (item.type === 'text') item.paragraphs[0]!.runs[0]!.text = 'Edited';
      return m;
    });
    const after = hashes(edited);
    expect(after.map((h, i) => h === before[i])).toEqual([true, false, true]);
  });

  it('ignores the sound: music, narration, sound items', () => {
    const before = hashes(movie([2, 2]));
    const louder = movie([2, 2], (m) => ({
      ...m,
      audio: { url: 'other.mp3', musicVolume: 1, voiceVolume: 0.5 },
      frames: m.frames.map((f) => ({ ...f, musicMuted: true, items: f.items.filter((i) => i.type !== 'audio') })),
    }));
    expect(hashes(louder)).toEqual(before);
  });

  it('follows the media bytes, the watermark and the output', () => {
    const m = movie([2, 2]);
    const before = hashes(m);
    const newBytes = content(m).set('pic-0.png', 'sha256:changed');
    expect(hashes(m, newBytes).map((h, i) => h === before[i])).toEqual([false, true]);
    expect(hashes({ ...m, watermark: PRODUCT_WATERMARK }).some((h, i) => h === before[i])).toBe(false);
    const wider = planSegments(m, FPS).map((s) => segmentHash(s, { ...output, width: 640 }, content(m), () => []));
    expect(wider.some((h, i) => h === before[i])).toBe(false);
  });

  it('follows the local times its frames are drawn at: a slide shifted between frames is drawn again', () => {
    const base = hashes(movie([2, 2, 2]));
    expect(hashes(movie([2, 2, 2]))).toEqual(base);
    expect(hashes(movie([2.01, 2, 2]))[1]).not.toBe(base[1]);
  });
});

describe('soundHash', () => {
  const sound = (m: Movie, contentOf?: Map<string, string>, duration = 4, encoder = 'aac') => {
    const clips = audioPlan(m);
    const bytes = contentOf ?? new Map(clips.map((c) => [c.url, `sha256:${c.url}`] as const));
    return soundHash(clips, duration, bytes, encoder);
  };

  it('stays the same when only pictures change: a text edit needs no new sound', () => {
    const edited = movie([2, 2], (m) => ({
      ...m,
      frames: m.frames.map((f, i) =>
        i === 1
          ? { ...f, items: f.items.map((item) => (item.type === 'image' ? { ...item, url: 'other.png' } : item)) }
          : f,
      ),
    }));
    expect(sound(edited)).toBe(sound(movie([2, 2])));
  });

  it('follows the plan, the sources’ bytes, the length and the encoder', () => {
    const m = movie([2, 2]);
    const base = sound(m);
    expect(sound({ ...m, audio: { ...m.audio, musicVolume: 0.5 } })).not.toBe(base);
    expect(sound(movie([2, 3]), undefined, 5)).not.toBe(base);
    const bytes = new Map(audioPlan(m).map((c) => [c.url, c.url === 'voice-1.mp3' ? 'sha256:new' : `sha256:${c.url}`]));
    expect(sound(m, bytes)).not.toBe(base);
    expect(sound(m, undefined, 4.1)).not.toBe(base);
    expect(sound(m, undefined, 4, 'aac 128k')).not.toBe(base);
    expect(() => sound(m, new Map())).toThrow(/No content hash/);
  });
});

describe('chooseEvictions', () => {
  const now = new Date('2026-06-01T12:00:00Z');
  const entry = (hash: string, minutesAgo: number, bytes = 100): SegmentEntry => ({
    hash,
    bytes,
    createdAt: new Date(now.getTime() - minutesAgo * 60_000),
    lastUsedAt: new Date(now.getTime() - minutesAgo * 60_000),
  });
  const entries = [entry('a', 5000), entry('b', 300), entry('c', 200), entry('d', 10)];

  it('evicts by age', () => {
    const chosen = chooseEvictions(entries, now, { maxAgeSeconds: 3600 * 24, maxBytes: 1e9, protectSeconds: 60 });
    expect(chosen.map((e) => e.hash)).toEqual(['a']);
  });

  it('evicts the least recently used past the total size', () => {
    const chosen = chooseEvictions(entries, now, { maxAgeSeconds: 1e9, maxBytes: 150, protectSeconds: 60 });
    expect(chosen.map((e) => e.hash)).toEqual(['a', 'b', 'c']);
  });

  it('never evicts what was used within the protected time', () => {
    const chosen = chooseEvictions(entries, now, { maxAgeSeconds: 0, maxBytes: 0, protectSeconds: 250 * 60 });
    expect(chosen.map((e) => e.hash)).toEqual(['a', 'b']);
  });
});
