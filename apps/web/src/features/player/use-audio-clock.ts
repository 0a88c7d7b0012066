import { audioPlan, type Movie } from '@reelwright/core';
import { useEffect, useMemo, useState } from 'react';
import { loadAudioBuffers, sharedAudioContext } from './audio-buffers';
import { PlaybackClock } from './playback-clock';

/** The clock of one player and the state of its sounds. */
export type AudioClockState = {
  /** Null while the sounds load. */
  clock: PlaybackClock | null;
  /** Sound urls that could not be loaded (they stay silent). */
  missing: string[];
};

/**
 * Loads the movie's audio plan (`audioPlan`, decoded once per url) and gives a {@link PlaybackClock}
 * over it. A new plan gets a new clock that starts where the previous one stood.
 */
export function useAudioClock(movie: Movie): AudioClockState {
  const clips = useMemo(() => audioPlan(movie), [movie]);
  const [state, setState] = useState<AudioClockState>({ clock: null, missing: [] });

  useEffect(() => {
    let cancelled = false;
    let clock: PlaybackClock | null = null;
    const context = sharedAudioContext();
    void loadAudioBuffers(context, clips).then(({ buffers, missing }) => {
      if (cancelled) return;
      clock = new PlaybackClock(context, clips, buffers);
      setState((previous) => {
        if (previous.clock) clock?.seek(previous.clock.time());
        return { clock, missing };
      });
    });
    return () => {
      cancelled = true;
      clock?.dispose();
    };
  }, [clips]);

  return state;
}
