import { Alert, Button, CopyButton, Group, Loader, Stack, Text, Textarea, Title } from '@mantine/core';
import type { RenderStatus } from '@reelwright/core';
import { IconCheck, IconCopy, IconDownload } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { formatClock } from '../../player/time-format';
import { CaptionDownloads } from '../../publish/CaptionDownloads';
import { embedCode } from '../../publish/embed-code';
import { publishApi } from '../../publish/publish-api';
import { EditInEditor } from './EditInEditor';
import { VideoRating } from './VideoRating';

/** The finished video (spec 001 §4): the download link, the embed code with Copy, 'Edit in the editor', the rating. */
export function PublishedVideo({ pid, render }: { pid: number; render: RenderStatus }) {
  return (
    <Stack gap="lg" data-testid="publish-done">
      <Alert color="green" icon={<IconCheck />} title="Your video is ready">
        {render.duration
          ? `The MP4 (${formatClock(render.duration)}) is ready to download.`
          : 'The MP4 is ready to download.'}
        {render.email && ` We also emailed the link to ${render.email}.`}
      </Alert>
      <Group>
        <Button
          component="a"
          href={render.url ?? undefined}
          target="_blank"
          rel="noopener"
          leftSection={<IconDownload size={16} />}
          data-testid="publish-download"
        >
          Download MP4
        </Button>
        <EditInEditor />
      </Group>
      {render.url && <CaptionDownloads pid={pid} renderKey={render.url} />}
      <EmbedCode pid={pid} />
      <VideoRating pid={pid} />
    </Stack>
  );
}

/** The embeddable frame's code (spec 000 §7 embed hash) with Copy. */
function EmbedCode({ pid }: { pid: number }) {
  const hash = useQuery({ queryKey: ['embed-hash', pid], queryFn: () => publishApi.embedHash(pid), retry: false });
  return (
    <Stack gap="xs" data-testid="publish-embed">
      <Title order={4}>Embed on a website or blog</Title>
      {hash.isPending ? (
        <Loader size="sm" />
      ) : hash.isError ? (
        <Text c="red" size="sm" data-testid="publish-embed-error">
          {hash.error.message}
        </Text>
      ) : (
        <EmbedCodeBox code={embedCode(window.location.origin, hash.data)} />
      )}
    </Stack>
  );
}

function EmbedCodeBox({ code }: { code: string }) {
  return (
    <>
      <Textarea value={code} readOnly autosize minRows={3} aria-label="Embed code" data-testid="publish-embed-code" />
      <Group>
        <CopyButton value={code}>
          {({ copied, copy }) => (
            <Button
              variant="light"
              onClick={copy}
              color={copied ? 'teal' : undefined}
              leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
              data-testid="publish-embed-copy"
            >
              {copied ? 'Copied' : 'Copy'}
            </Button>
          )}
        </CopyButton>
      </Group>
    </>
  );
}
