import { Button, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconEraser } from '@tabler/icons-react';
import { useState } from 'react';
import { BackgroundRemoval, REMOVE_BG_NOTICE } from './background-removal';

/**
 * 'Remove background' for a picture (spec 002 §7, §8): while the server works, a notice says
 * 'Trying to remove background. This can take a while.' with Cancel; the picture without its
 * background reaches `onDone`; a failure only closes the notice, as the spec asks.
 */
export function RemoveBackgroundButton({ url, onDone }: { url: string; onDone(url: string): void }) {
  const [running, setRunning] = useState(false);
  const start = () => {
    const removal = new BackgroundRemoval(url, onDone);
    const id = notifications.show({
      loading: true,
      autoClose: false,
      withCloseButton: false,
      message: (
        <Stack gap={6} align="flex-start" data-testid="remove-bg-notice">
          <Text size="sm">{REMOVE_BG_NOTICE}</Text>
          <Button size="compact-xs" variant="light" onClick={() => removal.cancel()} data-testid="remove-bg-cancel">
            Cancel
          </Button>
        </Stack>
      ),
    });
    setRunning(true);
    void removal.settled.then(() => {
      notifications.hide(id);
      setRunning(false);
    });
  };
  return (
    <Button
      size="xs"
      variant="light"
      leftSection={<IconEraser size={14} />}
      loading={running}
      onClick={start}
      data-testid="remove-bg"
    >
      Remove background
    </Button>
  );
}
