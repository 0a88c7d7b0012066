import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { messages } from '@reelwright/core';
import { ApiRequestError } from '../../lib/api';
import { publishApi } from '../publish/publish-api';

/**
 * 'Download Mp4' of the optimizer: the download flow of spec 000 §4 for a project that need not be
 * open. The published MP4 downloads at once; a render on its way says so; a project never
 * published asks whether to publish it now, and `publish` does that (the publish dialog's own
 * download step, or a render queued straight to the member's e-mail on the optimizer page).
 */
export async function downloadMp4(pid: number, publish: () => void): Promise<void> {
  try {
    const lookup = await publishApi.downloadLookup(pid);
    if (lookup === 'rendering') {
      modals.open({ title: 'Download Mp4', children: messages.videoRendering });
    } else if (lookup === '') {
      modals.openConfirmModal({
        title: 'Download Mp4',
        children: messages.notPublishedYet,
        labels: { confirm: 'Yes, publish it', cancel: 'Not now' },
        onConfirm: publish,
      });
    } else {
      window.location.assign(lookup);
    }
  } catch (error) {
    notifications.show({ color: 'red', message: (error as Error).message });
  }
}

/** Queues the render of `pid` to be e-mailed to `email`, and says so (or why not). */
export async function queueRender(pid: number, email: string): Promise<void> {
  try {
    const render = await publishApi.queue({ pid, email, action: 'download' });
    notifications.show({
      color: 'green',
      title: 'Your video is queued',
      message: `An email with a download link will be sent to ${render.email ?? email} when it is ready.`,
    });
  } catch (error) {
    const quota = error instanceof ApiRequestError && error.code === 'quota_exceeded';
    notifications.show({
      color: 'red',
      title: quota ? 'No renders left today' : 'Could not queue the video',
      message: (error as Error).message,
    });
  }
}
