import { useDebouncedCallback } from '@mantine/hooks';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { BrowserHost } from './browser-host';
import type { PlaybackClock } from './playback-clock';

/** The control bar's slider commits a drag this long after the last move (spec 002 §2). */
export const SLIDER_COMMIT_DELAY = 500;

type PlaybackOptions = {
  clock: PlaybackClock | null;
  host: BrowserHost;
  /** Draws the movie at a time; null until the assets are loaded. */
  draw: ((time: number) => void) | null;
  duration: number;
  loop: boolean;
  /** Whether the playhead is shown (a control bar): then `time` follows playback. */
  trackTime: boolean;
  /** The time drawn while the player stands at 0 before playing (a poster frame). */
  posterTime?: number;
};

/** Play state and controls of one player. */
export type Playback = {
  ready: boolean;
  playing: boolean;
  /** The playhead as the control bar shows it (updated ten times a second while playing). */
  time: number;
  play(): void;
  pause(): void;
  toggle(): void;
  /** A slider move: the picture follows at once, the clock once the drag settles. */
  scrub(time: number): void;
  /** The end of a drag: commit it now. */
  endScrub(): void;
};

/**
 * Drives a player: draws every animation frame while playing (the clock's time, or the slider's
 * while it is dragged), once on pause and seek; stops at the end, or starts over with `loop`.
 */
export function usePlayback({ clock, host, draw, duration, loop, trackTime, posterTime }: PlaybackOptions): Playback {
  const [playing, setPlaying] = useState(false);
  const [time, setTime] = useState(0);
  const scrubbing = useRef<number | null>(null);
  const ready = clock !== null && draw !== null;

  const commit = useDebouncedCallback((to: number) => {
    clock?.seek(to);
    scrubbing.current = null;
  }, SLIDER_COMMIT_DELAY);

  const play = useCallback(() => {
    if (!clock) return;
    if (clock.time() >= duration - 1e-3) clock.seek(0);
    clock.play();
    host.setPlaying(true);
    setPlaying(true);
  }, [clock, host, duration]);

  const pause = useCallback(() => {
    if (!clock) return;
    clock.pause();
    host.setPlaying(false);
    setPlaying(false);
    setTime(clock.time());
  }, [clock, host]);

  const scrub = useCallback(
    (to: number) => {
      scrubbing.current = to;
      setTime(to);
      draw?.(to);
      commit(to);
    },
    [draw, commit],
  );

  // Still picture: whenever something changes while paused (assets, size, a committed seek).
  // At 0 (not played yet) the poster time is shown instead: a first frame is often still fading in.
  useEffect(() => {
    if (!draw || !clock || playing) return;
    const still = scrubbing.current ?? clock.time();
    draw(still === 0 && posterTime ? posterTime : still);
  }, [draw, clock, playing, posterTime]);

  useEffect(() => {
    if (!playing || !clock || !draw) return;
    let frame = 0;
    let shownTenth = -1;
    const tick = () => {
      let now = scrubbing.current ?? clock.time();
      if (scrubbing.current === null && now >= duration) {
        if (!loop || duration <= 0) {
          clock.pause();
          clock.seek(duration);
          host.setPlaying(false);
          draw(duration);
          setTime(duration);
          setPlaying(false);
          return;
        }
        clock.seek(0);
        now = 0;
      }
      draw(now);
      const tenth = Math.floor(now * 10);
      if (trackTime && tenth !== shownTenth) {
        shownTenth = tenth;
        setTime(now);
      }
      frame = requestAnimationFrame(tick);
    };
    frame = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(frame);
  }, [playing, clock, draw, duration, loop, host, trackTime]);

  // A new clock (a new audio plan) starts paused; the old one falls silent.
  useEffect(
    () => () => {
      clock?.pause();
      host.setPlaying(false);
      setPlaying(false);
    },
    [clock, host],
  );

  return {
    ready,
    playing,
    time,
    play,
    pause,
    toggle: playing ? pause : play,
    scrub,
    endScrub: commit.flush,
  };
}
