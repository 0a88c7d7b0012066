import { useAuthPopupOpener } from '../account/auth-popup-store';
import { isLoggedIn, useUser } from '../account/use-user';
import { useRecorderDialog } from '../speech/recorder/recorder-store';
import { builderEditor } from './editor-store';

/**
 * Opens the voice recorder on the open slide, its first take starting where the playhead stands
 * at the click (spec 002 §4). Recordings are stored on the server, which keeps them for members
 * (spec 001 §6): a guest logs in first and the recorder opens after.
 */
export function useOpenRecorder(): () => void {
  const { data: user } = useUser();
  const openAuthPopup = useAuthPopupOpener();
  const open = useRecorderDialog((state) => state.open);
  return () => {
    const openHere = () => open(builderEditor.snapshot.session.frameId, builderEditor.playhead);
    if (isLoggedIn(user)) openHere();
    else openAuthPopup({ title: 'Log in to record voice-overs', tab: 'login', resume: openHere });
  };
}
