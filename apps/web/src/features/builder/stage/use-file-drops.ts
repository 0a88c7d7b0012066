import { notifications } from '@mantine/notifications';
import { useEffect, useSyncExternalStore } from 'react';
import { carriesFiles, FileDrops, type FileInFlight } from '../../../builder/file-drop';
import { uploadMedia } from '../../wizard/slides/design/design-api';
import { builderEditor } from '../editor-store';

/**
 * The builder's files dropped from the computer: sent to the member's uploads with their
 * progress, then dropped on the stage where they fell. A failure says why in a notification.
 */
export const fileDrops = new FileDrops(
  builderEditor,
  async (file, onProgress) => {
    const stored = await uploadMedia(file, (sent, total) => onProgress(total > 0 ? sent / total : 0));
    return { type: stored.type, url: stored.url, duration: stored.duration };
  },
  (message) => notifications.show({ color: 'red', title: 'Not added', message, autoClose: 8000 }),
);

/** The uploads under way, for the stage to show where each was dropped. */
export function useFileUploads(): readonly FileInFlight[] {
  return useSyncExternalStore(fileDrops.subscribe, fileDrops.getSnapshot);
}

/**
 * A file dropped anywhere in the builder outside the stage and the timeline is ignored: the
 * browser would otherwise open it in place of the editor.
 */
export function useFilesNeverOpened(): void {
  useEffect(() => {
    const stop = (event: DragEvent) => {
      if (carriesFiles(event.dataTransfer)) event.preventDefault();
    };
    window.addEventListener('dragover', stop);
    window.addEventListener('drop', stop);
    return () => {
      window.removeEventListener('dragover', stop);
      window.removeEventListener('drop', stop);
    };
  }, []);
}
