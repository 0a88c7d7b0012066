/**
 * The narration words of a movie in video time, for caption files and burned-in captions. A word
 * is heard when its audio is: an audio item from its start, from `offset` into the file, for its
 * duration while it shows; audio attached to a visual item from the item's start. Muted sound
 * (voice volume or item volume 0) is not captioned, nor a word cut off by the item's end.
 */
import type { Movie } from '../video/movie';
import { frameStarts } from '../video/timing';
import { type Cue, groupCues, type TimedWord } from './cues';
import type { SpokenWord } from './schema';

/** The part of a clip that is heard: where it starts in the video, from where in the file, for how long. */
type Heard = { at: number; offset: number; seconds: number; words: readonly SpokenWord[] };

/** Milliseconds are as fine as caption files go; rounding keeps sums like 0.6 − 0.5 exact. */
const ms = (seconds: number) => Math.round(seconds * 1000) / 1000;

function heardWords({ at, offset, seconds, words }: Heard): TimedWord[] {
  return words
    .filter((word) => word.start >= offset - 1e-6 && word.start < offset + seconds)
    .map((word) => ({
      text: word.text,
      start: ms(at + word.start - offset),
      end: ms(at + Math.min(word.end, offset + seconds) - offset),
    }));
}

export function movieCaptionWords(movie: Movie): TimedWord[] {
  const words: TimedWord[] = [];
  const starts = frameStarts(movie);
  const voice = movie.audio.voiceVolume;
  if (voice <= 0) return words;
  movie.frames.forEach((frame, index) => {
    const frameStart = starts[index] ?? 0;
    for (const item of frame.items) {
      const at = frameStart + item.timing.start;
      const visible = Math.min(item.timing.stop, frame.duration) - item.timing.start;
      if (visible <= 0) continue;
      if (item.type === 'audio' && item.words && item.volume > 0) {
        const seconds = Math.min(visible, item.duration ?? visible);
        words.push(...heardWords({ at, offset: item.offset, seconds, words: item.words }));
      } else if (item.type !== 'audio' && item.audio?.words) {
        const seconds = Math.min(visible, item.audio.duration ?? visible);
        words.push(...heardWords({ at, offset: 0, seconds, words: item.audio.words }));
      }
    }
  });
  return words.sort((a, b) => a.start - b.start);
}

/** The movie's captions: its narration words grouped into cues (`groupCues`). */
export function movieCues(movie: Movie): Cue[] {
  return groupCues(movieCaptionWords(movie));
}
