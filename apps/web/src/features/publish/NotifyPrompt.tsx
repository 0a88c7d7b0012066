import { Button, Group, Paper, Text } from '@mantine/core';
import { messages } from '@reelwright/core';
import { IconBell } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { isSubscribed, pushSupported, subscribeToPush } from '../notify/push';

/** The prompt waits this long after queueing (spec 000 §4). */
const PROMPT_DELAY_MS = 1000;

/**
 * 'Would you like us to notify you when your video download is ready?' (spec 000 §8), shown
 * 1 s after queueing when the browser can receive push notifications and is not subscribed yet.
 */
export function NotifyPrompt() {
  const [state, setState] = useState<'hidden' | 'asking' | 'subscribing' | 'done' | 'failed'>('hidden');

  useEffect(() => {
    if (!pushSupported()) return;
    let cancelled = false;
    const timer = setTimeout(async () => {
      if (!cancelled && !(await isSubscribed())) setState('asking');
    }, PROMPT_DELAY_MS);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, []);

  const yes = async () => {
    setState('subscribing');
    try {
      setState((await subscribeToPush()) === 'subscribed' ? 'done' : 'failed');
    } catch {
      setState('failed');
    }
  };

  if (state === 'hidden') return null;
  if (state === 'done') {
    return (
      <Text size="sm" c="teal">
        We will notify you here when your video is ready.
      </Text>
    );
  }
  if (state === 'failed') {
    return (
      <Text size="sm" c="dimmed">
        This browser did not allow notifications; you will get the email.
      </Text>
    );
  }
  return (
    <Paper withBorder p="sm" radius="md" data-testid="notify-prompt">
      <Group wrap="nowrap" align="flex-start">
        <IconBell size={20} />
        <Text size="sm" style={{ flex: 1 }}>
          {messages.notifyWhenReady}
        </Text>
      </Group>
      <Group justify="flex-end" mt="xs">
        <Button size="xs" variant="default" onClick={() => setState('hidden')}>
          {messages.notifyNo}
        </Button>
        <Button size="xs" onClick={yes} loading={state === 'subscribing'}>
          {messages.notifyYes}
        </Button>
      </Group>
    </Paper>
  );
}
