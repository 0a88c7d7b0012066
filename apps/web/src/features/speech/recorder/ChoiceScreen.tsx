import { Alert, Button, Group, Radio, Stack, Switch, Text } from '@mantine/core';
import type { Frame } from '@reelwright/core';
import { useMemo } from 'react';
import { planSteps, type RecordingStep, type RecordScope } from './recording-plan';

type Props = {
  frames: readonly Frame[];
  currentFrameId: string | null;
  scope: RecordScope;
  onScope(scope: RecordScope): void;
  skipWithAudio: boolean;
  onSkipWithAudio(skip: boolean): void;
  onNext(steps: RecordingStep[]): void;
};

/** Step 1 (spec 002 §4): the current slide or all slides, and whether to skip slides that have audio. */
export function ChoiceScreen(props: Props) {
  const { frames, currentFrameId, scope, skipWithAudio } = props;
  const steps = useMemo(
    () => planSteps(frames, { scope, currentFrameId, skipWithAudio }),
    [frames, scope, currentFrameId, skipWithAudio],
  );
  const currentIndex = Math.max(
    0,
    frames.findIndex((frame) => frame.id === currentFrameId),
  );
  const slideCount = new Set(steps.map((step) => step.frameId)).size;

  return (
    <Stack>
      <Radio.Group
        label="Record voice-over for"
        value={scope}
        onChange={(value) => props.onScope(value as RecordScope)}
      >
        <Stack gap="xs" mt="xs">
          <Radio value="current" label={`Current slide only (slide ${currentIndex + 1})`} />
          <Radio value="all" label={`All slides (${frames.length})`} />
        </Stack>
      </Radio.Group>
      <Switch
        label="Skip slides that already have audio"
        checked={skipWithAudio}
        onChange={(event) => props.onSkipWithAudio(event.currentTarget.checked)}
      />
      {steps.length === 0 ? (
        <Alert color="yellow" variant="light">
          Every chosen slide already has audio. Turn off the skip to record it again.
        </Alert>
      ) : (
        <Text size="sm" c="dimmed" data-testid="recorder-plan">
          {steps.length} {steps.length === 1 ? 'step' : 'steps'} on {slideCount} {slideCount === 1 ? 'slide' : 'slides'}
          : you read one sentence at a time.
        </Text>
      )}
      <Group justify="flex-end">
        <Button onClick={() => props.onNext(steps)} disabled={steps.length === 0}>
          Next
        </Button>
      </Group>
    </Stack>
  );
}
