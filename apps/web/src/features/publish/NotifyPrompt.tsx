import { Alert, Button, Group, Paper, Text } from '@mantine/core';
import { messages } from '@reelwright/core';
import { IconBell, IconMail } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { isSubscribed, type PushSubscribeResult, pushSupported, subscribeToPush } from '../notify/push';

/** The prompt waits this long after queueing (spec 000 §4). */
const PROMPT_DELAY_MS = 1000;

type Failure = Exclude<PushSubscribeResult, 'subscribed'> | 'error';

/**
 * What the member reads when notifications could not be turned on: what went wrong, and that the
 * e-mail with the download link (arranged when the render was queued) comes anyway.
 */
export function notifyFailureText(failure: Failure, email?: string | null): string {
  const reason =
    failure === 'no-answer'
      ? "Notifications could not be turned on: this browser's push service did not answer."
      : 'Notifications could not be turned on in this browser.';
  const to = email ? ` to ${email}` : '';
  return `${reason} No need to wait here: we will email the download link${to} as soon as your video is ready.`;
}

/**
 * 'Would you like us to notify you when your video download is ready?' (spec 000 §8), shown
 * 1 s after queueing when the browser can receive push notifications and is not subscribed yet.
 * `email` is where the render's download link goes.
 */
export function NotifyPrompt({ email }: { email?: string | null }) {
  const [state, setState] = useState<'hidden' | 'asking' | 'subscribing' | 'done' | Failure>('hidden');

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
      const result = await subscribeToPush();
      setState(result === 'subscribed' ? 'done' : result);
    } catch {
      setState('error');
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
  if (state !== 'asking' && state !== 'subscribing') {
    return (
      <Alert color="yellow" icon={<IconMail size={18} />} p="xs" data-testid="notify-failed">
        {notifyFailureText(state, email)}
      </Alert>
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
