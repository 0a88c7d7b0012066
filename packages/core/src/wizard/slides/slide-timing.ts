import type { Seconds } from '../../video/units';
import { roundTo } from '../../video/units';
import { DEFAULT_TEXT_SECONDS, LAST_ITEM_MIN_SECONDS, LINE_GAP_SECONDS } from './constants';
import type { Slide, SlideText } from './schema';

/** When a line of a slide shows, seconds from the frame's start; `next` is where the next line starts. */
export type LineTiming = { start: Seconds; stop: Seconds; next: Seconds };

/**
 * Seconds of the line's narration, or undefined when it has none: the slide narrates (its audio
 * source is not 'none') and the line has an audio url and a duration (endTime − startTime for a
 * trimmed or synced part, else its duration).
 */
export function narrationSeconds(text: SlideText, audioSource: Slide['settings']['audioSource']): Seconds | undefined {
  const { url, duration, startTime, endTime } = text.audio;
  if (audioSource === 'none' || url === '') return undefined;
  const seconds =
    startTime !== undefined && endTime !== undefined && endTime > startTime ? endTime - startTime : duration;
  return seconds !== undefined && seconds > 0 ? seconds : undefined;
}

/**
 * The timings of a slide's lines (spec 001 §9): each line lasts its narration, or 3 s without
 * one, and at least its own minimum duration when set (1–300 s; 0 = automatic); the last lasts at
 * least 2.5 s; lines are 0.15 s apart. Times are rounded to milliseconds.
 */
export function lineTimings(texts: readonly SlideText[], audioSource: Slide['settings']['audioSource']): LineTiming[] {
  const out: LineTiming[] = [];
  let start = 0;
  texts.forEach((text, i) => {
    let seconds = narrationSeconds(text, audioSource) ?? DEFAULT_TEXT_SECONDS;
    if (text.minDuration > 0) seconds = Math.max(seconds, text.minDuration);
    if (i === texts.length - 1) seconds = Math.max(seconds, LAST_ITEM_MIN_SECONDS);
    const stop = roundTo(start + seconds, 3);
    const next = i === texts.length - 1 ? stop : roundTo(stop + LINE_GAP_SECONDS, 3);
    out.push({ start, stop, next });
    start = next;
  });
  return out;
}

/** Seconds a slide's frame lasts: until its last line stops; 3 s for a slide without lines. */
export function slideSeconds(timings: readonly LineTiming[]): Seconds {
  return timings.at(-1)?.stop ?? DEFAULT_TEXT_SECONDS;
}
