import { Alert, Button, Group, Modal, Progress, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconMicrophone, IconPlayerStop } from '@tabler/icons-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { deviceErrorDetail, MicSession } from '../../../speech/recorder/mic-session';
import { meterPercent, RECORDER_TICK_MS } from '../../../speech/recorder/silence';
import { saveRecording } from '../../../speech/speech-api';
import { updateText, useSlides } from '../slide-edits';
import type { TextAudioTarget } from './EditTextAudioDialog';

type Phase = 'idle' | 'recording' | 'saving';

/**
 * Records the narration of one wizard line (audio source 'mic'): the builder's recorder popup
 * works on video frames, so this small one reuses its microphone session (`MicSession`, level
 * meter, 250 ms readout) and save-mp3, and stores the take as the line's audio (type 'upload',
 * so speech generation leaves it alone). Loaded lazily; closing it releases the microphone.
 */
export default function RecordTextAudioDialog({
  target,
  onClose,
}: {
  target: TextAudioTarget | null;
  onClose(): void;
}) {
  const slides = useSlides();
  const text = target
    ? slides.find((s) => s.id === target.slideId)?.texts.find((t) => t.id === target.textId)
    : undefined;
  const session = useRef<MicSession | null>(null);
  const [phase, setPhase] = useState<Phase>('idle');
  const [error, setError] = useState<string | null>(null);
  const [level, setLevel] = useState(0);
  const [elapsed, setElapsed] = useState(0);
  const started = useRef(0);

  const release = useCallback(() => {
    session.current?.close();
    session.current = null;
  }, []);

  useEffect(() => {
    if (phase !== 'recording') return;
    const timer = setInterval(() => {
      setLevel(session.current?.level() ?? 0);
      setElapsed((performance.now() - started.current) / 1000);
    }, RECORDER_TICK_MS);
    return () => clearInterval(timer);
  }, [phase]);

  useEffect(() => {
    if (!target) release();
  }, [target, release]);
  useEffect(() => release, [release]);

  const start = async () => {
    setError(null);
    try {
      session.current ??= await MicSession.open(null, (detail) => setError(`The microphone stopped: ${detail}`));
      session.current.startTake();
      started.current = performance.now();
      setElapsed(0);
      setPhase('recording');
    } catch (failure) {
      setError(`The microphone could not be opened: ${deviceErrorDetail(failure)}`);
    }
  };

  const stop = async () => {
    if (!session.current || !target) return;
    setPhase('saving');
    try {
      const blob = await session.current.stopTake();
      const saved = await saveRecording(blob);
      updateText(target.slideId, target.textId, (t) => {
        t.audio = { url: saved.url, type: 'upload', duration: saved.duration || elapsed };
      });
      notifications.show({ color: 'green', message: 'Recording saved' });
      release();
      setPhase('idle');
      onClose();
    } catch (failure) {
      setError((failure as Error).message);
      setPhase('idle');
    }
  };

  return (
    <Modal
      opened={target !== null}
      onClose={() => {
        if (phase === 'recording') session.current?.discardTake();
        release();
        setPhase('idle');
        onClose();
      }}
      title="Record voice-over"
      centered
      closeOnClickOutside={false}
    >
      <Stack gap="sm" data-testid="record-text-audio-dialog">
        <Text size="sm" c="dimmed">
          Read this line aloud:
        </Text>
        <Text size="md" fw={500} style={{ whiteSpace: 'pre-wrap' }}>
          {text?.text.replace(/\*\*/g, '') || '(empty line)'}
        </Text>
        <Progress value={phase === 'recording' ? meterPercent(level) : 0} size="sm" aria-label="Input level" />
        {error && (
          <Alert color="red" variant="light">
            {error}
          </Alert>
        )}
        <Group justify="space-between">
          <Text size="sm" ff="monospace" aria-live="off">
            {elapsed.toFixed(1)} s
          </Text>
          {phase === 'recording' ? (
            <Button
              color="red"
              leftSection={<IconPlayerStop size={16} />}
              onClick={() => void stop()}
              data-testid="record-stop"
            >
              Stop and save
            </Button>
          ) : (
            <Button
              leftSection={<IconMicrophone size={16} />}
              onClick={() => void start()}
              loading={phase === 'saving'}
              data-testid="record-start"
            >
              {text?.audio.url ? 'Record again' : 'Start recording'}
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
