import { Anchor, Badge, Button, CopyButton, Group, Paper, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { joinTags, type OptimizeResponse, TAGS_MAX_CHARS, TITLE_MAX_CHARS } from '@reelwright/core';
import {
  IconArrowLeft,
  IconBrandYoutube,
  IconCheck,
  IconCopy,
  IconDownload,
  IconRefresh,
  IconSparkles,
} from '@tabler/icons-react';
import { useState } from 'react';
import { downloadMp4 } from './download-mp4';
import { VIDEO_SITE_UPLOAD_URL } from './keyword';
import { optimizerApi } from './optimizer-api';

type Result = NonNullable<OptimizeResponse['result']>;

type OptimizerResultsProps = {
  pid: number;
  keyword: string;
  result: Result;
  rewriteOffered: boolean;
  onPublish(): void;
  /** Back to the keyword form. */
  onAgain(): void;
  onBack?(): void;
};

/**
 * The optimizer's results (spec 000 §3): title, description and tags, each with a copy button,
 * 'Download Mp4' and the video site's upload page; with a language model configured, a rewrite.
 */
export function OptimizerResults(props: OptimizerResultsProps) {
  const { pid, keyword } = props;
  const [result, setResult] = useState(props.result);
  const [rewriting, setRewriting] = useState(false);
  const tags = joinTags(result.tags);

  const rewrite = async () => {
    setRewriting(true);
    try {
      const answer = await optimizerApi.rewrite({ pid, keyword });
      if (answer.result) setResult(answer.result);
      else notifications.show({ color: 'red', message: answer.message });
    } catch (error) {
      notifications.show({ color: 'red', title: 'Could not rewrite', message: (error as Error).message });
    } finally {
      setRewriting(false);
    }
  };

  return (
    <Stack data-testid="optimizer-results">
      <Group justify="space-between" align="center">
        <Text size="sm" c="dimmed">
          Optimized for <b>{keyword}</b>. Copy each part into the video site's upload form.
        </Text>
        {props.rewriteOffered && (
          <Button
            variant="light"
            size="xs"
            leftSection={<IconSparkles size={14} />}
            loading={rewriting}
            onClick={rewrite}
          >
            Rewrite title and description
          </Button>
        )}
      </Group>

      <Field label="Title" copyValue={result.title} count={`${result.title.length}/${TITLE_MAX_CHARS}`}>
        <TextInput value={result.title} readOnly aria-label="Title" data-testid="optimized-title" />
      </Field>

      <Field label="Description" copyValue={result.description}>
        <Textarea
          value={result.description}
          readOnly
          autosize
          minRows={5}
          maxRows={14}
          aria-label="Description"
          data-testid="optimized-description"
          styles={{ input: { fontSize: 'var(--mantine-font-size-sm)' } }}
        />
      </Field>

      <Field label="Tags" copyValue={tags} count={`${tags.length}/${TAGS_MAX_CHARS} characters`}>
        <Paper withBorder radius="sm" p="xs" data-testid="optimized-tags">
          <Group gap={6}>
            {result.tags.map((tag) => (
              <Badge key={tag} variant="light" color="gray" tt="none" fw={500} size="lg" radius="sm">
                {tag}
              </Badge>
            ))}
          </Group>
        </Paper>
      </Field>

      <Group justify="space-between" mt="xs">
        <Group gap="md">
          {props.onBack && (
            <Anchor component="button" type="button" onClick={props.onBack}>
              <Group gap={4}>
                <IconArrowLeft size={14} />
                Back
              </Group>
            </Anchor>
          )}
          <Anchor component="button" type="button" onClick={props.onAgain}>
            <Group gap={4}>
              <IconRefresh size={14} />
              Try another keyword
            </Group>
          </Anchor>
        </Group>
        <Group gap="sm">
          <Button
            component="a"
            href={VIDEO_SITE_UPLOAD_URL}
            target="_blank"
            rel="noopener noreferrer"
            variant="default"
            leftSection={<IconBrandYoutube size={18} color="#e03131" />}
          >
            Upload to YouTube
          </Button>
          <Button leftSection={<IconDownload size={16} />} onClick={() => void downloadMp4(pid, props.onPublish)}>
            Download Mp4
          </Button>
        </Group>
      </Group>
    </Stack>
  );
}

/** A labelled result with its copy button ('Copied' once copied) and an optional count. */
function Field(props: { label: string; copyValue: string; count?: string; children: React.ReactNode }) {
  return (
    <Stack gap={4}>
      <Group justify="space-between" align="flex-end">
        <Group gap="xs" align="baseline">
          <Text fw={600} size="sm">
            {props.label}
          </Text>
          {props.count && (
            <Text size="xs" c="dimmed">
              {props.count}
            </Text>
          )}
        </Group>
        <CopyButton value={props.copyValue} timeout={2000}>
          {({ copied, copy }) => (
            <Button
              size="compact-sm"
              variant={copied ? 'filled' : 'light'}
              color={copied ? 'teal' : undefined}
              leftSection={copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
              onClick={copy}
              aria-label={copied ? `${props.label} copied` : `Copy ${props.label.toLowerCase()}`}
            >
              {copied ? 'Copied' : 'Copy'}
            </Button>
          )}
        </CopyButton>
      </Group>
      {props.children}
    </Stack>
  );
}
