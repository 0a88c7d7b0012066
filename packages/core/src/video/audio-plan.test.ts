import { describe, expect, it } from 'vitest';
import { audioPlan } from './audio-plan';
import { createTextItem } from './factories';
import { type AudioItem, ItemSchema, type VideoItem } from './item';
import { type Movie, MovieSchema } from './movie';

const box = { left: 0, top: 0, width: 0.5, height: 0.5 };
const buildAudioItem = (id: string, overrides: Partial<AudioItem> = {}) =>
  ItemSchema.parse({ id, type: 'audio', url: `${id}.mp3`, timing: { start: 0, stop: 3 }, box, ...overrides });
const buildVideoItem = (id: string, overrides: Partial<VideoItem> = {}) =>
  ItemSchema.parse({ id, type: 'video', url: `${id}.mp4`, timing: { start: 0, stop: 3 }, box, ...overrides });
const buildMovie = (overrides: { frames?: object[]; audio?: Partial<Movie['audio']> } = {}): Movie =>
  MovieSchema.parse({
    audio: overrides.audio ?? {},
    frames: (overrides.frames ?? []).map((frame, index) => ({ id: `frame-${index + 1}`, duration: 5, ...frame })),
  });

describe('audio plan: narration and audio items (voiceVolume × item volume)', () => {
  it('plays an audio item at voiceVolume × item volume, from its start, at normal rate', () => {
    const movie = buildMovie({
      audio: { voiceVolume: 0.8 },
      frames: [{ items: [buildAudioItem('a', { volume: 0.5, timing: { start: 1, stop: 4 } })] }],
    });
    expect(audioPlan(movie)).toEqual([
      {
        kind: 'narration',
        url: 'a.mp3',
        start: 1,
        offset: 0,
        duration: 3,
        rate: 1,
        gain: 0.4,
        loop: false,
        itemId: 'a',
      },
    ]);
  });

  it('places items of later frames at the frame start plus the item start', () => {
    const movie = buildMovie({
      frames: [{ duration: 4 }, { duration: 6, items: [buildAudioItem('a', { timing: { start: 1.5, stop: 3 } })] }],
    });
    expect(audioPlan(movie)[0]).toMatchObject({ start: 5.5, duration: 1.5 });
  });

  it('plays no longer than the measured length of the audio', () => {
    const movie = buildMovie({
      frames: [{ items: [buildAudioItem('a', { duration: 2.2, timing: { start: 0, stop: 4 } })] }],
    });
    expect(audioPlan(movie)[0]?.duration).toBe(2.2);
  });

  it("plays one part of a longer recording from the item's offset", () => {
    const movie = buildMovie({
      frames: [{ items: [buildAudioItem('a', { offset: 12.5, duration: 2, timing: { start: 0.5, stop: 3 } })] }],
    });
    expect(audioPlan(movie)[0]).toMatchObject({ start: 0.5, offset: 12.5, duration: 2 });
  });

  it('drops narration whose gain is zero (voice volume 0 or item volume 0)', () => {
    const item = buildAudioItem('a');
    expect(audioPlan(buildMovie({ audio: { voiceVolume: 0 }, frames: [{ items: [item] }] }))).toEqual([]);
    expect(audioPlan(buildMovie({ frames: [{ items: [buildAudioItem('b', { volume: 0 })] }] }))).toEqual([]);
  });
});

describe('audio plan: audio attached to a visual item (spec 002 §3 item audio)', () => {
  const buildImageItem = (id: string, overrides: Record<string, unknown> = {}) =>
    ItemSchema.parse({ id, type: 'image', url: `${id}.png`, timing: { start: 1, stop: 4 }, box, ...overrides });

  it("plays from the item's start at voiceVolume for its duration when the item shows longer", () => {
    const movie = buildMovie({
      audio: { voiceVolume: 0.8 },
      frames: [{ duration: 4 }, { items: [buildImageItem('i', { audio: { url: 'said.mp3', duration: 2 } })] }],
    });
    expect(audioPlan(movie)).toEqual([
      {
        kind: 'narration',
        url: 'said.mp3',
        start: 5,
        offset: 0,
        duration: 2,
        rate: 1,
        gain: 0.8,
        loop: false,
        itemId: 'i',
      },
    ]);
  });

  it('stops when the item hides, or at the frame end, when the audio is longer', () => {
    const long = buildImageItem('i', { audio: { url: 'long.mp3', duration: 9 } });
    const pastEnd = buildImageItem('j', { timing: { start: 3, stop: 8 }, audio: { url: 'j.mp3', duration: 9 } });
    const clips = audioPlan(buildMovie({ frames: [{ duration: 5, items: [long, pastEnd] }] }));
    expect(clips.map((clip) => [clip.itemId, clip.duration])).toEqual([
      ['i', 3],
      ['j', 2],
    ]);
  });

  it('plays while the item shows when its duration was not measured', () => {
    const item = buildImageItem('i', { audio: { url: 'a.mp3' } });
    expect(audioPlan(buildMovie({ frames: [{ items: [item] }] }))[0]?.duration).toBe(3);
  });

  it('works on text, video and gallery items too, beside a clip sound of its own', () => {
    const audio = { url: 'a.mp3', source: 'tts' as const, duration: 1 };
    const items = [
      ItemSchema.parse({ ...createTextItem('t', 'Hello'), audio }),
      buildVideoItem('v', { audio }),
      ItemSchema.parse({ id: 'g', type: 'gallery', images: [], timing: { start: 0, stop: 3 }, box, audio }),
    ];
    const clips = audioPlan(buildMovie({ frames: [{ items }] }));
    expect(clips.map((clip) => [clip.itemId, clip.kind])).toEqual([
      ['t', 'narration'],
      ['v', 'narration'],
      ['v', 'clip'],
      ['g', 'narration'],
    ]);
  });

  it('is silent at voice volume 0', () => {
    const item = buildImageItem('i', { audio: { url: 'a.mp3' } });
    expect(audioPlan(buildMovie({ audio: { voiceVolume: 0 }, frames: [{ items: [item] }] }))).toEqual([]);
  });
});

describe('audio plan: video clip sound (item volume, offset startTime, rate speed)', () => {
  it('plays the clip sound at the item volume, not scaled by the voice volume', () => {
    const movie = buildMovie({
      audio: { voiceVolume: 0.5 },
      frames: [
        { items: [buildVideoItem('v', { volume: 0.7, startTime: 2, speed: 1.5, timing: { start: 1, stop: 3 } })] },
      ],
    });
    expect(audioPlan(movie)).toEqual([
      { kind: 'clip', url: 'v.mp4', start: 1, offset: 2, duration: 2, rate: 1.5, gain: 0.7, loop: false, itemId: 'v' },
    ]);
  });

  it('keeps the item loop flag for an unclamped clip', () => {
    const movie = buildMovie({ frames: [{ items: [buildVideoItem('v', { loop: true })] }] });
    expect(audioPlan(movie)[0]).toMatchObject({ loop: true, offset: 0, duration: 3 });
  });

  it('drops the sound of a muted clip (volume 0)', () => {
    expect(audioPlan(buildMovie({ frames: [{ items: [buildVideoItem('v', { volume: 0 })] }] }))).toEqual([]);
  });

  it('keeps a video-site clip silent: it is a visual layer (D55)', () => {
    const site = buildVideoItem('v', { url: 'https://youtu.be/dQw4w9WgXcQ', volume: 1 });
    expect(audioPlan(buildMovie({ frames: [{ items: [site] }] }))).toEqual([]);
  });

  it('stops the sound where the picture stops: at stopTime, in movie time divided by speed', () => {
    const item = buildVideoItem('v', { startTime: 2, stopTime: 4, speed: 2, timing: { start: 0, stop: 5 } });
    expect(audioPlan(buildMovie({ frames: [{ items: [item] }] }))).toEqual([
      { kind: 'clip', url: 'v.mp4', start: 0, offset: 2, duration: 1, rate: 2, gain: 1, loop: false, itemId: 'v' },
    ]);
  });

  it('repeats only the startTime–stopTime part of a looped clip, like the picture', () => {
    const item = buildVideoItem('v', { startTime: 2, stopTime: 4, loop: true, timing: { start: 1, stop: 5 } });
    const clips = audioPlan(buildMovie({ frames: [{ items: [item] }] }));
    expect(clips.map(({ start, offset, duration, loop }) => ({ start, offset, duration, loop }))).toEqual([
      { start: 1, offset: 2, duration: 2, loop: false },
      { start: 3, offset: 2, duration: 2, loop: false },
    ]);
  });

  it('cuts the last repeat of a looped clip at the item stop', () => {
    const item = buildVideoItem('v', { startTime: 0, stopTime: 2, loop: true, timing: { start: 0, stop: 5 } });
    const clips = audioPlan(buildMovie({ frames: [{ items: [item] }] }));
    expect(clips.map((clip) => [clip.start, clip.duration])).toEqual([
      [0, 2],
      [2, 2],
      [4, 1],
    ]);
  });
});

describe('audio plan: items are cut at the end of their frame', () => {
  it('an item running past the frame end plays until the frame end', () => {
    const movie = buildMovie({
      frames: [
        {
          duration: 5,
          items: [
            buildAudioItem('a', { timing: { start: 2, stop: 8 } }),
            buildVideoItem('v', { timing: { start: 3, stop: 9 } }),
          ],
        },
      ],
    });
    expect(audioPlan(movie).map((clip) => [clip.itemId, clip.duration])).toEqual([
      ['a', 3],
      ['v', 2],
    ]);
  });

  it('an item starting at or after the frame end plays nothing', () => {
    const movie = buildMovie({
      frames: [
        {
          duration: 5,
          items: [
            buildAudioItem('a', { timing: { start: 5, stop: 8 } }),
            buildAudioItem('b', { timing: { start: 6, stop: 8 } }),
          ],
        },
      ],
    });
    expect(audioPlan(movie)).toEqual([]);
  });

  it('an item stopping exactly at the frame end plays to it', () => {
    const movie = buildMovie({
      frames: [{ duration: 5, items: [buildAudioItem('a', { timing: { start: 1, stop: 5 } })] }],
    });
    expect(audioPlan(movie)[0]?.duration).toBe(4);
  });
});

describe('audio plan: background music across the whole movie at musicVolume, looped', () => {
  it('plays the music from 0 for the movie duration, looped, at musicVolume', () => {
    const movie = buildMovie({ audio: { url: 'song.mp3' }, frames: [{ duration: 5 }, { duration: 7 }] });
    expect(audioPlan(movie)).toEqual([
      { kind: 'music', url: 'song.mp3', start: 0, offset: 0, duration: 12, rate: 1, gain: 0.25, loop: true },
    ]);
  });

  it('does not scale the music by the voice volume', () => {
    const movie = buildMovie({ audio: { url: 'song.mp3', musicVolume: 0.5, voiceVolume: 0.2 }, frames: [{}] });
    expect(audioPlan(movie)[0]?.gain).toBe(0.5);
  });

  it('has no music without a url, at music volume 0, or without frames', () => {
    expect(audioPlan(buildMovie({ frames: [{}] }))).toEqual([]);
    expect(audioPlan(buildMovie({ audio: { url: 'song.mp3', musicVolume: 0 }, frames: [{}] }))).toEqual([]);
    expect(audioPlan(buildMovie({ audio: { url: 'song.mp3' } }))).toEqual([]);
  });

  it('lists the music after the item sounds', () => {
    const movie = buildMovie({ audio: { url: 'song.mp3' }, frames: [{ items: [buildAudioItem('a')] }] });
    expect(audioPlan(movie).map((clip) => clip.kind)).toEqual(['narration', 'music']);
  });
});

describe('audio plan: silent items', () => {
  it('text, image and gallery items make no sound', () => {
    const items = [
      ItemSchema.parse({ id: 'i', type: 'image', url: 'i.png', timing: { start: 0, stop: 3 }, box }),
      ItemSchema.parse({ id: 'g', type: 'gallery', images: [], timing: { start: 0, stop: 3 }, box }),
    ];
    expect(audioPlan(buildMovie({ frames: [{ items }] }))).toEqual([]);
  });
});

describe('audioPlan: frames that mute the music', () => {
  it('silences the music during muted frames and resumes it where the track would be', () => {
    const movie = MovieSchema.parse({
      audio: { url: 'music.mp3', musicVolume: 0.25 },
      frames: [
        { id: 'a', duration: 4 },
        { id: 'b', duration: 3, musicMuted: true },
        { id: 'c', duration: 5 },
      ],
    });
    const music = audioPlan(movie).filter((clip) => clip.kind === 'music');
    expect(music.map(({ start, offset, duration }) => ({ start, offset, duration }))).toEqual([
      { start: 0, offset: 0, duration: 4 },
      { start: 7, offset: 7, duration: 5 },
    ]);
  });

  it('plays no music when every frame mutes it', () => {
    const movie = MovieSchema.parse({ audio: { url: 'music.mp3' }, frames: [{ id: 'a', musicMuted: true }] });
    expect(audioPlan(movie).filter((clip) => clip.kind === 'music')).toEqual([]);
  });
});
