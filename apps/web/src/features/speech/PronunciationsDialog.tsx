import { ActionIcon, Alert, Button, Group, List, Modal, Select, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  canPlayRow,
  cleanPronunciations,
  DEFAULT_VOICE,
  messages,
  type PronunciationWord,
  pronunciationRowError,
  ttsSettingsOf,
} from '@reelwright/core';
import { IconPlayerPlay, IconPlus, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { usePronunciationsDialog } from '../account/pronunciations-dialog-store';
import { useSettings } from '../project/settings-store';
import { pickVoice } from './pick-voice';
import { speechApi } from './speech-api';

const newRow = (): PronunciationWord => ({ id: crypto.randomUUID(), from: '', to: '' });

/**
 * The custom pronunciations dialog (spec 000 §2, §6): rows of a word and how it should sound,
 * a play button on each filled row, the voice they are played with, and Save into the member's
 * settings (`tts.words`), which the server applies to every narration.
 */
export function PronunciationsDialog() {
  const { opened, close } = usePronunciationsDialog();
  const settings = useSettings((state) => state.settings);
  const setSetting = useSettings((state) => state.setSetting);
  const [rows, setRows] = useState<PronunciationWord[]>([]);
  const [voiceId, setVoiceId] = useState<string>(DEFAULT_VOICE);
  const [showErrors, setShowErrors] = useState(false);
  const [playing, setPlaying] = useState<string | null>(null);
  const voices = useQuery({ queryKey: ['tts-voices'], queryFn: speechApi.voices, enabled: opened, staleTime: 600_000 });

  useEffect(() => {
    if (!opened) return;
    const saved = ttsSettingsOf(settings);
    setRows(saved.words.length > 0 ? saved.words : [newRow()]);
    setVoiceId(saved.voiceId ?? DEFAULT_VOICE);
    setShowErrors(false);
  }, [opened, settings]);

  const voiceOptions = useMemo(
    () =>
      (voices.data ?? []).map((v) => ({
        value: v.Id,
        label: v.engine === 'paid_tts' ? `${v.label} · premium` : v.label,
      })),
    [voices.data],
  );
  const voice = pickVoice(voices.data ?? [], voiceId);

  const update = (id: string, change: Partial<PronunciationWord>) =>
    setRows((current) => current.map((row) => (row.id === id ? { ...row, ...change } : row)));

  const play = async (row: PronunciationWord) => {
    if (!voice) return;
    setPlaying(row.id);
    try {
      const { url } = await speechApi.previewPronunciation({
        text: row.to,
        voiceId: voice.Id,
        lang: voice.LanguageCode,
        engine: voice.engine,
      });
      const audio = new Audio(url);
      audio.addEventListener('ended', () => setPlaying(null), { once: true });
      await audio.play();
    } catch (error) {
      setPlaying(null);
      notifications.show({ color: 'red', message: (error as Error).message });
    }
  };

  const save = () => {
    if (rows.some((row) => pronunciationRowError(row))) {
      setShowErrors(true);
      return;
    }
    setSetting('tts', { ...ttsSettingsOf(settings), words: cleanPronunciations(rows), voiceId: voice?.Id ?? voiceId });
    notifications.show({ color: 'green', message: 'Pronunciations saved' });
    close();
  };

  return (
    <Modal opened={opened} onClose={close} title={messages.customPronunciationsEntry} size="lg" centered>
      <Stack>
        <Alert color="blue" variant="light">
          <List size="sm" spacing={4}>
            <List.Item>Spelling does not matter: write the word the way it should sound.</List.Item>
            <List.Item>Keep the pronunciation in lowercase, or it will be spelled out letter by letter.</List.Item>
          </List>
        </Alert>
        <Select
          label="Voice"
          data={voiceOptions}
          value={voice?.Id ?? null}
          onChange={(value) => value && setVoiceId(value)}
          searchable
          nothingFoundMessage="No voice matches"
          placeholder={voices.isLoading ? 'Loading voices…' : 'Choose a voice'}
          error={voices.error ? (voices.error as Error).message : null}
        />
        <Stack gap="xs" data-testid="pronunciation-rows">
          {rows.map((row, index) => (
            <Group key={row.id} align="flex-start" wrap="nowrap" data-testid="pronunciation-row">
              <TextInput
                aria-label={`Word ${index + 1}`}
                placeholder="Word, e.g. GIF"
                value={row.from}
                onChange={(event) => update(row.id, { from: event.currentTarget.value })}
                style={{ flex: 1 }}
              />
              <TextInput
                aria-label={`Pronunciation ${index + 1}`}
                placeholder="Sounds like, e.g. jif"
                value={row.to}
                onChange={(event) => update(row.id, { to: event.currentTarget.value })}
                error={showErrors ? pronunciationRowError(row) : null}
                style={{ flex: 1 }}
              />
              <Tooltip label="Play">
                <ActionIcon
                  variant="light"
                  size="lg"
                  aria-label={`Play ${index + 1}`}
                  onClick={() => void play(row)}
                  loading={playing === row.id}
                  disabled={!voice}
                  style={{ visibility: canPlayRow(row) ? 'visible' : 'hidden' }}
                >
                  <IconPlayerPlay size={16} />
                </ActionIcon>
              </Tooltip>
              <Tooltip label="Remove">
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  size="lg"
                  aria-label={`Remove ${index + 1}`}
                  onClick={() => setRows((current) => current.filter((r) => r.id !== row.id))}
                >
                  <IconTrash size={16} />
                </ActionIcon>
              </Tooltip>
            </Group>
          ))}
          {rows.length === 0 && (
            <Text size="sm" c="dimmed">
              No pronunciations yet.
            </Text>
          )}
        </Stack>
        <Group justify="space-between">
          <Button
            variant="subtle"
            leftSection={<IconPlus size={16} />}
            onClick={() => setRows((r) => [...r, newRow()])}
          >
            Add word
          </Button>
          <Button onClick={save}>Save</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
