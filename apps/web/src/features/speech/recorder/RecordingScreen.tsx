import { Alert, Badge, Button, Group, Paper, Progress, Stack, Text } from '@mantine/core';
import { IconMicrophone, IconPlayerSkipForward, IconPlayerStop } from '@tabler/icons-react';
import { type RecorderState, type RecordingStatus, recordingStatus, savingCount } from './recorder-machine';
import type { RecordingStep } from './recording-plan';
import type { Readout, SessionOptions } from './use-recording-session';

type Props = {
  state: RecorderState;
  step: RecordingStep;
  readout: Readout;
  options: SessionOptions;
  onRecord(): void;
  onStop(): void;
  onPrevious(): void;
  onSkip(): void;
  onFinish(): void;
};

const STATUS_LABEL: Record<RecordingStatus, { label: string; color: string }> = {
  'not-started': { label: 'Not started', color: 'gray' },
  recording: { label: 'Recording', color: 'red' },
  saving: { label: 'Saving', color: 'yellow' },
};

/** Seconds as m:ss.s */
export function clockTime(seconds: number): string {
  const whole = Math.max(0, seconds);
  const minutes = Math.floor(whole / 60);
  return `${minutes}:${(whole - minutes * 60).toFixed(1).padStart(4, '0')}`;
}

/** The waiting warning of spec 002 §4, while any take is still on its way to the server. */
export function SavingWarning({ count }: { count: number }) {
  if (count === 0) return null;
  return (
    <Alert color="yellow" variant="light" data-testid="saving-warning">
      Saving {count} {count === 1 ? 'recording' : 'recordings'}… Please wait until all are saved.
    </Alert>
  );
}

/** Step 3 (spec 002 §4): one sentence at a time, with the level meter and elapsed time. */
export function RecordingScreen({ state, step, readout, options, ...actions }: Props) {
  const status = recordingStatus(state);
  const recording = status === 'recording';
  const badge = STATUS_LABEL[status];
  const stepsOnSlide = state.steps.filter((s) => s.frameId === step.frameId);
  const onSlide = stepsOnSlide.indexOf(step) + 1;
  const saved = state.takes[step.key]?.status === 'saved';

  return (
    <Stack>
      <Group justify="space-between">
        <Text size="sm" fw={500} data-testid="recorder-step">
          Slide {step.frameIndex + 1} · {step.sentence ? `sentence ${onSlide} of ${stepsOnSlide.length}` : 'no text'}
        </Text>
        <Badge color={badge.color} variant={recording ? 'filled' : 'light'} data-testid="recording-status">
          {badge.label}
        </Badge>
      </Group>
      <Progress value={(state.index / state.steps.length) * 100} size="xs" aria-label="Steps done" />
      <Paper withBorder radius="md" p="lg" bg="var(--mantine-color-gray-0)">
        <Text size="xl" fw={500} ta="center" data-testid="recorder-sentence">
          {step.sentence ?? 'This slide has no text: say what it should.'}
        </Text>
      </Paper>
      <Stack gap={4}>
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            {recording
              ? options.keepRecording
                ? 'Recording until you stop'
                : `Stops at the slide's end (${clockTime(readout.limit)})`
              : saved
                ? 'Recorded. Record again to replace it.'
                : 'Press Record and read the sentence aloud.'}
          </Text>
          <Text size="sm" ff="monospace" data-testid="recorder-elapsed">
            {clockTime(recording ? readout.elapsed : 0)}
          </Text>
        </Group>
        <Progress
          value={recording ? readout.meter : 0}
          color={readout.meter > 90 ? 'red' : 'teal'}
          size="lg"
          aria-label="Input level"
          data-testid="level-meter"
          transitionDuration={200}
        />
        {options.answeringMachine && (
          <Text size="xs" c="dimmed">
            Answering machine: saves after 1 s of silence
            {readout.heard && recording ? ` · heard "${readout.heard}"` : ''}
          </Text>
        )}
      </Stack>
      <SavingWarning count={savingCount(state)} />
      <Group justify="space-between">
        <Group gap="xs">
          <Button
            variant="default"
            onClick={actions.onPrevious}
            disabled={recording || state.index === 0 || state.redoing}
          >
            Previous
          </Button>
          <Button
            variant="default"
            rightSection={<IconPlayerSkipForward size={16} />}
            onClick={actions.onSkip}
            disabled={recording}
          >
            Skip
          </Button>
        </Group>
        <Group gap="xs">
          <Button variant="subtle" onClick={actions.onFinish} disabled={recording}>
            Finish
          </Button>
          {recording ? (
            <Button color="dark" leftSection={<IconPlayerStop size={16} />} onClick={actions.onStop}>
              Stop and save
            </Button>
          ) : (
            <Button color="red" leftSection={<IconMicrophone size={16} />} onClick={actions.onRecord}>
              {saved ? 'Record again' : 'Record'}
            </Button>
          )}
        </Group>
      </Group>
    </Stack>
  );
}
