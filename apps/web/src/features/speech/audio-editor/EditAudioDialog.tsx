import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { useProject } from '../../project/project-store';
import { AudioEditor } from './AudioEditor';
import { useEditAudio } from './edit-audio-store';
import { type AudioRegion, isTrimmed } from './region-rules';
import { applyTrim, saveTrimmedAudio } from './trim';

export const EDIT_AUDIO_TITLE = 'Edit audio';

/**
 * The Edit audio popup (spec 002 §2): the audio editor on one audio item and 'Save audio', which
 * keeps only the selected region (a new MP3 through save-mp3) and points the item at it.
 * Mounted lazily by the builder, so wavesurfer.js loads only when an audio is edited.
 */
export default function EditAudioDialog() {
  const { target, close } = useEditAudio();
  const item = useProject((state) => {
    if (!target) return null;
    const found = state.data.video.frames
      .find((f) => f.id === target.frameId)
      ?.items.find((i) => i.id === target.itemId);
    return found?.type === 'audio' ? found : null;
  });
  const [region, setRegion] = useState<AudioRegion | null>(null);
  const [duration, setDuration] = useState(0);
  const [saving, setSaving] = useState(false);
  const decoded = useRef<AudioBuffer | null>(null);

  const save = async () => {
    if (!target || !region) return;
    if (!decoded.current || !isTrimmed(region, duration)) {
      close();
      return;
    }
    setSaving(true);
    try {
      const trimmed = await saveTrimmedAudio(decoded.current, region);
      useProject.getState().updateProject(applyTrim(target, trimmed));
      notifications.show({ color: 'green', message: 'Audio saved' });
      close();
    } catch (error) {
      notifications.show({ color: 'red', message: (error as Error).message });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      opened={target !== null}
      onClose={close}
      title={EDIT_AUDIO_TITLE}
      size="xl"
      centered
      closeOnClickOutside={!saving}
      onExitTransitionEnd={() => {
        setRegion(null);
        decoded.current = null;
      }}
    >
      {item ? (
        <Stack>
          <Text size="sm" c="dimmed">
            Drag the edges of the blue selection, or type its start and end. Save audio keeps only the selection.
          </Text>
          <AudioEditor
            key={item.url}
            url={item.url}
            onRegion={setRegion}
            onDecoded={(buffer) => {
              decoded.current = buffer;
              setDuration(buffer.duration);
            }}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={saving}>
              Cancel
            </Button>
            <Button
              leftSection={<IconDeviceFloppy size={16} />}
              onClick={() => void save()}
              loading={saving}
              disabled={!region}
            >
              Save audio
            </Button>
          </Group>
        </Stack>
      ) : (
        <Alert color="yellow" variant="light">
          This audio item is no longer in the project.
        </Alert>
      )}
    </Modal>
  );
}
