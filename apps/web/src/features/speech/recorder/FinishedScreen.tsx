import { Badge, Box, Button, Group, ScrollArea, Stack, Table, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { AudioPlayer } from '../../widgets/audio-player/AudioPlayer';
import { SavingWarning } from './RecordingScreen';
import { type RecorderState, savingCount } from './recorder-machine';

type Props = { state: RecorderState; onRedo(stepKey: string): void; onDone(): void };

/** Step 4 (spec 002 §4): each audio with Redo; the waiting warning until all are saved. */
export function FinishedScreen({ state, onRedo, onDone }: Props) {
  const saving = savingCount(state);
  const saved = Object.values(state.takes).filter((take) => take.status === 'saved').length;

  return (
    <Stack>
      <Text size="sm" c="dimmed">
        {saved} of {state.steps.length} recorded. Listen to each and redo any you want to say again.
      </Text>
      <ScrollArea.Autosize mah={360}>
        <Table verticalSpacing="xs" data-testid="finished-list">
          <Table.Tbody>
            {state.steps.map((step) => {
              const take = state.takes[step.key];
              return (
                <Table.Tr key={step.key} data-testid="finished-take">
                  <Table.Td w={70}>
                    <Text size="xs" c="dimmed">
                      Slide {step.frameIndex + 1}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" lineClamp={2}>
                      {step.sentence ?? 'Slide without text'}
                    </Text>
                    {take?.status === 'saved' && take.url && (
                      <Box mt={4}>
                        <AudioPlayer url={take.url} label={`slide ${step.frameIndex + 1}`} variant="full" />
                      </Box>
                    )}
                  </Table.Td>
                  <Table.Td w={130}>
                    {take?.status === 'saved' ? (
                      <Badge color="green" variant="light" tt="none">
                        Saved · {take.seconds.toFixed(1)} s
                      </Badge>
                    ) : take?.status === 'saving' ? (
                      <Badge color="yellow" variant="light" tt="none">
                        Saving…
                      </Badge>
                    ) : (
                      <Badge color="gray" variant="light" tt="none">
                        Not recorded
                      </Badge>
                    )}
                  </Table.Td>
                  <Table.Td w={100}>
                    <Button
                      size="xs"
                      variant="light"
                      leftSection={<IconRefresh size={14} />}
                      onClick={() => onRedo(step.key)}
                      disabled={take?.status === 'saving'}
                      aria-label={`Redo slide ${step.frameIndex + 1}: ${step.sentence ?? 'no text'}`}
                    >
                      {take ? 'Redo' : 'Record'}
                    </Button>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </ScrollArea.Autosize>
      <SavingWarning count={saving} />
      <Group justify="flex-end">
        <Button onClick={onDone} disabled={saving > 0}>
          Done
        </Button>
      </Group>
    </Stack>
  );
}
