import { lazy, Suspense } from 'react';
import { usePublishDialog } from './publish-store';
import { useReopenAfterConnect } from './video-site-return';

const PublishDialog = lazy(() => import('./PublishDialog').then((m) => ({ default: m.PublishDialog })));

/** Mounts the publish popup once it is first opened, so its code loads only for those who publish. */
export function PublishDialogHost() {
  useReopenAfterConnect();
  const everOpened = usePublishDialog((state) => state.opened || state.everOpened);
  if (!everOpened) return null;
  return (
    <Suspense fallback={null}>
      <PublishDialog />
    </Suspense>
  );
}
