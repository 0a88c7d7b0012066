import { useEffect } from 'react';
import { useAuthPopup } from '../../account/auth-popup-store';
import { currentUser, isLoggedIn, useUser } from '../../account/use-user';

/** The popup comes back this long after it is closed without logging in (ours: lets it visibly close). */
const REOPEN_DELAY_MS = 400;

/**
 * Publishing requires login (spec 001 §4): while the member is not logged in the auth popup is
 * open, static, with `title`, and comes back whenever it is closed without logging in. Leaving
 * the step stops it. Answers whether the member is logged in.
 */
export function useLoginGate(title: string): boolean {
  const { data: user, isPending } = useUser();
  const loggedIn = isLoggedIn(user);

  useEffect(() => {
    if (isPending || loggedIn) return;
    const open = () => useAuthPopup.getState().open({ title, isStatic: true, tab: 'login' });
    open();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const stop = useAuthPopup.subscribe((state, previous) => {
      if (!previous.opened || state.opened) return;
      if (isLoggedIn(currentUser())) return;
      clearTimeout(timer);
      timer = setTimeout(open, REOPEN_DELAY_MS);
    });
    return () => {
      stop();
      clearTimeout(timer);
    };
  }, [isPending, loggedIn, title]);

  return loggedIn;
}
