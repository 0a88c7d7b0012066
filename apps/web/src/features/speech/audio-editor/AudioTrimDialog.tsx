import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { slideMessages } from '@reelwright/core';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { AudioEditor } from './AudioEditor';
import { type AudioRegion, isTrimmed } from './region-rules';
import { saveTrimmedAudio, type TrimmedAudio } from './trim';

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
  const [region, setRegion] = useState<AudioRegion | null>(null);
  const [duration, setDuration] = useState(0);
  const [saving, setSaving] = useState(false);
  const decoded = useRef<AudioBuffer | null>(null);

  const save = async () => {
    if (!region) return;
    if (!decoded.current || !isTrimmed(region, duration)) {
      onClose();
      return;
    }
    setSaving(true);
    try {
      onSaved(await saveTrimmedAudio(decoded.current, region));
      notifications.show({ color: 'green', message: 'Audio saved' });
      onClose();
    } catch (error) {
      notifications.show({ color: 'red', message: (error as Error).message });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={EDIT_AUDIO_TITLE}
      size="xl"
      centered
      closeOnClickOutside={!saving}
      onExitTransitionEnd={() => {
        setRegion(null);
        decoded.current = null;
      }}
    >
      {url ? (
        <Stack data-testid={testId}>
          <Text size="sm" c="dimmed">
            Drag the edges of the blue selection, or type its start and end. Save audio keeps only the selection.
          </Text>
          <AudioEditor
            key={url}
            url={url}
            onRegion={setRegion}
            onDecoded={(buffer) => {
              decoded.current = buffer;
              setDuration(buffer.duration);
            }}
          />
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
