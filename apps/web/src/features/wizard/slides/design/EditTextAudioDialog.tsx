import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { slideMessages } from '@reelwright/core';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { AudioEditor } from '../../../speech/audio-editor/AudioEditor';
import { EDIT_AUDIO_TITLE } from '../../../speech/audio-editor/EditAudioDialog';
import { type AudioRegion, isTrimmed } from '../../../speech/audio-editor/region-rules';
import { saveTrimmedAudio } from '../../../speech/audio-editor/trim';
import { updateText, useSlides } from '../slide-edits';

/** The line whose narration is edited. */
export type TextAudioTarget = { slideId: string; textId: string };

/**
 * The Edit audio popup for a wizard line (spec 001 §2: 'Save audio'). The builder's popup edits
 * audio items of video frames; the wizard keeps a line's narration in `text.audio`, so this one
 * reuses the same editor (`AudioEditor`, wavesurfer) and cutting (`saveTrimmedAudio`) and writes
 * the trimmed file to the line. Loaded lazily, like the builder's, to keep wavesurfer out of the
 * first bundle.
 */
export default function EditTextAudioDialog({ target, onClose }: { target: TextAudioTarget | null; onClose(): void }) {
  const slides = useSlides();
  const audio = target
    ? slides.find((s) => s.id === target.slideId)?.texts.find((t) => t.id === target.textId)?.audio
    : undefined;
  const [region, setRegion] = useState<AudioRegion | null>(null);
  const [duration, setDuration] = useState(0);
  const [saving, setSaving] = useState(false);
  const decoded = useRef<AudioBuffer | null>(null);

  const save = async () => {
    if (!target || !region) return;
    if (!decoded.current || !isTrimmed(region, duration)) {
      onClose();
      return;
    }
    setSaving(true);
    try {
      const trimmed = await saveTrimmedAudio(decoded.current, region);
      updateText(target.slideId, target.textId, (text) => {
        text.audio = { ...text.audio, url: trimmed.url, duration: trimmed.duration };
      });
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
      opened={target !== null}
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
      {audio?.url ? (
        <Stack data-testid="edit-text-audio-dialog">
          <Text size="sm" c="dimmed">
            Drag the edges of the blue selection, or type its start and end. Save audio keeps only the selection.
          </Text>
          <AudioEditor
            key={audio.url}
            url={audio.url}
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
              data-testid="edit-text-audio-save"
            >
              {slideMessages.saveAudio}
            </Button>
          </Group>
        </Stack>
      ) : (
        <Alert color="yellow" variant="light">
          This line has no audio any more.
        </Alert>
      )}
    </Modal>
  );
}
