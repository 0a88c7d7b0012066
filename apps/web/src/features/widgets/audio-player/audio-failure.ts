import { notifications } from '@mantine/notifications';
import { api } from '../../../lib/api';

/**
 * Why the server would not serve `url` (no ffmpeg on the server, an unknown voice, a missing
 * file …), or null when it serves it and the browser alone cannot play it. An audio element
 * reports only that it failed, so the address is asked again for the server's message.
 */
export async function audioFailureReason(url: string): Promise<string | null> {
  try {
    await api.getText(url);
    return null;
  } catch (error) {
    return (error as Error).message;
  }
}

/** Shows the server's reason for a failed `url` as a red notification (for one-shot players). */
export async function explainAudioFailure(url: string): Promise<void> {
  const reason = await audioFailureReason(url);
  if (reason) notifications.show({ color: 'red', message: reason, autoClose: 10_000 });
}
