import { useEffect, useRef, useState } from 'react';
import { claimPlayback } from '../../widgets/audio-player/one-at-a-time';

/**
 * A looping preview of the music at its level, played only on request; it stops when the track
 * changes, and when another player in the page starts (one sound at a time).
 */
export function useMusicPreview(url: string | undefined, volume: number) {
  const [playing, setPlaying] = useState(false);
  const audio = useRef<HTMLAudioElement | null>(null);
  const volumeRef = useRef(volume);
  volumeRef.current = volume;

  useEffect(() => {
    if (!url) return;
    const element = new Audio(url);
    element.loop = true;
    element.volume = volumeRef.current;
    element.addEventListener('pause', () => setPlaying(false));
    element.addEventListener('play', () => setPlaying(true));
    audio.current = element;
    return () => {
      element.pause();
      audio.current = null;
      setPlaying(false);
    };
  }, [url]);

  useEffect(() => {
    if (audio.current) audio.current.volume = volume;
  }, [volume]);

  const toggle = () => {
    const element = audio.current;
    if (!element) return;
    if (element.paused) {
      claimPlayback(element);
      element.play().catch(() => setPlaying(false));
    } else element.pause();
  };
  return { playing, toggle };
}
