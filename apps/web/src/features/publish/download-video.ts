import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { messages } from '@reelwright/core';
import { useAuthPopup } from '../account/auth-popup-store';
import { useProject } from '../project/project-store';
import { publishApi } from './publish-api';
import { usePublishDialog } from './publish-store';

/**
 * The editor's Download (spec 000 §4 Video download state): the published MP4 downloads at once;
 * a render on its way says so; a project never published asks whether to publish it now.
 */
export async function downloadVideo(): Promise<void> {
  if (!useProject.getState().loggedIn) {
    useAuthPopup.getState().open({
      title: 'Log in to download your video',
      tab: 'login',
      resume: () => void downloadVideo(),
    });
    return;
  }
  const saved = await useProject.getState().saveNow();
  const pid = useProject.getState().id;
  if (saved !== 'saved' || pid === null) {
    if (saved === 'failed') notifications.show({ color: 'red', message: 'Could not save the project. Try again.' });
    return;
  }
  try {
    const lookup = await publishApi.downloadLookup(pid);
    if (lookup === 'rendering') {
      modals.open({ title: 'Download', children: messages.videoRendering });
    } else if (lookup === '') {
      modals.openConfirmModal({
        title: 'Download',
        children: messages.notPublishedYet,
        labels: { confirm: 'Yes, publish it', cancel: 'Not now' },
        onConfirm: () => usePublishDialog.getState().open('download'),
      });
    } else {
      window.location.assign(lookup);
    }
  } catch (error) {
    notifications.show({ color: 'red', message: (error as Error).message });
  }
}
