import { Anchor, Button, Group, Paper, Select, Stack, Text } from '@mantine/core';
import {
  type AttachedAudio,
  type AudioItem,
  type Frame,
  type Item,
  isVideoSiteUrl,
  type TextItem,
} from '@reelwright/core';
import { IconPaperclip, IconTrash } from '@tabler/icons-react';
import {
  clearSlideAudio,
  detachAudio,
  setItemFields,
  setSlideSettings,
  slideNarration,
} from '../../../../builder/commands/style-commands';
import { AudioPlayer } from '../../../widgets/audio-player/AudioPlayer';
import { useAudioPlayer } from '../../../wizard/slides/design/use-design-helpers';
import { percent, SettingSlider } from '../../controls/SettingSlider';
import { builderEditor, useEditor } from '../../editor-store';
import { AUDIO_SOURCES, attachedAudioLabel, CHANGE_AUDIO } from './audio-rules';
import { GenerateSpeech, VoicePicker } from './SpeechControls';
import { StaleSpeech } from './StaleSpeech';

type Player = ReturnType<typeof useAudioPlayer>;

/**
 * The Audio section (spec 002 §2, §3, §4). For an audio or video item, its volume 0–1 (a
 * video-site clip is silent, D55), and for an audio item the full player; for a visual item, the
 * sound attached to it, with a play button and 'Remove'; for a text, its speech ('Generate
 * speech' with the slide's voice). For `item` null, the slide: its audio source (none, free_tts,
 * paid_tts, mic, mp3) and, when the slide already has audio, the audio players and 'Change
 * audio?', which clears it. `player` serves the voice demo only.
 */
export function AudioSection({ item, frameId }: { item: Item | null; frameId: string }) {
  const player = useAudioPlayer();
  if (item === null) return <SlideAudio frameId={frameId} player={player} />;
  return (
    <Stack gap="sm" data-testid="audio-section">
      {(item.type === 'audio' || (item.type === 'video' && !isVideoSiteUrl(item.url))) && (
        <SettingSlider
          label="Volume"
          description={item.type === 'video' ? "The clip's own sound." : undefined}
          value={item.volume}
          min={0}
          max={1}
          step={0.05}
          format={percent}
          gesture={setItemFields.name}
          apply={(volume) => builderEditor.run(setItemFields, { frameId, id: item.id, props: { volume } })}
          testId="audio-volume"
        />
      )}
      {(item.type === 'audio' || item.type === 'text') && <StaleSpeech frameId={frameId} item={item} />}
      {item.type === 'audio' && <SelectedAudio item={item} />}
      {item.type === 'text' && <TextSpeech item={item} frameId={frameId} player={player} />}
      {item.type !== 'audio' && (
        <Attached audio={item.audio} onRemove={() => builderEditor.run(detachAudio, { frameId, id: item.id })} />
      )}
    </Stack>
  );
}

/** A text item's speech: the slide's voice, and 'Generate speech'. */
function TextSpeech({ item, frameId, player }: { item: TextItem; frameId: string; player: Player }) {
  const frame = useEditor((s) => s.data.video.frames.find((f) => f.id === frameId));
  if (!frame) return null;
  return (
    <Paper withBorder radius="md" p={8}>
      <Stack gap={6}>
        <VoicePicker frame={frame} player={player} />
        <GenerateSpeech item={item} frame={frame} />
      </Stack>
    </Paper>
  );
}

/** What an audio item says or is called, for its row and its player's labels. */
const audioName = (item: AudioItem) => item.ttsText ?? item.label ?? 'Audio';

/** The selected audio item: its words and the full player to hear and seek it. */
function SelectedAudio({ item }: { item: AudioItem }) {
  return (
    <Paper withBorder radius="md" p={8}>
      <Stack gap={6}>
        <Text size="xs" truncate="end" title={item.ttsText ?? item.label ?? item.url}>
          {audioName(item)}
        </Text>
        <AudioPlayer url={item.url} label={audioName(item)} variant="full" testId="audio-item-player" />
      </Stack>
    </Paper>
  );
}

/** One narration row of the slide: play/pause, its words and its length. */
function AudioClip({ item }: { item: AudioItem }) {
  return (
    <Group gap={6} wrap="nowrap">
      <AudioPlayer url={item.url} label={audioName(item)} />
      <Text size="xs" truncate="end" style={{ flex: 1 }} title={item.ttsText ?? item.label ?? item.url}>
        {audioName(item)}
      </Text>
      {item.duration !== undefined && (
        <Text size="xs" c="dimmed">
          {item.duration.toFixed(1)} s
        </Text>
      )}
    </Group>
  );
}

function Attached({ audio, onRemove }: { audio: AttachedAudio | undefined; onRemove(): void }) {
  if (!audio) {
    return (
      <Group gap={6} wrap="nowrap" align="flex-start" data-testid="audio-attached-none">
        <IconPaperclip size={14} color="var(--mantine-color-dimmed)" style={{ flexShrink: 0, marginTop: 2 }} />
        <Text size="xs" c="dimmed">
          No sound attached. Drop an audio file on the item and choose 'Attach' to add one.
        </Text>
      </Group>
    );
  }
  return (
    <Paper withBorder radius="md" p={6} data-testid="audio-attached">
      <Group gap={6} wrap="nowrap">
        <AudioPlayer url={audio.url} label="the attached audio" />
        <Text size="xs" style={{ flex: 1 }}>
          {attachedAudioLabel(audio)}
        </Text>
        <Button
          size="compact-xs"
          variant="subtle"
          color="red"
          leftSection={<IconTrash size={12} />}
          onClick={onRemove}
          data-testid="audio-attached-remove"
        >
          Remove
        </Button>
      </Group>
    </Paper>
  );
}

/** The slide's audio source, and its audio with 'Change audio?' when it has some (spec 002 §4). */
function SlideAudio({ frameId, player }: { frameId: string; player: Player }) {
  const frame = useEditor((s) => s.data.video.frames.find((f) => f.id === frameId));
  if (!frame) return null;
  const narration = slideNarration(frame);
  const source = frame.settings.audioSource;
  const change = () => builderEditor.run(clearSlideAudio, { frameId });
  return (
    <Stack gap="sm" data-testid="audio-section">
      <Select
        size="xs"
        label="Audio source"
        description={AUDIO_SOURCES.find((s) => s.value === source)?.hint}
        data={AUDIO_SOURCES.map(({ value, label }) => ({ value, label }))}
        value={source}
        allowDeselect={false}
        onChange={(value) =>
          value && builderEditor.run(setSlideSettings, { frameId, settings: { audioSource: value as Source } })
        }
        data-testid="audio-source"
      />
      {(source === 'free_tts' || source === 'paid_tts') && <VoicePicker frame={frame} player={player} />}
      {narration.length > 0 ? (
        <Paper withBorder radius="md" p={6} data-testid="audio-slide-player">
          <Stack gap={4}>
            {narration.map((item) => (
              <AudioClip key={item.id} item={item} />
            ))}
            <Anchor component="button" type="button" size="xs" onClick={change} data-testid="audio-change">
              {CHANGE_AUDIO}
            </Anchor>
          </Stack>
        </Paper>
      ) : (
        <Text size="xs" c="dimmed" data-testid="audio-slide-empty">
          This slide has no voice-over yet.
        </Text>
      )}
    </Stack>
  );
}

type Source = Frame['settings']['audioSource'];
