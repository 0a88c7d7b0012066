import { useCallback, useEffect, useRef, useState } from 'react';
import { useAuthPopup } from '../../../account/auth-popup-store';
import { isLoggedIn, useUser } from '../../../account/use-user';
import { explainAudioFailure } from '../../../widgets/audio-player/audio-failure';
import { claimPlayback } from '../../../widgets/audio-player/one-at-a-time';

/**
 * One audio element for the panel: playing a url stops what played before; playing the same
 * url again stops it. `playing` is the url being heard, for the ▶ / ■ icons. It claims playback
 * like the audio players do, so a player starting elsewhere in the page silences it too.
 */
export function useAudioPlayer() {
  const audio = useRef<HTMLAudioElement | null>(null);
  const [playing, setPlaying] = useState<string | null>(null);

  const stop = useCallback(() => {
    audio.current?.pause();
    audio.current = null;
    setPlaying(null);
  }, []);

  const toggle = useCallback(
    (url: string) => {
      const same = audio.current && playing === url;
      stop();
      if (same || !url) return;
      const element = new Audio(url);
      // Fires as the audio ends, and when another player claims playback.
      element.addEventListener('pause', () => setPlaying((p) => (audio.current === element ? null : p)));
      element.addEventListener('error', () => {
        setPlaying((p) => (p === url ? null : p));
        void explainAudioFailure(url);
      });
      audio.current = element;
      setPlaying(url);
      claimPlayback(element);
      void element.play().catch(() => setPlaying(null));
    },
    [playing, stop],
  );

  useEffect(() => stop, [stop]);
  return { playing, toggle, stop };
}

/**
 * Members-only actions (uploads, search, recording draw on the member's storage): `guard(title)`
 * is true for a member, else opens the auth popup with `title` and is false.
 */
export function useMemberGate() {
  const { data: user } = useUser();
  const openAuth = useAuthPopup((s) => s.open);
  const member = isLoggedIn(user);
  const guard = useCallback(
    (title: string) => {
      if (member) return true;
      openAuth({ title, tab: 'login' });
      return false;
    },
    [member, openAuth],
  );
  return { user, member, guard };
}
