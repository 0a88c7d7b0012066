import { Alert, Anchor, Button, Center, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconLock } from '@tabler/icons-react';
import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { useAuthPopup } from '../../account/auth-popup-store';
import { useAppConfig, useUser } from '../../account/use-user';
import { useProject } from '../../project/project-store';
import { QuotaError } from '../../publish/QuotaError';
import { BeingPublished } from './BeingPublished';
import { EditInEditor } from './EditInEditor';
import { PublishedVideo } from './PublishedVideo';
import { cancelPublish, startPublish, usePublishRun } from './publish-run';
import { useLoginGate } from './use-login-gate';
import { VideoFacts } from './VideoFacts';

/** The auth popup's title while publishing waits for a login. */
export const PUBLISH_LOGIN_TITLE = 'Log in to publish your video';

/**
 * The publish step (spec 001 §4 "Publish step"): asks for a login until there is one, saves,
 * checks the quota and queues the render to the member's e-mail; then 'being published' with its
 * progress, or the quota error; once done the download, embed code, editor link and rating.
 */
export function PublishStep() {
  return (
    <Stack gap="md">
      <VideoFacts />
      <PublishPhase />
    </Stack>
  );
}

function PublishPhase() {
  const loggedIn = useLoginGate(PUBLISH_LOGIN_TITLE);
  const email = useUser().data?.email ?? '';
  const phase = usePublishRun((state) => state.phase);
  const pid = useProject((state) => state.id);

  useEffect(() => {
    if (!loggedIn) return;
    void startPublish(email);
    return cancelPublish;
  }, [loggedIn, email]);

  const retry = () => void startPublish(email);

  if (!loggedIn) return <LoginNeeded />;
  switch (phase.name) {
    case 'login': // logged in; the run starts right after this render
    case 'saving':
      return <Waiting testId="publish-saving" text="Saving your project…" />;
    case 'checking':
      return <Waiting testId="publish-checking" text="Getting your video ready to publish…" />;
    case 'save-failed':
    case 'queue-failed':
      return <Failure testId={`publish-${phase.name}`} message={phase.message} onRetry={retry} />;
    case 'quota-error':
      return <QuotaReached html={phase.html} onRetry={retry} />;
    case 'publishing':
      return <BeingPublished render={phase.render} />;
    case 'render-failed':
      return (
        <Failure
          testId="publish-render-failed"
          message={`The video could not be rendered. ${phase.render.error ?? ''}`.trim()}
          onRetry={retry}
          withEditor
        />
      );
    case 'done':
      return pid === null ? null : <PublishedVideo pid={pid} render={phase.render} />;
  }
}

function LoginNeeded() {
  const open = useAuthPopup((state) => state.open);
  return (
    <Paper withBorder radius="md" p="xl" ta="center" data-testid="publish-login">
      <Stack align="center" gap="sm">
        <IconLock size={32} color="var(--mantine-color-blue-6)" />
        <Title order={4}>{PUBLISH_LOGIN_TITLE}</Title>
        <Text size="sm" c="dimmed">
          Publishing needs a free account: the finished video is emailed to you.
        </Text>
        <Button
          onClick={() => open({ title: PUBLISH_LOGIN_TITLE, isStatic: true, tab: 'login' })}
          data-testid="publish-login-open"
        >
          Log in
        </Button>
      </Stack>
    </Paper>
  );
}

function Waiting({ text, testId }: { text: string; testId: string }) {
  return (
    <Center py="xl" data-testid={testId}>
      <Group gap="sm">
        <Loader size="sm" />
        <Text>{text}</Text>
      </Group>
    </Center>
  );
}

function Failure(props: { message: string; onRetry(): void; testId: string; withEditor?: boolean }) {
  return (
    <Stack data-testid={props.testId}>
      <Alert color="red" icon={<IconAlertTriangle />}>
        {props.message}
      </Alert>
      <Group>
        <Button onClick={props.onRetry} data-testid="publish-retry">
          Try again
        </Button>
        {props.withEditor && <EditInEditor />}
      </Group>
    </Stack>
  );
}

/** The server's HTML quota error (spec 001 §8) with links to pricing and contact support. */
function QuotaReached({ html, onRetry }: { html: string; onRetry(): void }) {
  const { data: config } = useAppConfig();
  return (
    <Stack data-testid="publish-quota">
      <QuotaError html={html} />
      <Group gap="lg">
        <Anchor component={Link} to="/pricing" data-testid="publish-quota-pricing">
          See pricing
        </Anchor>
        {config?.supportEmail && (
          <Anchor href={`mailto:${config.supportEmail}`} data-testid="publish-quota-support">
            Contact support
          </Anchor>
        )}
        <Button variant="default" size="xs" onClick={onRetry} data-testid="publish-retry">
          Check again
        </Button>
      </Group>
    </Stack>
  );
}
