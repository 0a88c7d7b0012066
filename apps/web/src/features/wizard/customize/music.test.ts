import { describe, expect, it } from 'vitest';
import {
  chooseTrack,
  cycleTrack,
  DEFAULT_MUSIC_VOLUME,
  type MusicTrack,
  movieAudioFor,
  readMusic,
  readMusicList,
  readTracks,
  withVolume,
} from './music';

const track = (id: string): MusicTrack => ({
  id,
  name: `Song ${id}`,
  url: `/music/${id}.mp3`,
  duration: 60,
  mood: 'calm',
});
const tracks = [track('a'), track('b'), track('c')];

describe('cycleTrack', () => {
  it('moves forward and back, wrapping around at both ends', () => {
    expect(cycleTrack(tracks, 'a', 1)?.id).toBe('b');
    expect(cycleTrack(tracks, 'c', 1)?.id).toBe('a');
    expect(cycleTrack(tracks, 'a', -1)?.id).toBe('c');
    expect(cycleTrack(tracks, 'b', -1)?.id).toBe('a');
  });

  it('starts at the first (▶) or last (◀) track from no music or an unknown track', () => {
    expect(cycleTrack(tracks, null, 1)?.id).toBe('a');
    expect(cycleTrack(tracks, null, -1)?.id).toBe('c');
    expect(cycleTrack(tracks, 'gone', 1)?.id).toBe('a');
  });

  it('gives nothing without tracks, and the same track when it is the only one', () => {
    expect(cycleTrack([], 'a', 1)).toBeUndefined();
    expect(cycleTrack([track('a')], 'a', 1)?.id).toBe('a');
  });
});

describe('music values', () => {
  it('choosing a track keeps the volume set, or starts at 0.25', () => {
    expect(chooseTrack(track('b'), null)).toEqual({ id: 'b', url: '/music/b.mp3', volume: DEFAULT_MUSIC_VOLUME });
    expect(chooseTrack(track('b'), { id: 'a', url: '/music/a.mp3', volume: 0.8 }).volume).toBe(0.8);
  });

  it('clamps the volume to 0–1', () => {
    const music = chooseTrack(track('a'), null);
    expect(withVolume(music, 1.5).volume).toBe(1);
    expect(withVolume(music, -1).volume).toBe(0);
    expect(withVolume(music, 0.4).volume).toBe(0.4);
  });

  it('reads the saved music tolerantly', () => {
    expect(readMusic(undefined)).toBeNull();
    expect(readMusic({ id: 'a' })).toBeNull();
    expect(readMusic({ id: 7, url: '/m.mp3', volume: 3 })).toEqual({ id: '7', url: '/m.mp3', volume: 1 });
    expect(readMusic({ id: 'a', url: '/m.mp3' })?.volume).toBe(DEFAULT_MUSIC_VOLUME);
  });

  it('reads the stock list, skipping broken entries', () => {
    expect(readTracks(null)).toEqual([]);
    expect(
      readTracks({ tracks: [{ id: 1, name: 'Sun', url: '/s.mp3', duration: 30, mood: 'happy' }, { id: 2 }, 'x'] }),
    ).toEqual([{ id: '1', name: 'Sun', url: '/s.mp3', duration: 30, mood: 'happy' }]);
  });

  it("gives the movie's audio levels", () => {
    expect(movieAudioFor(null)).toEqual({ musicVolume: 0.25, voiceVolume: 1 });
    expect(movieAudioFor({ id: 'a', url: '/a.mp3', volume: 0.5 })).toEqual({
      url: '/a.mp3',
      musicVolume: 0.5,
      voiceVolume: 1,
    });
  });
});

describe('readMusicList', () => {
  it('reads the progress while the server makes its tracks, and none once it is done', () => {
    const ready = { id: 'a', name: 'A', url: '/media/music/a.mp3', duration: 60, mood: 'calm' };
    expect(readMusicList({ tracks: [ready], preparing: { done: 1, total: 5 } })).toEqual({
      tracks: [ready],
      preparing: { done: 1, total: 5 },
    });
    expect(readMusicList({ tracks: [ready] })).toEqual({ tracks: [ready], preparing: null });
  });

  it('ignores a malformed progress', () => {
    expect(readMusicList({ tracks: [], preparing: 'soon' }).preparing).toBeNull();
    expect(readMusicList({ tracks: [], preparing: { done: 0, total: 0 } }).preparing).toBeNull();
    expect(readMusicList(null)).toEqual({ tracks: [], preparing: null });
  });
});
