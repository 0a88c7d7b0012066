import {
  Alert,
  Anchor,
  Button,
  FileButton,
  Group,
  Modal,
  Progress,
  ScrollArea,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { type LineSync, plainText, syncLinesToTranscript } from '@reelwright/core';
import { IconAlertTriangle, IconPlayerPlay, IconUpload } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { abilitiesOf, currentUser, isLoggedIn } from '../../account/use-user';
import { formatClock } from '../../player/time-format';
import { useProject } from '../../project/project-store';
import { saveRecording } from '../../speech/speech-api';
import { updateWizard } from '../use-wizard';
import { transcribeRecording } from './voice-sync-api';

/** The free plan's refusal (spec 001 §6), as the server words it. */
export const TRANSCRIPTION_FREE_MESSAGE = "Text transcription isn't available in free version";

type Phase =
  | { name: 'choose'; error?: string }
  | { name: 'working'; step: 'upload' | 'transcribe'; startedAt: number }
  | { name: 'review'; url: string; lines: LineSync[] };

/**
 * The Transcribe popup (spec 001 §2, §4): one recording of the whole article is uploaded,
 * transcribed against the slide texts (polled every second; it may take up to 10 minutes, so the
 * popup asks to stay open), then each line's part is shown for review, with 'Save audio' or
 * 'Abort'. Saved, every line plays its part of the recording.
 */
export function VoiceSyncDialog({ opened, onClose }: { opened: boolean; onClose(): void }) {
  const [phase, setPhase] = useState<Phase>({ name: 'choose' });
  const abort = useRef<AbortController | null>(null);
  const user = currentUser();

  useEffect(() => {
    if (opened) setPhase({ name: 'choose' });
    return () => abort.current?.abort();
  }, [opened]);

  const close = () => {
    abort.current?.abort();
    onClose();
  };

  async function start(file: File | null) {
    if (!file) return;
    const controller = new AbortController();
    abort.current = controller;
    try {
      setPhase({ name: 'working', step: 'upload', startedAt: Date.now() });
      const saved = await saveRecording(file);
      // The server reads the slide texts from the saved project.
      if ((await useProject.getState().saveNow()) !== 'saved')
        throw new Error('Could not save the project. Try again.');
      const pid = useProject.getState().id!;
      setPhase({ name: 'working', step: 'transcribe', startedAt: Date.now() });
      const words = await transcribeRecording(saved.url, pid, controller.signal);
      const slides = useProject.getState().data.wizard.slides;
      setPhase({ name: 'review', url: saved.url, lines: syncLinesToTranscript(slides, words) });
    } catch (error) {
      if (controller.signal.aborted) return;
      setPhase({ name: 'choose', error: (error as Error).message });
    }
  }

  function save(url: string, lines: LineSync[]) {
    updateWizard((wizard) => {
      wizard.syncVo = url;
      for (const line of lines) {
        const slide = wizard.slides.find((s) => s.id === line.slideId);
        const text = slide?.texts.find((t) => t.id === line.textId);
        if (!slide || !text) continue;
        slide.settings.audioSource = 'mp3';
        text.audio = {
          url,
          type: 'sync',
          startTime: line.startTime,
          endTime: line.endTime,
          duration: line.endTime - line.startTime,
        };
      }
    });
    onClose();
  }

  const working = phase.name === 'working';
  return (
    <Modal
      opened={opened}
      onClose={close}
      title="Transcribe a voice-over"
      size="lg"
      closeOnClickOutside={!working}
      closeOnEscape={!working}
      withCloseButton={!working}
    >
      <Stack gap="md" data-testid="voice-sync-dialog">
        {!isLoggedIn(user) ? (
          <Text size="sm">Log in to use your own recording.</Text>
        ) : !abilitiesOf(user).transcription ? (
          <Alert color="yellow" data-testid="voice-sync-free">
            {TRANSCRIPTION_FREE_MESSAGE}.{' '}
            <Anchor component={Link} to="/pricing" onClick={close}>
              See the paid plans
            </Anchor>
          </Alert>
        ) : phase.name === 'choose' ? (
          <>
            <Text size="sm">
              Record yourself reading the whole article, then upload the file (MP3, WAV, M4A, Ogg or WebM, up to 25 MB).
              Each line of your slides gets its part of the recording.
            </Text>
            {phase.error && (
              <Alert color="red" icon={<IconAlertTriangle size={18} />} data-testid="voice-sync-error">
                {phase.error}
              </Alert>
            )}
            <Group>
              <FileButton onChange={(file) => void start(file)} accept="audio/*,video/webm">
                {(props) => (
                  <Button {...props} leftSection={<IconUpload size={16} />} data-testid="voice-sync-upload">
                    Choose the recording
                  </Button>
                )}
              </FileButton>
            </Group>
          </>
        ) : phase.name === 'working' ? (
          <Working step={phase.step} startedAt={phase.startedAt} onAbort={close} />
        ) : (
          <Review url={phase.url} lines={phase.lines} onSave={() => save(phase.url, phase.lines)} onAbort={close} />
        )}
      </Stack>
    </Modal>
  );
}

function Working({ step, startedAt, onAbort }: { step: 'upload' | 'transcribe'; startedAt: number; onAbort(): void }) {
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, []);
  return (
    <Stack gap="sm" data-testid="voice-sync-working">
      <Alert color="blue" variant="light">
        Please keep this window open: transcription can take up to 10 minutes.
      </Alert>
      <Text size="sm">
        {step === 'upload' ? 'Uploading the recording…' : 'Transcribing and matching it to your slides…'}{' '}
        <Text span c="dimmed">
          {formatClock((now - startedAt) / 1000)}
        </Text>
      </Text>
      <Progress value={100} animated striped aria-label="Transcribing" />
      <Group justify="flex-end">
        <Button variant="default" onClick={onAbort}>
          Abort
        </Button>
      </Group>
    </Stack>
  );
}

function Review({ url, lines, onSave, onAbort }: { url: string; lines: LineSync[]; onSave(): void; onAbort(): void }) {
  const slides = useProject((s) => s.data.wizard.slides);
  const audio = useRef<HTMLAudioElement | null>(null);
  const play = (line: LineSync) => {
    audio.current?.pause();
    const element = new Audio(url);
    audio.current = element;
    element.currentTime = line.startTime;
    const stop = () => element.currentTime >= line.endTime && element.pause();
    element.addEventListener('timeupdate', stop);
    void element.play();
  };
  useEffect(() => () => audio.current?.pause(), []);
  const textOf = (line: LineSync) =>
    plainText(slides.find((s) => s.id === line.slideId)?.texts.find((t) => t.id === line.textId)?.text ?? '');

  return (
    <Stack gap="sm" data-testid="voice-sync-review">
      <Text size="sm">Check a few lines: each plays its part of your recording.</Text>
      <ScrollArea.Autosize mah={340}>
        <Table striped verticalSpacing={4}>
          <Table.Tbody>
            {lines.map((line) => (
              <Table.Tr key={line.textId} data-testid="voice-sync-line">
                <Table.Td w={36}>
                  <Button variant="subtle" size="compact-xs" aria-label="Play this part" onClick={() => play(line)}>
                    <IconPlayerPlay size={14} />
                  </Button>
                </Table.Td>
                <Table.Td>
                  <Text size="sm" lineClamp={1}>
                    {textOf(line)}
                  </Text>
                </Table.Td>
                <Table.Td w={120} ta="right">
                  <Text size="xs" c="dimmed">
                    {line.startTime.toFixed(1)}–{line.endTime.toFixed(1)} s
                  </Text>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea.Autosize>
      <Group justify="flex-end">
        <Button variant="default" onClick={onAbort}>
          Abort
        </Button>
        <Button onClick={onSave} data-testid="voice-sync-save">
          Save audio
        </Button>
      </Group>
    </Stack>
  );
}
