import { Button, Group, Modal, Progress, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { slideMessages } from '@reelwright/core';
import { abortSpeech, usePrepare } from './prepare';

/**
 * The text-to-speech loader (spec 001 §2 popups, §8): progress in percent and Abort, which asks
 * first ('Speech generation is not complete. Are you sure you want to abort?').
 */
export function SpeechLoader() {
  const { running, done, total, cancelling } = usePrepare((s) => s.speech);
  const percent = total > 0 ? Math.round((done / total) * 100) : 0;
  const confirmAbort = () =>
    modals.openConfirmModal({
      title: 'Abort speech generation?',
      children: slideMessages.confirmAbortSpeech,
      labels: { confirm: 'Abort', cancel: 'Continue' },
      confirmProps: { color: 'red' },
      onConfirm: abortSpeech,
    });

  return (
    <Modal
      opened={running}
      onClose={confirmAbort}
      withCloseButton={false}
      closeOnClickOutside={false}
      title="Generating the narration"
      centered
    >
      <Stack gap="sm" data-testid="speech-loader">
        <Text size="sm">
          {cancelling ? slideMessages.cancellingSpeech : `Line ${Math.min(done + 1, total)} of ${total}`}
        </Text>
        <Progress value={percent} size="xl" radius="xl" striped animated aria-label="Speech generation" />
        <Group justify="space-between">
          <Text size="sm" fw={600} data-testid="speech-percent">
            {percent}%
          </Text>
          <Button variant="default" color="red" size="xs" onClick={confirmAbort} disabled={cancelling}>
            Abort
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
