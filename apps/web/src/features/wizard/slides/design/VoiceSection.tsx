import {
  ActionIcon,
  Anchor,
  Badge,
  Button,
  FileButton,
  Group,
  SegmentedControl,
  Select,
  Stack,
  Text,
  Tooltip,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type Slide, type SlideSettings, slideMessages, type TtsVoice } from '@reelwright/core';
import {
  IconMicrophone,
  IconPlayerPlay,
  IconPlayerStop,
  IconScissors,
  IconTrash,
  IconUpload,
  IconVolume,
} from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { abilitiesOf } from '../../../account/use-user';
import { pickVoice } from '../../../speech/pick-voice';
import { updateDesign, updateText } from '../slide-edits';
import { uploadMedia, useVoices } from './design-api';
import type { TextAudioTarget } from './EditTextAudioDialog';
import { useAudioPlayer, useMemberGate } from './use-design-helpers';
import { groupVoices, voiceDemoUrl } from './voice-list';

const EditTextAudioDialog = lazy(() => import('./EditTextAudioDialog'));
const RecordTextAudioDialog = lazy(() => import('./RecordTextAudioDialog'));

type Source = SlideSettings['audioSource'];

export const PAID_PLAN_HINT = 'Premium voices need a paid plan.';

const SOURCES: { value: Source; label: string }[] = [
  { value: 'none', label: 'None' },
  { value: 'free_tts', label: 'Free voice' },
  { value: 'paid_tts', label: 'Premium' },
  { value: 'mic', label: 'Record' },
  { value: 'mp3', label: 'MP3' },
];

/** Sets the slide's narrator (voice id, language, engine); a design edit, copied to the other slides. */
const setVoice = (slideId: string, voice: TtsVoice) =>
  updateDesign(slideId, (s) => {
    s.settings.voiceId = voice.Id;
    s.settings.lang = voice.LanguageCode;
    s.settings.engine = voice.engine;
  });

/**
 * The voice-over part of the design panel (spec 001 §2, §4): the source (none, free or paid
 * text-to-speech, a recording, an MP3), the narrator with a demo, and the active line's audio:
 * play, edit, remove ('Audio has been cleaned…').
 */
export function VoiceSection({ slide, activeTextId }: { slide: Slide; activeTextId: string | undefined }) {
  const text = slide.texts.find((t) => t.id === activeTextId);
  const { user, guard } = useMemberGate();
  const voices = useVoices();
  const player = useAudioPlayer();
  const [editing, setEditing] = useState<TextAudioTarget | null>(null);
  const [recording, setRecording] = useState<TextAudioTarget | null>(null);
  const [loaded, setLoaded] = useState({ edit: false, record: false });
  const [uploading, setUploading] = useState(false);
  const source = slide.settings.audioSource;
  const paidBlocked = !abilitiesOf(user).paidVoices;
  const list = voices.data ?? [];

  const changeSource = (next: Source) => {
    if (next === 'paid_tts' && paidBlocked) return;
    const engine = next === 'paid_tts' ? 'paid_tts' : 'free_tts';
    const current = list.find((v) => v.Id === slide.settings.voiceId);
    // A text-to-speech source needs a voice of its engine: keep the current one if it fits.
    const voice =
      (next === 'free_tts' || next === 'paid_tts') && current?.engine !== engine
        ? pickVoice(
            list.filter((v) => v.engine === engine),
            slide.settings.voiceId ?? '',
          )
        : undefined;
    updateDesign(slide.id, (s) => {
      s.settings.audioSource = next;
      if (voice) {
        s.settings.voiceId = voice.Id;
        s.settings.lang = voice.LanguageCode;
        s.settings.engine = voice.engine;
      }
    });
  };

  const clearAudio = () => {
    if (!text) return;
    player.stop();
    updateText(slide.id, text.id, (t) => {
      t.audio = { ...t.audio, url: '', type: 'tts', duration: undefined };
    });
    notifications.show({ color: 'green', message: slideMessages.audioCleaned });
  };

  const uploadMp3 = async (file: File | null) => {
    if (!file || !text || !guard('Log in to upload audio')) return;
    setUploading(true);
    try {
      const uploaded = await uploadMedia(file);
      if (uploaded.type !== 'audio') throw new Error('Please choose an audio file (MP3).');
      updateText(slide.id, text.id, (t) => {
        t.audio = { url: uploaded.url, type: 'mp3', duration: uploaded.duration ?? undefined };
      });
      notifications.show({ color: 'green', message: 'Audio uploaded' });
    } catch (error) {
      notifications.show({ color: 'red', message: (error as Error).message });
    } finally {
      setUploading(false);
    }
  };

  // A voice this server does not offer (the spec's default Google voice, say) is spoken by a
  // stand-in of its language: show that one.
  const selectedVoice =
    list.find((v) => v.Id === slide.settings.voiceId) ??
    (slide.settings.voiceId ? pickVoice(list, slide.settings.voiceId) : undefined);
  const audioUrl = text?.audio.url ?? '';
  const target = text ? { slideId: slide.id, textId: text.id } : null;

  return (
    <Stack gap="xs" data-testid="voice-section">
      <div>
        <Text size="sm" fw={600} mb={4} id={`voice-source-${slide.id}`}>
          Voice-over
        </Text>
        <SegmentedControl
          size="xs"
          fullWidth
          value={source}
          onChange={(value) => changeSource(value as Source)}
          data={SOURCES.map((s) => ({
            ...s,
            disabled: s.value === 'paid_tts' && paidBlocked && source !== 'paid_tts',
          }))}
          aria-labelledby={`voice-source-${slide.id}`}
          data-testid="voice-source"
        />
        {paidBlocked && (
          <Text size="xs" c="dimmed" mt={4} data-testid="voice-paid-hint">
            {PAID_PLAN_HINT}{' '}
            <Anchor href="/pricing" size="xs">
              See plans
            </Anchor>
          </Text>
        )}
      </div>

      {(source === 'free_tts' || source === 'paid_tts') && (
        <Group gap={6} wrap="nowrap" align="flex-end">
          <Select
            size="xs"
            flex={1}
            label="Narrator"
            placeholder={voices.isLoading ? slideMessages.loadingVoicesAndPresets : 'Choose a voice'}
            searchable
            nothingFoundMessage="No voice matches"
            data={groupVoices(list, source)}
            value={selectedVoice?.Id ?? null}
            onChange={(id) => {
              const voice = list.find((v) => v.Id === id);
              if (voice) setVoice(slide.id, voice);
            }}
            allowDeselect={false}
            maxDropdownHeight={260}
            comboboxProps={{ withinPortal: true }}
            data-testid="voice-narrator"
          />
          <Tooltip label="Hear this voice">
            <ActionIcon
              variant="default"
              size="lg"
              aria-label={
                selectedVoice && player.playing === voiceDemoUrl(selectedVoice) ? 'Stop the demo' : 'Play a demo'
              }
              disabled={!selectedVoice}
              onClick={() => selectedVoice && player.toggle(voiceDemoUrl(selectedVoice))}
              data-testid="voice-demo"
            >
              {selectedVoice && player.playing === voiceDemoUrl(selectedVoice) ? (
                <IconPlayerStop size={16} />
              ) : (
                <IconPlayerPlay size={16} />
              )}
            </ActionIcon>
          </Tooltip>
        </Group>
      )}

      {source === 'mic' && (
        <Button
          size="xs"
          variant="light"
          leftSection={<IconMicrophone size={14} />}
          disabled={!target}
          onClick={() => {
            if (!target || !guard('Log in to record voice-overs')) return;
            setLoaded((l) => ({ ...l, record: true }));
            setRecording(target);
          }}
          data-testid="voice-record"
        >
          Record this line
        </Button>
      )}

      {source === 'mp3' && (
        <FileButton accept="audio/mpeg,audio/mp3,.mp3" onChange={(file) => void uploadMp3(file)}>
          {(props) => (
            <Button
              {...props}
              size="xs"
              variant="light"
              leftSection={<IconUpload size={14} />}
              loading={uploading}
              disabled={!target}
              data-testid="voice-upload-mp3"
            >
              Upload an MP3 for this line
            </Button>
          )}
        </FileButton>
      )}

      {text && (
        <Group gap={6} wrap="nowrap" data-testid="voice-audio">
          <IconVolume size={16} color="var(--mantine-color-dimmed)" />
          {audioUrl ? (
            <Badge variant="light" size="sm" data-testid="voice-audio-status">
              {text.audio.duration ? `${text.audio.duration.toFixed(1)} s` : 'Audio ready'}
            </Badge>
          ) : (
            <Text size="xs" c="dimmed" flex={1} data-testid="voice-audio-status">
              {source === 'none' ? 'No voice-over' : 'Audio is made when you click Next'}
            </Text>
          )}
          {audioUrl && (
            <Group gap={4} ml="auto" wrap="nowrap">
              <Button
                size="compact-xs"
                variant="default"
                leftSection={player.playing === audioUrl ? <IconPlayerStop size={12} /> : <IconPlayerPlay size={12} />}
                onClick={() => player.toggle(audioUrl)}
                data-testid="voice-play"
              >
                {player.playing === audioUrl ? 'Stop' : 'Play audio'}
              </Button>
              <Button
                size="compact-xs"
                variant="default"
                leftSection={<IconScissors size={12} />}
                onClick={() => {
                  player.stop();
                  setLoaded((l) => ({ ...l, edit: true }));
                  setEditing(target);
                }}
                data-testid="voice-edit"
              >
                Edit audio
              </Button>
              <Tooltip label="Remove this audio">
                <ActionIcon
                  size="sm"
                  variant="subtle"
                  color="red"
                  aria-label="Remove audio"
                  onClick={clearAudio}
                  data-testid="voice-clear"
                >
                  <IconTrash size={14} />
                </ActionIcon>
              </Tooltip>
            </Group>
          )}
        </Group>
      )}

      <Suspense fallback={null}>
        {loaded.edit && <EditTextAudioDialog target={editing} onClose={() => setEditing(null)} />}
        {loaded.record && <RecordTextAudioDialog target={recording} onClose={() => setRecording(null)} />}
      </Suspense>
    </Stack>
  );
}
