import type { Movie } from '@reelwright/core';

/** A stock track of `GET /api/members/music`. */
export type MusicTrack = { id: string; name: string; url: string; duration: number; mood: string };

/**
 * The background music chosen in the customize step, stored as `wizard.music` (absent: no
 * music). `url` is kept beside `id` so the video plays even when the stock list changes.
 */
export type WizardMusic = { id: string; url: string; volume: number };

/** Music volume when a track is first chosen (0–1; the movie's default music level). */
export const DEFAULT_MUSIC_VOLUME = 0.25;

const clampVolume = (volume: number) =>
  Number.isFinite(volume) ? Math.min(1, Math.max(0, volume)) : DEFAULT_MUSIC_VOLUME;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/** The tracks of the music call's answer; entries without an id or url are skipped, ids become strings. */
export function readTracks(answer: unknown): MusicTrack[] {
  const list = isRecord(answer) && Array.isArray(answer.tracks) ? answer.tracks : [];
  return list.flatMap((raw): MusicTrack[] => {
    if (!isRecord(raw)) return [];
    const id = typeof raw.id === 'number' || typeof raw.id === 'string' ? String(raw.id) : '';
    const url = typeof raw.url === 'string' ? raw.url : '';
    if (id === '' || url === '') return [];
    return [
      {
        id,
        url,
        name: typeof raw.name === 'string' && raw.name.trim() ? raw.name : `Track ${id}`,
        duration: typeof raw.duration === 'number' && raw.duration > 0 ? raw.duration : 0,
        mood: typeof raw.mood === 'string' ? raw.mood : '',
      },
    ];
  });
}

/** How far the server is with making its stock tracks, while it is (`done` of `total` ready). */
export type MusicPreparing = { done: number; total: number };

/** The stock music answer: the tracks ready, and the progress while more are being made (else null). */
export function readMusicList(answer: unknown): { tracks: MusicTrack[]; preparing: MusicPreparing | null } {
  const raw = isRecord(answer) && isRecord(answer.preparing) ? answer.preparing : null;
  const count = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? Math.max(0, value) : 0);
  const preparing = raw && count(raw.total) > 0 ? { done: count(raw.done), total: count(raw.total) } : null;
  return { tracks: readTracks(answer), preparing };
}

/** `wizard.music` as saved, or null for no music (a malformed value counts as none). */
export function readMusic(raw: unknown): WizardMusic | null {
  if (!isRecord(raw) || typeof raw.url !== 'string' || raw.url === '') return null;
  const id = typeof raw.id === 'string' || typeof raw.id === 'number' ? String(raw.id) : '';
  const volume = typeof raw.volume === 'number' ? clampVolume(raw.volume) : DEFAULT_MUSIC_VOLUME;
  return { id, url: raw.url, volume };
}

/**
 * The track ◀ (-1) or ▶ (+1) leads to, wrapping around. From no music (or a track no longer in
 * the list) ▶ gives the first track and ◀ the last. Undefined when there are no tracks.
 */
export function cycleTrack(
  tracks: readonly MusicTrack[],
  currentId: string | null,
  step: 1 | -1,
): MusicTrack | undefined {
  if (tracks.length === 0) return undefined;
  const index = currentId === null ? -1 : tracks.findIndex((track) => track.id === currentId);
  if (index === -1) return step === 1 ? tracks[0] : tracks[tracks.length - 1];
  return tracks[(index + step + tracks.length) % tracks.length];
}

/** The music after choosing `track`: the volume already set is kept. */
export function chooseTrack(track: MusicTrack, previous: WizardMusic | null): WizardMusic {
  return { id: track.id, url: track.url, volume: previous?.volume ?? DEFAULT_MUSIC_VOLUME };
}

/** The music with a new volume, clamped to 0–1. */
export function withVolume(music: WizardMusic, volume: number): WizardMusic {
  return { ...music, volume: clampVolume(volume) };
}

/** The movie's audio levels for the music (no music: no url, the default level). */
export function movieAudioFor(music: WizardMusic | null): Movie['audio'] {
  return {
    ...(music ? { url: music.url } : {}),
    musicVolume: music?.volume ?? DEFAULT_MUSIC_VOLUME,
    voiceVolume: 1,
  };
}
