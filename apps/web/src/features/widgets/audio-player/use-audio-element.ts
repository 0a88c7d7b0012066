import { type SyntheticEvent, useCallback, useEffect, useRef, useState } from 'react';
import { audioFailureReason } from './audio-failure';
import { type AudioStatus, canPlay, seekTime } from './audio-player-rules';
import { claimPlayback } from './one-at-a-time';

type MediaEvent = SyntheticEvent<HTMLAudioElement>;

/**
 * The state of one `<audio>` element, kept from its own events, and the actions on it. Spread
 * `audioProps` and `ref` on the element. `smooth` follows the playhead every frame while playing
 * (for a slider); otherwise `time` moves with the element's `timeupdate`, a few times a second.
 */
export function useAudioElement(url: string, { smooth }: { smooth: boolean }) {
  const ref = useRef<HTMLAudioElement>(null);
  const [status, setStatus] = useState<AudioStatus>('loading');
  const [playing, setPlaying] = useState(false);
  const [time, setTime] = useState(0);
  const [duration, setDuration] = useState(Number.NaN);
  const [muted, setMuted] = useState(false);
  /** The server's reason for a failed load, once asked. */
  const [reason, setReason] = useState<string | null>(null);

  useEffect(() => {
    if (!smooth || !playing) return;
    let frame = requestAnimationFrame(function follow() {
      setTime(ref.current?.currentTime ?? 0);
      frame = requestAnimationFrame(follow);
    });
    return () => cancelAnimationFrame(frame);
  }, [smooth, playing]);

  const audioProps = {
    onLoadedMetadata: (e: MediaEvent) => {
      setStatus('ready');
      setDuration(e.currentTarget.duration);
    },
    onDurationChange: (e: MediaEvent) => setDuration(e.currentTarget.duration),
    onTimeUpdate: (e: MediaEvent) => setTime(e.currentTarget.currentTime),
    onPlay: (e: MediaEvent) => {
      claimPlayback(e.currentTarget);
      setPlaying(true);
    },
    // Also fires as the audio ends, before `ended`.
    onPause: () => setPlaying(false),
    onVolumeChange: (e: MediaEvent) => setMuted(e.currentTarget.muted),
    onError: () => {
      setStatus('failed');
      setPlaying(false);
      void audioFailureReason(url).then(setReason);
    },
  };

  /** Pause keeps the position; play resumes from it (from the start once the audio has ended). */
  const toggle = useCallback(() => {
    const element = ref.current;
    if (!element || !canPlay(status)) return;
    // A refused play() also fires `error` or never fires `play`; the events keep the state.
    if (element.paused) element.play().catch(() => undefined);
    else element.pause();
  }, [status]);

  /** Moves the playhead to `fraction` (0–1) of the audio. */
  const seek = useCallback((fraction: number) => {
    const element = ref.current;
    if (!element) return;
    element.currentTime = seekTime(fraction, element.duration);
    setTime(element.currentTime);
  }, []);

  const toggleMute = useCallback(() => {
    if (ref.current) ref.current.muted = !ref.current.muted;
  }, []);

  return { ref, audioProps, status, playing, time, duration, muted, reason, toggle, seek, toggleMute };
}
