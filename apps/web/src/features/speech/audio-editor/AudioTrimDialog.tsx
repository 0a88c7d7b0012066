import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { slideMessages } from '@reelwright/core';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { AudioEditor } from './AudioEditor';
import type { TrimmedAudio } from './trim';
import { useTrimSession } from './use-trim-session';

export const EDIT_AUDIO_TITLE = 'Edit audio';

type Props = {
  opened: boolean;
  /** The audio to edit; null shows `missing` instead (the audio went away while open). */
  url: string | null;
  missing: string;
  onClose(): void;
  /** Writes the trimmed MP3 where the audio came from. */
  onSaved(trimmed: TrimmedAudio): void;
  testId?: string;
  saveTestId?: string;
};

/**
 * The Edit audio popup (spec 001 §2, 002 §2): the audio editor on one sound and 'Save audio',
 * which keeps only the selected region as a new MP3 (through save-mp3). The builder's audio items
 * and the wizard's lines each wrap it with where the result goes.
 */
export function AudioTrimDialog({ opened, url, missing, onClose, onSaved, testId, saveTestId }: Props) {
  const { region, setRegion, onDecoded, saving, save, reset } = useTrimSession(onSaved, onClose);

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={EDIT_AUDIO_TITLE}
      size="xl"
      centered
      closeOnClickOutside={!saving}
      onExitTransitionEnd={reset}
    >
      {url ? (
        <Stack data-testid={testId}>
          <Text size="sm" c="dimmed">
            Drag the edges of the blue selection, or type its start and end. Save audio keeps only the selection.
          </Text>
          <AudioEditor key={url} url={url} onRegion={setRegion} onDecoded={onDecoded} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={saving}>
              Cancel
            </Button>
            <Button
              leftSection={<IconDeviceFloppy size={16} />}
              onClick={() => void save()}
              loading={saving}
              disabled={!region}
              data-testid={saveTestId}
            >
              {slideMessages.saveAudio}
            </Button>
          </Group>
        </Stack>
      ) : (
        <Alert color="yellow" variant="light">
          {missing}
        </Alert>
      )}
    </Modal>
  );
}
