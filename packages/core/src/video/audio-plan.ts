import { isVideoSiteUrl } from '../media/video-site';
import type { Movie } from './movie';
import { frameStarts, movieDuration } from './timing';
import type { Seconds } from './units';

/** One sound to play: where it comes from, when, and how loud (DESIGN §6 "audio has one owner"). */
export type AudioClip = {
  /** What the clip is, for mixing rules and reports. */
  kind: 'narration' | 'music' | 'clip';
  url: string;
  /** Movie time at which the clip starts. */
  start: Seconds;
  /** Seconds into the source at which playback begins. */
  offset: Seconds;
  /** Seconds of movie time the clip plays. */
  duration: Seconds;
  /** Playback rate of the source (video clips may run at 0.5–2.5). */
  rate: number;
  /** Linear gain, 0–1. */
  gain: number;
  /** Repeat the source to fill the duration. */
  loop: boolean;
  /** The item it belongs to, when it belongs to one. */
  itemId?: string;
};

/**
 * Every sound of a movie: narration and audio items at voiceVolume × item volume, audio attached
 * to a visual item at voiceVolume from the item's start (for its duration or while the item
 * shows, whichever is shorter), video clip
 * sound at the item volume (from startTime, at the clip speed, ending or looping at stopTime as
 * the picture does), and background music at musicVolume across the movie, silent during frames
 * marked musicMuted. The
 * player schedules this list with Web Audio and the renderer compiles it into one ffmpeg graph,
 * so preview and export cannot drift.
 */
export function audioPlan(movie: Movie): AudioClip[] {
  const clips: AudioClip[] = [];
  const starts = frameStarts(movie);
  movie.frames.forEach((frame, index) => {
    const frameStart = starts[index] ?? 0;
    for (const item of frame.items) {
      const start = frameStart + item.timing.start;
      const visible = Math.min(item.timing.stop, frame.duration) - item.timing.start;
      if (visible <= 0) continue;
      if ('audio' in item && item.audio && movie.audio.voiceVolume > 0) {
        const { url, duration = visible } = item.audio;
        clips.push({
          kind: 'narration',
          url,
          start,
          offset: 0,
          duration: Math.min(visible, duration),
          rate: 1,
          gain: movie.audio.voiceVolume,
          loop: false,
          itemId: item.id,
        });
      }
      if (item.type === 'audio') {
        const duration = item.duration === undefined ? visible : Math.min(visible, item.duration);
        const gain = movie.audio.voiceVolume * item.volume;
        if (gain > 0) {
          clips.push({
            kind: 'narration',
            url: item.url,
            start,
            offset: item.offset,
            duration,
            rate: 1,
            gain,
            loop: false,
            itemId: item.id,
          });
        }
      } else if (item.type === 'video' && item.volume > 0 && !isVideoSiteUrl(item.url)) {
        // (A video-site clip is a silent picture, D55.)
        const clip = {
          kind: 'clip',
          url: item.url,
          offset: item.startTime,
          rate: item.speed,
          gain: item.volume,
          itemId: item.id,
        } as const;
        if (item.stopTime <= item.startTime) {
          clips.push({ ...clip, start, duration: visible, loop: item.loop });
          continue;
        }
        // Clamped like the picture (`videoTime`): the sound stops at stopTime, or a looped clip
        // repeats only its startTime–stopTime part, one clip per pass.
        const pass = (item.stopTime - item.startTime) / item.speed;
        const passes = item.loop ? Math.ceil(visible / pass - 1e-9) : 1;
        for (let index = 0; index < passes; index++) {
          const at = index * pass;
          clips.push({ ...clip, start: start + at, duration: Math.min(pass, visible - at), loop: false });
        }
      }
    }
  });
  if (movie.audio.url && movie.audio.musicVolume > 0) {
    // Music runs under the whole movie and falls silent during frames marked musicMuted: one clip
    // per run of unmuted frames, each taken from where the track would be at that moment.
    const url = movie.audio.url;
    let runStart: number | null = null;
    const closeRun = (end: number) => {
      if (runStart !== null && end > runStart) {
        clips.push({
          kind: 'music',
          url,
          start: runStart,
          offset: runStart,
          duration: end - runStart,
          rate: 1,
          gain: movie.audio.musicVolume,
          loop: true,
        });
      }
      runStart = null;
    };
    movie.frames.forEach((frame, index) => {
      const frameStart = starts[index] ?? 0;
      if (frame.musicMuted) closeRun(frameStart);
      else if (runStart === null) runStart = frameStart;
    });
    closeRun(movieDuration(movie));
  }
  return clips;
}
