import { useAuthPopupOpener } from '../account/auth-popup-store';
import { isLoggedIn, useUser } from '../account/use-user';
import { useRecorderDialog } from '../speech/recorder/recorder-store';
import { builderEditor } from './editor-store';

/**
 * What a visitor is told on asking for the recorder (D93): recordings are kept on the server with
 * a member's projects, so a visitor is offered a free account, as for text to speech (spec 002 §6).
 */
export const RECORD_SIGNUP_TITLE = 'Please create a free account to record a voice-over';

/**
 * Opens the voice recorder on the open slide, its first take starting where the playhead stands
 * at the click (spec 002 §4). Recordings are stored on the server, which keeps them for members
 * (spec 001 §6): a visitor is offered sign-up (or login) and the recorder opens after.
 */
export function useOpenRecorder(): () => void {
  const { data: user } = useUser();
  const openAuthPopup = useAuthPopupOpener();
  const open = useRecorderDialog((state) => state.open);
  return () => {
    const openHere = () => open(builderEditor.snapshot.session.frameId, builderEditor.playhead);
    if (isLoggedIn(user)) openHere();
    else openAuthPopup({ title: RECORD_SIGNUP_TITLE, tab: 'signup', resume: openHere });
  };
}
