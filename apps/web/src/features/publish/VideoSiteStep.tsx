import {
  Alert,
  Anchor,
  Button,
  Center,
  Group,
  Loader,
  Progress,
  SegmentedControl,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import {
  DESCRIPTION_MAX_CHARS,
  TAGS_MAX_CHARS,
  TITLE_MAX_CHARS,
  type VideoPrivacy,
  type VideoSiteStatus,
  type VideoUpload,
  VideoUploadInputSchema,
} from '@reelwright/core';
import { IconAlertTriangle, IconBrandYoutube, IconCheck, IconExternalLink } from '@tabler/icons-react';
import { useCallback, useEffect, useState } from 'react';
import { call } from '../../lib/api';
import { addressWithoutOutcome, useVideoSiteReturn } from './video-site-return';

/** How often the dialog asks how the upload is going. */
const UPLOAD_POLL_MS = 1000;

type Fields = { title: string; description: string; tags: string; privacy: VideoPrivacy };
type FieldErrors = Partial<Record<keyof Fields, string>>;

const megabytes = (bytes: number) => `${(bytes / 1_000_000).toFixed(1)} MB`;

/**
 * The publish dialog's video-site option (issue 21 part 4, D70): connect a YouTube channel, then
 * upload the project's finished render with a title, description, tags (the optimizer's, editable)
 * and privacy, watching its progress until the video's link. Other sites are not offered: the
 * member is told to download the MP4 for them.
 */
export function VideoSiteStep(props: { pid: number; onBack(): void; onRender(): void }) {
  const { pid } = props;
  const [status, setStatus] = useState<VideoSiteStatus | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [upload, setUpload] = useState<VideoUpload | null>(null);

  const load = useCallback(
    () =>
      call('videoSiteStatus', { pid }).then(
        (answer) => {
          setStatus(answer);
          setError(null);
        },
        (failure: Error) => setError(failure.message),
      ),
    [pid],
  );
  useEffect(() => {
    void load();
  }, [load]);

  if (error)
    return (
      <Alert color="red" icon={<IconAlertTriangle />}>
        {error}
      </Alert>
    );
  if (!status)
    return (
      <Center h={120}>
        <Loader />
      </Center>
    );

  const back = (
    <Button variant="default" onClick={props.onBack}>
      Back
    </Button>
  );

  if (!status.available) {
    return (
      <Stack>
        <Alert color="blue" title="Publishing to YouTube is not set up here">
          This server is not connected to YouTube. Download the MP4 and upload it to YouTube or any other site yourself.
        </Alert>
        <Group justify="flex-end">
          {back}
          <Button onClick={props.onRender}>Download the MP4 file</Button>
        </Group>
      </Stack>
    );
  }

  let body: React.ReactNode;
  if (!status.connected || !status.channel) body = <ConnectChannel />;
  else if (upload) {
    body = (
      <UploadProgress
        upload={upload}
        onChange={setUpload}
        onAgain={() => {
          setUpload(null);
          if (upload.errorCode === 'revoked') void load();
        }}
      />
    );
  } else if (!status.render) {
    body = (
      <Alert
        color="yellow"
        icon={<IconAlertTriangle />}
        title="No finished video yet"
        data-testid="video-site-no-render"
      >
        <Stack gap="xs" align="flex-start">
          <Text size="sm">
            This project has not been rendered yet. Render it first; then come back here to upload it.
          </Text>
          <Button size="xs" onClick={props.onRender}>
            Render the video
          </Button>
        </Stack>
      </Alert>
    );
  } else {
    body = <UploadForm pid={pid} status={status} onStarted={setUpload} />;
  }

  return (
    <Stack>
      <ConnectOutcome channel={status.channel?.title} />
      {status.connected && status.channel && (
        <ConnectedChannel title={status.channel.title} onDisconnected={load} locked={upload?.status === 'uploading'} />
      )}
      {body}
      <Text size="xs" c="dimmed">
        Reelwright publishes to YouTube. For other video sites, download the MP4 and upload it there.
      </Text>
      {!upload && <Group justify="flex-end">{back}</Group>}
    </Stack>
  );
}

/** The outcome of the connect attempt the member just came back from. */
function ConnectOutcome(props: { channel?: string }) {
  const { outcome, reason, clear } = useVideoSiteReturn();
  if (!outcome) return null;
  const common = { withCloseButton: true, onClose: clear, 'data-testid': 'video-site-outcome' };
  if (outcome === 'connected')
    return (
      <Alert color="green" icon={<IconCheck />} {...common}>
        Your YouTube channel {props.channel ? <b>{props.channel}</b> : null} is connected.
      </Alert>
    );
  if (outcome === 'denied')
    return (
      <Alert color="yellow" icon={<IconAlertTriangle />} {...common}>
        You did not allow Reelwright to upload to YouTube, so nothing was connected. Connect again when you are ready.
      </Alert>
    );
  return (
    <Alert color="red" icon={<IconAlertTriangle />} title="Your channel could not be connected" {...common}>
      {reason ?? 'Something went wrong at Google.'} Try connecting again.
    </Alert>
  );
}

function ConnectChannel() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const connect = async () => {
    setBusy(true);
    setError(null);
    try {
      // Google sends the member back here; the outcome reopens this step (video-site-return.ts).
      const { url } = await call('videoSiteConnect', { returnTo: addressWithoutOutcome(window.location.href) });
      window.location.assign(url);
    } catch (failure) {
      setError((failure as Error).message);
      setBusy(false);
    }
  };
  return (
    <Stack data-testid="video-site-connect">
      <Text>
        Connect your YouTube channel once, then upload your videos from here. You will be asked at Google to allow
        Reelwright to upload videos and see your channel's name; you can disconnect at any time.
      </Text>
      {error && (
        <Alert color="red" icon={<IconAlertTriangle />}>
          {error}
        </Alert>
      )}
      <Group>
        <Button leftSection={<IconBrandYoutube size={18} />} color="red" loading={busy} onClick={connect}>
          Connect your YouTube channel
        </Button>
      </Group>
    </Stack>
  );
}

function ConnectedChannel(props: { title: string; locked: boolean; onDisconnected(): void }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const disconnect = async () => {
    setBusy(true);
    try {
      await call('videoSiteDisconnect', {});
      useVideoSiteReturn.getState().clear();
      props.onDisconnected();
    } catch (failure) {
      setError((failure as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack gap={4}>
      <Group justify="space-between" data-testid="video-site-channel">
        <Group gap="xs">
          <IconBrandYoutube size={20} color="var(--mantine-color-red-6)" />
          <Text size="sm">
            Connected to <b>{props.title}</b>
          </Text>
        </Group>
        <Button variant="subtle" size="xs" color="gray" loading={busy} disabled={props.locked} onClick={disconnect}>
          Disconnect
        </Button>
      </Group>
      {error && (
        <Text size="sm" c="red">
          {error}
        </Text>
      )}
    </Stack>
  );
}

function UploadForm(props: { pid: number; status: VideoSiteStatus; onStarted(upload: VideoUpload): void }) {
  const suggested = props.status.suggested;
  const [fields, setFields] = useState<Fields>({
    title: suggested?.title ?? '',
    description: suggested?.description ?? '',
    tags: suggested?.tags ?? '',
    privacy: 'private',
  });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (name: keyof Fields) => (value: string) => setFields((current) => ({ ...current, [name]: value }));

  const start = async () => {
    const parsed = VideoUploadInputSchema.safeParse({ pid: props.pid, ...fields });
    if (!parsed.success) {
      const found: FieldErrors = {};
      for (const issue of parsed.error.issues) found[issue.path[0] as keyof Fields] ??= issue.message;
      return setErrors(found);
    }
    setErrors({});
    setError(null);
    setBusy(true);
    try {
      props.onStarted(await call('videoUploadStart', parsed.data));
      useVideoSiteReturn.getState().clear();
    } catch (failure) {
      setError((failure as Error).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap="sm" data-testid="video-site-form">
      <TextInput
        label="Title"
        value={fields.title}
        onChange={(event) => set('title')(event.currentTarget.value)}
        description={`${fields.title.length} / ${TITLE_MAX_CHARS}`}
        error={errors.title}
        required
      />
      <Textarea
        label="Description"
        value={fields.description}
        onChange={(event) => set('description')(event.currentTarget.value)}
        description={`${fields.description.length} / ${DESCRIPTION_MAX_CHARS}`}
        error={errors.description}
        autosize
        minRows={3}
        maxRows={8}
      />
      <TextInput
        label="Tags"
        value={fields.tags}
        onChange={(event) => set('tags')(event.currentTarget.value)}
        description={`Separated by commas. ${fields.tags.length} / ${TAGS_MAX_CHARS}`}
        error={errors.tags}
      />
      <Stack gap={4}>
        <Text size="sm" fw={500}>
          Who can watch it
        </Text>
        <SegmentedControl
          aria-label="Privacy"
          value={fields.privacy}
          onChange={set('privacy')}
          data={[
            { value: 'private', label: 'Private' },
            { value: 'unlisted', label: 'Unlisted' },
            { value: 'public', label: 'Public' },
          ]}
        />
      </Stack>
      {error && (
        <Alert color="red" icon={<IconAlertTriangle />}>
          {error}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button leftSection={<IconBrandYoutube size={18} />} loading={busy} onClick={start}>
          Upload
        </Button>
      </Group>
    </Stack>
  );
}

function UploadProgress(props: { upload: VideoUpload; onChange(upload: VideoUpload): void; onAgain(): void }) {
  const { upload, onChange } = props;
  const finished = upload.status === 'done' || upload.status === 'failed';

  useEffect(() => {
    if (finished) return;
    const timer = setInterval(() => {
      call('videoUploadStatus', { id: upload.id }).then(onChange, () => {});
    }, UPLOAD_POLL_MS);
    return () => clearInterval(timer);
  }, [finished, upload.id, onChange]);

  if (upload.status === 'done' && upload.videoUrl) {
    return (
      <Alert color="green" icon={<IconCheck />} title="Your video is on YouTube" data-testid="video-site-done">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">YouTube is processing it; it can take a few minutes before it plays in full quality.</Text>
          <Anchor href={upload.videoUrl} target="_blank" rel="noopener" data-testid="video-site-link">
            <Group gap={4}>
              {upload.videoUrl}
              <IconExternalLink size={14} />
            </Group>
          </Anchor>
        </Stack>
      </Alert>
    );
  }
  if (upload.status === 'failed') {
    return (
      <Stack data-testid="video-site-failed">
        <Alert color="red" icon={<IconAlertTriangle />} title="The upload did not finish">
          {upload.error ?? 'The upload stopped unexpectedly. Try again.'}
        </Alert>
        <Group justify="flex-end">
          <Button onClick={props.onAgain}>
            {upload.errorCode === 'revoked' ? 'Connect again' : 'Back to the form'}
          </Button>
        </Group>
      </Stack>
    );
  }
  const percent = upload.bytesTotal > 0 ? Math.round((upload.bytesSent / upload.bytesTotal) * 100) : 0;
  const waiting = upload.status === 'queued';
  return (
    <Stack data-testid="video-site-progress">
      <Text fw={500}>
        {waiting
          ? 'Getting ready to upload…'
          : `Uploading to YouTube… ${percent}% (${megabytes(upload.bytesSent)} of ${megabytes(upload.bytesTotal)})`}
      </Text>
      <Progress value={waiting ? 100 : percent} animated={waiting} striped={waiting} aria-label="Upload progress" />
      <Text size="sm" c="dimmed">
        You can close this window: the upload goes on, and the video appears on your channel when it is done.
      </Text>
    </Stack>
  );
}
