import { notifications } from '@mantine/notifications';
import { useCallback, useEffect, useRef, useState } from 'react';
import { api } from '../../../../lib/api';
import { useAuthPopup } from '../../../account/auth-popup-store';
import { isLoggedIn, useUser } from '../../../account/use-user';

/**
 * Says why audio would not play when the server refused it (no ffmpeg on the server, an unknown
 * voice …): an audio element reports only that it failed, so the address is asked again for the
 * server's message.
 */
async function explainAudioFailure(url: string) {
  try {
    await api.getText(url);
  } catch (error) {
    notifications.show({ color: 'red', message: (error as Error).message, autoClose: 10_000 });
  }
}

/**
 * One audio element for the panel: playing a url stops what played before; playing the same
 * url again stops it. `playing` is the url being heard, for the ▶ / ■ icons.
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
      element.addEventListener('ended', () => setPlaying((p) => (p === url ? null : p)));
      element.addEventListener('error', () => {
        setPlaying((p) => (p === url ? null : p));
        void explainAudioFailure(url);
      });
      audio.current = element;
      setPlaying(url);
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
