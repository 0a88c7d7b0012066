import { Alert, Anchor, Button, Group, Progress, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { messages, type RenderStatus } from '@reelwright/core';
import { IconCheck, IconMail } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { requiredEmail } from '../../account/validation';
import { NotifyPrompt } from '../../publish/NotifyPrompt';
import { publishApi } from '../../publish/publish-api';
import { receiveRender } from './publish-run';

/** How often the step asks how the render is going (as the publish dialog does). */
const STATUS_POLL_MS = 1500;

/**
 * 'Being published' (spec 001 §4): the render's progress from the status call, where the
 * download link goes with 'Change' (queue-video/update), and the push-notification offer.
 */
export function BeingPublished({ render }: { render: RenderStatus }) {
  useEffect(() => {
    const timer = setInterval(() => {
      publishApi.status(render.qid).then(receiveRender, () => {});
    }, STATUS_POLL_MS);
    return () => clearInterval(timer);
  }, [render.qid]);

  const percent = Math.round(render.progress * 100);
  const queued = render.status === 'queued';
  return (
    <Stack gap="sm" data-testid="publish-being-published">
      <Title order={4}>Your video is being published</Title>
      <Text fw={500} data-testid="publish-progress-label">
        {queued ? 'Waiting for a free renderer…' : `Rendering… ${percent}%`}
      </Text>
      <Progress
        value={queued ? 100 : percent}
        animated={queued}
        striped
        aria-label="Publishing progress"
        data-testid="publish-progress"
      />
      <Text size="sm">{messages.videoRendering}</Text>
      <EmailChange render={render} />
      <NotifyPrompt email={render.email} />
    </Stack>
  );
}

/** Where the download link goes, and changing it while the render runs (spec 001 §4, §5). */
function EmailChange({ render }: { render: RenderStatus }) {
  const [editing, setEditing] = useState(false);
  const [email, setEmail] = useState(render.email ?? '');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [changedTo, setChangedTo] = useState<string | null>(null);

  const save = async () => {
    const invalid = requiredEmail(email);
    if (invalid) return setError(invalid);
    setBusy(true);
    try {
      const updated = await publishApi.changeEmail({ qid: render.qid, newEmail: email.trim() });
      receiveRender(updated);
      setEditing(false);
      setError(null);
      setChangedTo(updated.email);
      notifications.show({ color: 'green', message: `We will send the download link to ${updated.email}.` });
    } catch (failure) {
      setError((failure as Error).message);
    } finally {
      setBusy(false);
    }
  };

  if (editing) {
    return (
      <Group align="flex-start" wrap="nowrap">
        <TextInput
          type="email"
          aria-label="New email"
          leftSection={<IconMail size={16} />}
          value={email}
          onChange={(event) => setEmail(event.currentTarget.value)}
          onKeyDown={(event) => event.key === 'Enter' && void save()}
          error={error}
          style={{ flex: 1 }}
          data-testid="publish-email-input"
        />
        <Button onClick={() => void save()} loading={busy} data-testid="publish-email-save">
          Save
        </Button>
        <Button variant="subtle" onClick={() => setEditing(false)} data-testid="publish-email-cancel">
          Cancel
        </Button>
      </Group>
    );
  }
  return (
    <Stack gap={4}>
      <Text size="sm" c="dimmed" data-testid="publish-email">
        An email with a download link will be sent to <b>{render.email}</b>{' '}
        <Anchor
          component="button"
          size="sm"
          onClick={() => {
            setEmail(render.email ?? '');
            setEditing(true);
          }}
          data-testid="publish-email-change"
        >
          (change)
        </Anchor>
      </Text>
      {changedTo && (
        <Alert color="green" icon={<IconCheck />} p="xs" data-testid="publish-email-changed">
          Email updated. The download link will be sent to {changedTo}.
        </Alert>
      )}
    </Stack>
  );
}
