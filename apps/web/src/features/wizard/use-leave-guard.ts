import { modals } from '@mantine/modals';
import { messages } from '@reelwright/core';
import { useEffect } from 'react';
import { useBlocker } from 'react-router-dom';
import { useWizard } from './use-wizard';
import { leaveNeedsPrompt } from './wizard-steps';

/**
 * Leaving the wizard with a keyword entered and before the last step asks first (spec 001 §4
 * "Leaving", §8). In-app navigation gets the spec's prompt; closing or reloading the tab gets the
 * browser's own (browsers no longer show a page's text there).
 */
export function useLeaveGuard(stepIndex: number) {
  const needsPrompt = leaveNeedsPrompt(useWizard().keyword, stepIndex);
  const blocker = useBlocker(({ nextLocation }) => needsPrompt && !nextLocation.pathname.startsWith('/wizard'));

  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    modals.openConfirmModal({
      title: 'Leave the wizard?',
      children: messages.unsavedChanges,
      labels: { confirm: 'Leave', cancel: 'Stay' },
      confirmProps: { color: 'red' },
      onConfirm: () => blocker.proceed(),
      onCancel: () => blocker.reset(),
    });
  }, [blocker]);

  useEffect(() => {
    if (!needsPrompt) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show nothing unless returnValue is set.
      event.returnValue = messages.unsavedChanges;
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [needsPrompt]);
}
