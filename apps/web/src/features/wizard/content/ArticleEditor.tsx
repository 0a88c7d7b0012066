import { Alert, Badge, Button, Group, NumberInput, Stack, Text, Textarea, TextInput } from '@mantine/core';
import {
  countWords,
  DEFAULT_BREAK_TEXT,
  EDITOR_MAX_WORDS,
  EDITOR_RECOMMENDED_WORDS,
  isOverWordLimit,
  messages,
  truncateToWords,
  validateArticle,
} from '@reelwright/core';
import { IconAlertTriangle, IconWand } from '@tabler/icons-react';
import { useState } from 'react';
import { useStepHooks } from '../step-hooks';
import { updateWizard, useWizard } from '../use-wizard';
import { ShortenPopover } from './ShortenPopover';
import { StepErrorAlert } from './StepErrorAlert';

/**
 * The article editor (source 'edit', spec 001 §2, §5): title and body, the word count with the
 * 600-word warning and its 'Fix it', break-text length and the Shorten action. Next Step
 * advances once title and body are filled in.
 */
export function ArticleEditor() {
  const wizard = useWizard();
  const title = wizard.title ?? '';
  const body = wizard.body ?? '';
  const words = countWords(body);
  const over = isOverWordLimit(body);
  const [error, setError] = useState<string | null>(null);

  useStepHooks({
    validate: () => {
      const problem = validateArticle({ title, body });
      setError(problem);
      return problem === null;
    },
  });

  const edit = (field: 'title' | 'body', value: string) => {
    if (error) setError(null);
    updateWizard((draft) => {
      draft[field] = value;
    });
  };

  return (
    <Stack gap="md" data-testid="article-editor">
      <StepErrorAlert message={error} onClose={() => setError(null)} />
      <TextInput
        label="Title"
        placeholder="The video's title"
        size="md"
        required
        value={title}
        onChange={(event) => edit('title', event.currentTarget.value)}
        error={error && !title.trim() ? 'Enter a title' : undefined}
        data-testid="article-title"
      />
      <Stack gap={4}>
        <Group justify="space-between" align="flex-end">
          <Text component="label" htmlFor="article-body" size="sm" fw={500}>
            Article{' '}
            <Text span c="red" aria-hidden>
              *
            </Text>
          </Text>
          <Group gap="xs">
            <Badge
              variant="light"
              color={over ? 'orange' : words > EDITOR_RECOMMENDED_WORDS ? 'yellow' : 'gray'}
              data-testid="article-word-count"
              aria-live="polite"
            >
              {words} {words === 1 ? 'word' : 'words'}
            </Badge>
            <ShortenPopover body={body} />
          </Group>
        </Group>
        <Textarea
          id="article-body"
          placeholder="Write or paste the article. Each paragraph becomes one or more slides."
          autosize
          minRows={12}
          maxRows={30}
          required
          value={body}
          onChange={(event) => edit('body', event.currentTarget.value)}
          error={error && !body.trim() ? 'Enter the article' : undefined}
          data-testid="article-body"
        />
      </Stack>
      {over && (
        <Alert
          color="orange"
          variant="light"
          icon={<IconAlertTriangle />}
          title={`${words} words is more than ${EDITOR_MAX_WORDS}`}
          data-testid="word-limit-warning"
        >
          <Group justify="space-between" gap="sm">
            <Text size="sm">{messages.wordLimitAdvice}</Text>
            <Button
              size="xs"
              color="orange"
              leftSection={<IconWand size={14} />}
              onClick={() => edit('body', truncateToWords(body, EDITOR_MAX_WORDS))}
              data-testid="word-limit-fix"
            >
              {messages.fixIt}
            </Button>
          </Group>
        </Alert>
      )}
      <NumberInput
        label="Break text longer than"
        description="Characters. Longer text is split across more slides."
        min={0}
        step={10}
        allowDecimal={false}
        allowNegative={false}
        maw={260}
        value={wizard.breakText ?? DEFAULT_BREAK_TEXT}
        onChange={(value) => {
          if (typeof value !== 'number') return;
          updateWizard((draft) => {
            draft.breakText = value;
          });
        }}
        data-testid="article-break-text"
      />
    </Stack>
  );
}
