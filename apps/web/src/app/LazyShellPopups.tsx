import { lazy, Suspense } from 'react';
import { usePronunciationsDialog } from '../features/account/pronunciations-dialog-store';
import { useTutorialsPopup } from '../features/shell/tutorials';
import { useOnceTrue } from '../lib/use-once-true';

const TutorialsPopup = lazy(() =>
  import('../features/shell/TutorialsPopup').then((m) => ({ default: m.TutorialsPopup })),
);
const PronunciationsDialog = lazy(() =>
  import('../features/speech/PronunciationsDialog').then((m) => ({ default: m.PronunciationsDialog })),
);

/** The shell's popups that few visits open: each one's code loads when it is first opened. */
export function LazyShellPopups() {
  const tutorials = useOnceTrue(useTutorialsPopup((state) => state.opened));
  const pronunciations = useOnceTrue(usePronunciationsDialog((state) => state.opened));
  return (
    <>
      {tutorials && (
        <Suspense fallback={null}>
          <TutorialsPopup />
        </Suspense>
      )}
      {pronunciations && (
        <Suspense fallback={null}>
          <PronunciationsDialog />
        </Suspense>
      )}
    </>
  );
}
