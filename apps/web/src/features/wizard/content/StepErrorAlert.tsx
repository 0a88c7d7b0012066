import { Alert } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';

/**
 * Why Next Step did not advance, shown above the sub-screen and scrolled into view (the Next
 * button sits below long forms). Renders nothing without a message.
 */
export function StepErrorAlert({ message, onClose }: { message: string | null; onClose: () => void }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (message) ref.current?.scrollIntoView?.({ behavior: 'smooth', block: 'center' });
  }, [message]);
  if (!message) return null;
  return (
    <Alert
      ref={ref}
      color="red"
      variant="light"
      icon={<IconAlertCircle />}
      withCloseButton
      closeButtonLabel="Dismiss"
      onClose={onClose}
      role="alert"
      data-testid="content-error"
    >
      {message}
    </Alert>
  );
}
