import { notifications } from '@mantine/notifications';
import type { PublishAction } from '@reelwright/core';
import { create } from 'zustand';
import { useAuthPopup } from '../account/auth-popup-store';
import { useProject } from '../project/project-store';

type PublishDialogState = {
  opened: boolean;
  /** Opened at least once (its code is loaded then). */
  everOpened: boolean;
  /** The action the dialog opens at ('' shows the options). */
  action: PublishAction;
  open(action?: PublishAction): void;
  close(): void;
};

/** The 'Publish video' popup of the shell (spec 000 §2), opened from the editors. */
export const usePublishDialog = create<PublishDialogState>((set) => ({
  opened: false,
  everOpened: false,
  action: '',
  open: (action = '') => set({ opened: true, everOpened: true, action }),
  close: () => set({ opened: false, action: '' }),
}));

/**
 * Publishing first requires login, then saves, then opens the publish popup (spec 000 §4); once
 * the visitor is a verified member it goes on by itself. A project without a name waits for the
 * name prompt's answer and its save.
 */
export async function requestPublish(action: PublishAction = ''): Promise<void> {
  if (!useProject.getState().loggedIn) {
    useAuthPopup.getState().open({
      title: 'Log in to publish your video',
      tab: 'login',
      resume: () => void requestPublish(action),
    });
    return;
  }
  const outcome = await useProject.getState().saveNow();
  if (outcome === 'saved') {
    usePublishDialog.getState().open(action);
  } else if (outcome === 'needs-name') {
    const stop = useProject.subscribe((state) => {
      if (state.namePromptOpen) return;
      if (state.saveState === 'saved' && state.id !== null) {
        stop();
        usePublishDialog.getState().open(action);
      } else if (state.saveState === 'failed' || !state.name.trim()) {
        stop(); // the save failed, or the prompt was closed without a name
      }
    });
  } else {
    notifications.show({
      color: 'red',
      message: 'Could not save the project, so it cannot be published yet. Try again.',
    });
  }
}
