import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { AudioItem, Frame } from '@reelwright/core';
import {
  IconDeviceDesktop,
  IconDownload,
  IconHammer,
  IconMicrophone,
  IconPlus,
  IconSend,
  IconVolume,
  IconWaveSine,
} from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { useAuthPopupOpener } from '../account/auth-popup-store';
import { isLoggedIn, useUser } from '../account/use-user';
import { useProject } from '../project/project-store';
import { downloadVideo } from '../publish/download-video';
import { requestPublish } from '../publish/publish-store';
import { useEditAudio } from '../speech/audio-editor/edit-audio-store';
import { useRecorderDialog } from '../speech/recorder/recorder-store';
import { appendEmptyFrame } from './frames';

// The recorder and the audio editor (wavesurfer.js) load on first use, outside the initial bundle.
const VoiceRecorderDialog = lazy(() => import('../speech/recorder/VoiceRecorderDialog'));
const EditAudioDialog = lazy(() => import('../speech/audio-editor/EditAudioDialog'));

const DESKTOP_MESSAGE =
  'The full video editor app is designed for desktop. Please use a desktop computer to view this page.';

/**
 * The full editor's frame (spec 002 §1): the slide list of the open project and 'Add slide'.
 * The stage, timeline and item tools arrive with the builder issue; edits already go through
 * the project store, so saving, undo and redo work here.
 */
export function BuilderPage() {
  const narrow = useMediaQuery('(max-width: 1023px)');
  const frames = useProject((state) => state.data.video.frames);
  const updateProject = useProject((state) => state.updateProject);
  const openFrameId = useProject((state) => state.data.video.frameId ?? null);
  const { data: user } = useUser();
  const openAuthPopup = useAuthPopupOpener();
  const openRecorder = useRecorderDialog((state) => state.open);
  const recorderOpened = useRecorderDialog((state) => state.opened);
  const editAudio = useEditAudio((state) => state.open);
  const editingAudio = useEditAudio((state) => state.target !== null);
  const recorderLoaded = useLoadedOnce(recorderOpened);
  const editorLoaded = useLoadedOnce(editingAudio);

  // Recordings are stored on the server, which keeps them for members (spec 001 §6).
  const record = (frameId: string | null) => {
    if (isLoggedIn(user)) openRecorder(frameId);
    else openAuthPopup({ title: 'Log in to record voice-overs', tab: 'login', resume: () => openRecorder(frameId) });
  };

  if (narrow) {
    return (
      <Alert icon={<IconDeviceDesktop />} color="blue" title="Full editor" maw={560} mx="auto" mt="xl">
        {DESKTOP_MESSAGE}
      </Alert>
    );
  }

  return (
    <Stack gap="lg" py="md">
      <Group justify="space-between">
        <div>
          <Title order={2}>Full editor</Title>
          <Text c="dimmed" size="sm">
            {frames.length === 0 ? 'No slides yet.' : `${frames.length} slide${frames.length === 1 ? '' : 's'}`}
          </Text>
        </div>
        <Group gap="sm">
          <Button leftSection={<IconPlus size={16} />} onClick={() => updateProject(appendEmptyFrame)}>
            Add slide
          </Button>
          {frames.length > 0 && (
            <>
              <Button variant="default" leftSection={<IconMicrophone size={16} />} onClick={() => record(openFrameId)}>
                Record voice-over
              </Button>
              <Button variant="default" leftSection={<IconDownload size={16} />} onClick={() => void downloadVideo()}>
                Download
              </Button>
              <Button color="green" leftSection={<IconSend size={16} />} onClick={() => void requestPublish()}>
                Publish
              </Button>
            </>
          )}
        </Group>
      </Group>

      {frames.length === 0 ? (
        <Paper withBorder radius="md" p="xl" ta="center">
          <Text fw={500}>Start with a slide</Text>
          <Text c="dimmed" size="sm">
            Press Add slide to begin. Your video is saved automatically once you are logged in.
          </Text>
        </Paper>
      ) : (
        <SimpleGrid cols={{ base: 2, md: 4, xl: 6 }} spacing="md" data-testid="slide-list">
          {frames.map((frame, index) => (
            <Card key={frame.id} withBorder radius="md" padding="sm" data-testid="slide-card">
              <Card.Section h={90} bg="var(--mantine-color-gray-1)" />
              <Group justify="space-between" mt="sm" wrap="nowrap">
                <Text size="sm" fw={500}>
                  Slide {index + 1} of {frames.length}
                </Text>
                <Badge variant="light" color="gray" size="sm">
                  {frame.items.length} items
                </Badge>
              </Group>
              <SlideAudio
                frame={frame}
                index={index}
                onRecord={() => record(frame.id)}
                onEdit={(item) => editAudio({ frameId: frame.id, itemId: item.id })}
              />
            </Card>
          ))}
        </SimpleGrid>
      )}

      <Group gap="sm" wrap="nowrap" c="dimmed">
        <IconHammer size={16} />
        <Text size="sm">The stage, timeline and item tools of the full editor arrive in an upcoming release.</Text>
      </Group>
      <Suspense fallback={null}>
        {recorderLoaded && <VoiceRecorderDialog />}
        {editorLoaded && <EditAudioDialog />}
      </Suspense>
    </Stack>
  );
}

/** True from the first time `flag` is true: a lazily loaded popup stays mounted to close smoothly. */
function useLoadedOnce(flag: boolean): boolean {
  const [loaded, setLoaded] = useState(flag);
  if (flag && !loaded) setLoaded(true);
  return loaded || flag;
}

type SlideAudioProps = { frame: Frame; index: number; onRecord(): void; onEdit(item: AudioItem): void };

/** A slide card's audio items, each with 'Edit audio', and a button to record the slide's voice-over. */
function SlideAudio({ frame, index, onRecord, onEdit }: SlideAudioProps) {
  const audio = frame.items.filter((item): item is AudioItem => item.type === 'audio');
  return (
    <Stack gap={4} mt="xs" data-testid="slide-audio">
      {audio.map((item) => (
        <Group key={item.id} gap={6} wrap="nowrap" data-testid="audio-item">
          <IconVolume size={14} color="var(--mantine-color-dimmed)" style={{ flexShrink: 0 }} />
          <Text size="xs" truncate="end" style={{ flex: 1 }} title={item.ttsText ?? item.label ?? item.url}>
            {item.ttsText ?? item.label ?? 'Audio'}
            {item.duration ? ` · ${item.duration.toFixed(1)} s` : ''}
          </Text>
          <Tooltip label="Edit audio">
            <ActionIcon variant="subtle" size="sm" aria-label={`Edit audio ${item.id}`} onClick={() => onEdit(item)}>
              <IconWaveSine size={14} />
            </ActionIcon>
          </Tooltip>
        </Group>
      ))}
      <Button
        variant="subtle"
        size="compact-xs"
        leftSection={<IconMicrophone size={12} />}
        onClick={onRecord}
        aria-label={`Record voice-over for slide ${index + 1}`}
        style={{ alignSelf: 'flex-start' }}
      >
        Record
      </Button>
    </Stack>
  );
}
