import { Anchor, Button, Center, Group, Loader, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { OptimizeResponse } from '@reelwright/core';
import { IconArrowLeft, IconTarget } from '@tabler/icons-react';
import { useState } from 'react';
import { keywordProblem } from './keyword';
import { OptimizerResults } from './OptimizerResults';
import { optimizerApi } from './optimizer-api';

type Result = NonNullable<OptimizeResponse['result']>;

export type OptimizerPanelProps = {
  pid: number;
  /** Back out of the optimizer (the publish dialog's options); none on the optimizer page. */
  onBack?(): void;
  /** Publishes the project when 'Download Mp4' finds it never published. */
  onPublish(): void;
};

/**
 * The video optimizer panel of paid members (spec 000 §3, §4): the target keyword form, loading,
 * then the results; no results is the spec's error toast and the form again. The same panel
 * serves `/optimizer` and the publish dialog's Optimize action.
 */
export function OptimizerPanel({ pid, onBack, onPublish }: OptimizerPanelProps) {
  const [keyword, setKeyword] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const [answer, setAnswer] = useState<{ keyword: string; result: Result; rewriteOffered: boolean } | null>(null);

  const optimize = async (event?: React.FormEvent) => {
    event?.preventDefault();
    const invalid = keywordProblem(keyword);
    setProblem(invalid);
    if (invalid) return;
    setLoading(true);
    try {
      const target = keyword.trim();
      const response = await optimizerApi.optimize({ pid, keyword: target });
      if (response.result)
        setAnswer({ keyword: target, result: response.result, rewriteOffered: response.rewriteOffered });
      else notifications.show({ color: 'red', message: response.message });
    } catch (error) {
      notifications.show({ color: 'red', title: 'The optimizer failed', message: (error as Error).message });
    } finally {
      setLoading(false);
    }
  };

  if (loading) {
    return (
      <Center mih={220} data-testid="optimizer-loading">
        <Stack align="center" gap="xs">
          <Loader />
          <Text c="dimmed">Optimizing your video for “{keyword.trim()}”…</Text>
        </Stack>
      </Center>
    );
  }

  if (answer) {
    return (
      <OptimizerResults
        pid={pid}
        keyword={answer.keyword}
        result={answer.result}
        rewriteOffered={answer.rewriteOffered}
        onPublish={onPublish}
        onAgain={() => setAnswer(null)}
        onBack={onBack}
      />
    );
  }

  return (
    <form onSubmit={optimize} noValidate data-testid="optimizer-form">
      <Stack>
        <TextInput
          label="Target keyword"
          description="What viewers type into the search box to find a video like this one."
          placeholder="e.g. cold brew coffee"
          leftSection={<IconTarget size={16} />}
          value={keyword}
          onChange={(event) => {
            setKeyword(event.currentTarget.value);
            if (problem) setProblem(keywordProblem(event.currentTarget.value));
          }}
          error={problem}
          required
          data-autofocus
        />
        <Group justify={onBack ? 'space-between' : 'flex-end'}>
          {onBack && (
            <Anchor component="button" type="button" onClick={onBack}>
              <Group gap={4}>
                <IconArrowLeft size={14} />
                Back
              </Group>
            </Anchor>
          )}
          <Button type="submit">Optimize video</Button>
        </Group>
      </Stack>
    </form>
  );
}
