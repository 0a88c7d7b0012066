import { notifications } from '@mantine/notifications';
import { messages } from '@reelwright/core';
import { useEffect, useRef } from 'react';
import { openLoginToContinue } from '../account/auth-popup-store';
import { isLoggedIn, useUser } from '../account/use-user';
import { addressWithPid, loadTargetFromSearch } from './project-address';
import { useProject } from './project-store';

/**
 * Runs the project lifecycle's start (spec 000 §4): once the user is known, load the reserved
 * project, the `pid` project or an empty one (for a visitor, the draft kept in this browser).
 * A visitor with a `pid` is asked to log in first ('Login to continue'), and the project loads
 * once they have.
 */
export function useProjectStartup() {
  const user = useUser();
  const loggedIn = isLoggedIn(user.data);
  const started = useRef(false);

  useEffect(() => {
    useProject.getState().setContext({ loggedIn });
  }, [loggedIn]);

  useEffect(() => {
    if (user.isPending) return;
    const project = useProject.getState();
    if (started.current && project.status !== 'needs-login') return;
    const target = loadTargetFromSearch(window.location.search);
    if (target.kind === 'id' && !loggedIn) {
      project.requireLogin();
      openLoginToContinue();
      return;
    }
    started.current = true;
    // A visitor's new video opens where they left it: the draft kept in this browser (D96).
    void project.start(target, { draft: !loggedIn }).then((error) => {
      if (error) notifications.show({ color: 'red', message: messages.failedToLoadProject(error), autoClose: 8000 });
    });
  }, [user.isPending, loggedIn]);
}

/** Keeps `?pid=` in the address equal to the open project's id (spec 000 §2), without a reload. */
export function usePidInAddress() {
  const id = useProject((state) => state.id);
  const status = useProject((state) => state.status);
  useEffect(() => {
    if (status !== 'ready') return;
    const next = addressWithPid(window.location.href, id);
    const current = `${window.location.pathname}${window.location.search}${window.location.hash}`;
    // Keep the router's history state: the hash router stores its entry index there.
    if (next !== current) window.history.replaceState(window.history.state, '', next);
  }, [id, status]);
}
