import {
  Alert,
  Anchor,
  Button,
  Center,
  CopyButton,
  Group,
  Loader,
  Modal,
  Progress,
  Radio,
  SegmentedControl,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  DEFAULT_EXPORT_QUALITY,
  type ExportQuality,
  messages,
  type PublishAction,
  type QuotaResponse,
  type RenderStatus,
} from '@reelwright/core';
import { IconAlertTriangle, IconCheck, IconDownload, IconMail } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { ApiRequestError } from '../../lib/api';
import { abilitiesOf, isLoggedIn, useAppConfig, useUser } from '../account/use-user';
import { looksLikeEmail, requiredEmail } from '../account/validation';
import { OptimizerPanel } from '../optimizer/OptimizerPanel';
import { formatClock } from '../player/time-format';
import { PaidFeatureTeaser } from '../pricing/PaidFeatureTeaser';
import { useProject } from '../project/project-store';
import { CaptionDownloads } from './CaptionDownloads';
import { embedCode } from './embed-code';
import { NotifyPrompt } from './NotifyPrompt';
import { publishApi } from './publish-api';
import { usePublishDialog } from './publish-store';
import { QuotaError } from './QuotaError';
import { VideoSiteStep } from './VideoSiteStep';

const OPTIONS: { value: Exclude<PublishAction, ''>; label: string }[] = [
  { value: 'download', label: 'Download the MP4 file' },
  { value: 'youtube', label: 'Automatically publish on a video site and 100+ sites' },
  { value: 'embed', label: 'Embed on a website or blog' },
  { value: 'optimize', label: 'Optimize title, description and keywords' },
];

/** How often the dialog asks how the render is going. */
const STATUS_POLL_MS = 1500;

/**
 * The 'Publish video' popup (spec 000 §2, §4): the options, then download (free-plan warning,
 * e-mail step, the render's progress until the MP4 is ready), embed code, or the optimizer.
 * The quota is checked when it opens.
 */
export function PublishDialog() {
  const { opened, action: initialAction, close } = usePublishDialog();
  const pid = useProject((state) => state.id);
  const abilities = abilitiesOf(useUser().data);
  const [action, setAction] = useState<PublishAction>(initialAction);
  const [choice, setChoice] = useState<PublishAction>('');
  const [acceptedWatermark, setAcceptedWatermark] = useState(false);
  const [quota, setQuota] = useState<QuotaResponse | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [render, setRender] = useState<RenderStatus | null>(null);

  // Opening resets the warning and the action; the quota is checked each time (spec 000 §4).
  useEffect(() => {
    if (!opened) return;
    setAction(initialAction);
    setChoice(initialAction);
    setAcceptedWatermark(false);
    setRender(null);
    setQuota(null);
    setLoadError(null);
    publishApi.quota().then(setQuota, (error: Error) => setLoadError(error.message));
  }, [opened, initialAction]);

  const back = () => {
    setAction('');
    setRender(null);
  };

  let body: React.ReactNode;
  if (loadError)
    body = (
      <Alert color="red" icon={<IconAlertTriangle />}>
        {loadError}
      </Alert>
    );
  else if (!quota || pid === null)
    body = (
      <Center h={120}>
        <Loader />
      </Center>
    );
  else if (action === '') {
    body = (
      <Stack>
        <Radio.Group
          value={choice}
          onChange={(value) => setChoice(value as PublishAction)}
          label="What would you like to do?"
        >
          <Stack gap="sm" mt="xs">
            {OPTIONS.map((option) => (
              <Radio key={option.value} value={option.value} label={option.label} />
            ))}
          </Stack>
        </Radio.Group>
        <Group justify="flex-end">
          <Button disabled={choice === ''} onClick={() => setAction(choice)}>
            Continue
          </Button>
        </Group>
      </Stack>
    );
  } else if (action === 'download') {
    body = render ? (
      <RenderProgress pid={pid} render={render} onChange={setRender} onEmbed={() => setAction('embed')} />
    ) : quota.error ? (
      <QuotaStep quota={quota} onBack={back} />
    ) : quota.watermarkForced && !acceptedWatermark ? (
      <FreeWarning maxSeconds={quota.maxSeconds} onAccept={() => setAcceptedWatermark(true)} />
    ) : (
      <EmailStep pid={pid} action="download" onQueued={setRender} onQuota={setQuota} />
    );
  } else if (action === 'embed') {
    body = <EmbedStep pid={pid} onClose={close} onBack={back} onPublish={() => setAction('download')} />;
  } else if (action === 'optimize') {
    body = abilities.optimizer ? (
      <OptimizerPanel pid={pid} onBack={back} onPublish={() => setAction('download')} />
    ) : (
      <PaidFeatureTeaser />
    );
  } else {
    body = <VideoSiteStep pid={pid} onBack={back} onRender={() => setAction('download')} />;
  }

  return (
    <Modal
      opened={opened}
      onClose={close}
      // Closed, it forgets the quota: opened again, it shows the loader, not the last options, until checked.
      onExitTransitionEnd={() => setQuota(null)}
      title={messages.publishTitle}
      size="lg"
      centered
    >
      {body}
    </Modal>
  );
}

function QuotaStep({ quota, onBack }: { quota: QuotaResponse; onBack(): void }) {
  return (
    <Stack>
      <QuotaError html={quota.error ?? ''} />
      <Group justify="flex-end">
        <Button variant="default" onClick={onBack}>
          Back
        </Button>
      </Group>
    </Stack>
  );
}

/** Free videos carry a watermark and stop at 60 s (spec 000 §2). */
function FreeWarning({ maxSeconds, onAccept }: { maxSeconds: number | null; onAccept(): void }) {
  return (
    <Stack data-testid="free-warning">
      <Alert color="yellow" icon={<IconAlertTriangle />} title="You are on the free plan">
        Free videos carry a watermark and cannot be longer than {maxSeconds ?? 60} seconds. Upgrade to download the full
        video without the watermark.
      </Alert>
      <Group justify="flex-end">
        <Button component="a" href="/pricing" target="_blank" rel="noopener" color="orange">
          {messages.downloadFullVideo}
        </Button>
        <Button variant="default" onClick={onAccept}>
          {messages.downloadWithWatermark}
        </Button>
      </Group>
    </Stack>
  );
}

function EmailStep(props: {
  pid: number;
  action: PublishAction;
  onQueued(render: RenderStatus): void;
  onQuota(quota: QuotaResponse): void;
}) {
  const { data: user } = useUser();
  const [email, setEmail] = useState(isLoggedIn(user) && looksLikeEmail(user.email) ? user.email : '');
  const [quality, setQuality] = useState<ExportQuality>(DEFAULT_EXPORT_QUALITY);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const start = async () => {
    const invalid = requiredEmail(email);
    if (invalid) return setError(invalid);
    setBusy(true);
    setError(null);
    try {
      props.onQueued(await publishApi.queue({ pid: props.pid, email: email.trim(), action: props.action, quality }));
    } catch (failure) {
      if (failure instanceof ApiRequestError && failure.code === 'quota_exceeded') {
        props.onQuota(await publishApi.quota());
      } else {
        setError((failure as Error).message);
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack>
      <TextInput
        type="email"
        label="Email"
        description="We will send the download link to this address."
        leftSection={<IconMail size={16} />}
        value={email}
        onChange={(event) => setEmail(event.currentTarget.value)}
        error={error}
        required
        data-autofocus
      />
      <Stack gap={4}>
        <Text size="sm" fw={500}>
          Resolution
        </Text>
        <SegmentedControl
          aria-label="Resolution"
          value={quality}
          onChange={(value) => setQuality(value as ExportQuality)}
          data={[
            { value: '1080p', label: '1080p (Full HD)' },
            { value: '720p', label: '720p (smaller file)' },
          ]}
        />
      </Stack>
      <Text size="sm" c="dimmed">
        Converting your video to MP4 takes a few minutes. You can close this window: a download link is emailed to you
        when it is ready.
      </Text>
      <Group justify="flex-end">
        <Button onClick={start} loading={busy}>
          {messages.startRendering}
        </Button>
      </Group>
    </Stack>
  );
}

/** The render after queueing: progress, the e-mail it goes to (changeable), then the download. */
function RenderProgress(props: {
  pid: number;
  render: RenderStatus;
  onChange(render: RenderStatus): void;
  onEmbed(): void;
}) {
  const { render, onChange } = props;
  const { data: config } = useAppConfig();
  const finished = render.status === 'done' || render.status === 'failed';

  useEffect(() => {
    if (finished) return;
    const timer = setInterval(() => {
      publishApi.status(render.qid).then(onChange, () => {});
    }, STATUS_POLL_MS);
    return () => clearInterval(timer);
  }, [finished, render.qid, onChange]);

  if (render.status === 'done' && render.url) {
    return (
      <Stack data-testid="render-done">
        <Alert color="green" icon={<IconCheck />} title="Your video is ready">
          The MP4 ({formatClock(render.duration ?? 0)}) is ready to download. We also emailed the link to {render.email}
          .
        </Alert>
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onEmbed}>
            Get the embed code
          </Button>
          <Button component="a" href={render.url} leftSection={<IconDownload size={16} />}>
            Download MP4
          </Button>
        </Group>
        <Group justify="flex-end">
          <CaptionDownloads pid={props.pid} renderKey={render.url} />
        </Group>
      </Stack>
    );
  }
  if (render.status === 'failed') {
    return (
      <Alert
        color="red"
        icon={<IconAlertTriangle />}
        title="The video could not be rendered"
        data-testid="render-failed"
      >
        {render.error ?? 'The render stopped unexpectedly.'} Fix the project and publish again, or write to{' '}
        <Anchor href={`mailto:${config?.supportEmail ?? ''}`}>{config?.supportEmail}</Anchor>.
      </Alert>
    );
  }
  const percent = Math.round(render.progress * 100);
  return (
    <Stack data-testid="render-progress">
      <Text fw={500}>{render.status === 'queued' ? 'Waiting for a free renderer…' : `Rendering… ${percent}%`}</Text>
      <Progress value={render.status === 'queued' ? 100 : percent} animated={render.status === 'queued'} striped />
      <RenderCounts render={render} />
      <Text size="sm">{messages.videoRendering}</Text>
      <EmailNotice render={render} onChange={onChange} supportEmail={config?.supportEmail} />
      <NotifyPrompt email={render.email} />
    </Stack>
  );
}

/** Under the bar while rendering: the frame it is at, and the segments reused from earlier renders (D75). */
export function RenderCounts({ render }: { render: RenderStatus }) {
  if (render.status !== 'rendering' || render.framesTotal === 0) return null;
  return (
    <Group justify="space-between" data-testid="render-counts">
      <Text size="sm" c="dimmed">
        {`Frame ${render.framesDone} of ${render.framesTotal}`}
      </Text>
      {render.segmentsTotal > 0 && (
        <Text size="sm" c="dimmed">
          {`${render.segmentsReused} of ${render.segmentsTotal} segments reused`}
        </Text>
      )}
    </Group>
  );
}

/** Where the link goes, with 'Change' (queue-video/update) and the whitelist advice (spec 000 §8). */
function EmailNotice(props: { render: RenderStatus; onChange(render: RenderStatus): void; supportEmail?: string }) {
  const [editing, setEditing] = useState(false);
  const [email, setEmail] = useState(props.render.email ?? '');
  const [error, setError] = useState<string | null>(null);

  const save = async () => {
    const invalid = requiredEmail(email);
    if (invalid) return setError(invalid);
    try {
      const updated = await publishApi.changeEmail({ qid: props.render.qid, newEmail: email.trim() });
      props.onChange(updated);
      setEditing(false);
      setError(null);
      notifications.show({ color: 'green', message: `We will send the download link to ${updated.email}.` });
    } catch (failure) {
      setError((failure as Error).message);
    }
  };

  if (editing) {
    return (
      <Group align="flex-start">
        <TextInput
          type="email"
          aria-label="New email"
          value={email}
          onChange={(event) => setEmail(event.currentTarget.value)}
          error={error}
          style={{ flex: 1 }}
        />
        <Button onClick={save}>Save</Button>
        <Button variant="subtle" onClick={() => setEditing(false)}>
          Cancel
        </Button>
      </Group>
    );
  }
  return (
    <Text size="sm" c="dimmed" data-testid="email-notice">
      Your video is queued. An email with a download link will be sent to <b>{props.render.email}</b>{' '}
      <Anchor component="button" size="sm" onClick={() => setEditing(true)}>
        (change)
      </Anchor>
      . Add {props.supportEmail} to your contacts so it does not land in spam.
    </Text>
  );
}

function EmbedStep(props: { pid: number; onClose(): void; onBack(): void; onPublish(): void }) {
  const [hash, setHash] = useState<string | null>(null);
  const [published, setPublished] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    Promise.all([publishApi.embedHash(props.pid), publishApi.downloadLookup(props.pid)]).then(
      ([embed, lookup]) => {
        setHash(embed);
        setPublished(lookup);
      },
      (failure: Error) => setError(failure.message),
    );
  }, [props.pid]);

  if (error)
    return (
      <Alert color="red" icon={<IconAlertTriangle />}>
        {error}
      </Alert>
    );
  if (hash === null)
    return (
      <Center h={120}>
        <Loader />
      </Center>
    );
  const code = embedCode(window.location.origin, hash);
  return (
    <Stack>
      <Textarea label="Embed code" value={code} readOnly autosize minRows={4} data-testid="embed-code" />
      {published === '' && (
        <Alert color="blue" title="Not published yet">
          The frame shows your video once it has been rendered.{' '}
          <Anchor component="button" onClick={props.onPublish}>
            Render it now
          </Anchor>
        </Alert>
      )}
      {published === 'rendering' && <Text size="sm">{messages.videoRendering}</Text>}
      <Group justify="space-between">
        <Group gap="md">
          <Anchor component="button" onClick={props.onBack}>
            Back
          </Anchor>
          <Anchor component="button" onClick={props.onClose}>
            Close
          </Anchor>
        </Group>
        <CopyButton value={code}>
          {({ copied, copy }) => (
            <Button onClick={copy} color={copied ? 'teal' : undefined}>
              {copied ? 'Copied' : 'Copy code'}
            </Button>
          )}
        </CopyButton>
      </Group>
    </Stack>
  );
}
