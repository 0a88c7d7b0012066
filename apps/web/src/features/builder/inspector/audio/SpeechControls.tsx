import { ActionIcon, Button, Group, Select, Stack, Text } from '@mantine/core';
import type { Frame, TextItem } from '@reelwright/core';
import { IconPlayerPlayFilled, IconPlayerStopFilled, IconSpeakerphone } from '@tabler/icons-react';
import { useState } from 'react';
import { insertItem } from '../../../../builder/commands/item-commands';
import { nextId } from '../../../../builder/commands/lookup';
import { setSlideSettings } from '../../../../builder/commands/style-commands';
import { call } from '../../../../lib/api';
import { isLoggedIn, useUser } from '../../../account/use-user';
import { useProject } from '../../../project/project-store';
import { useVoices } from '../../../wizard/slides/design/design-api';
import type { useAudioPlayer } from '../../../wizard/slides/design/use-design-helpers';
import { groupVoices, voiceDemoUrl } from '../../../wizard/slides/design/voice-list';
import { builderEditor } from '../../editor-store';
import { slideVoice, speechItem, speechRequest, textOfItem } from './speech-rules';

type Player = ReturnType<typeof useAudioPlayer>;

/**
 * The slide's voice (spec 002 §4, §7): the narrators of its source grouped by language, loaded
 * as the section opens, with a demo of the chosen one (the spec's preview url).
 */
export function VoicePicker({ frame, player }: { frame: Frame; player: Player }) {
  const { data: voices = [] } = useVoices();
  const voice = slideVoice(voices, frame.settings);
  const demo = voice ? voiceDemoUrl(voice) : null;
  return (
    <Group gap={6} wrap="nowrap" align="flex-end">
      <Select
        size="xs"
        flex={1}
        label="Voice"
        searchable
        data={groupVoices(voices, frame.settings.audioSource)}
        value={voice?.Id ?? null}
        allowDeselect={false}
        nothingFoundMessage="No voice of that name"
        onChange={(id) => {
          const chosen = voices.find((v) => v.Id === id);
          if (!chosen) return;
          builderEditor.run(setSlideSettings, {
            frameId: frame.id,
            settings: { voiceId: chosen.Id, lang: chosen.LanguageCode },
          });
        }}
        data-testid="voice-picker"
      />
      {demo && (
        <ActionIcon
          variant="light"
          size={30}
          aria-label={player.playing === demo ? 'Stop the voice demo' : 'Play the voice demo'}
          onClick={() => player.toggle(demo)}
          data-testid="voice-demo"
        >
          {player.playing === demo ? <IconPlayerStopFilled size={14} /> : <IconPlayerPlayFilled size={14} />}
        </ActionIcon>
      )}
    </Group>
  );
}

/**
 * 'Generate speech' for a text item (spec 002 §4; issue 19 part 3): the slide's voice reads the
 * item's words, and the speech joins the timeline as an audio item from the text's start, one
 * undo step. The wizard's plan limits apply: the server refuses what the plan does not allow.
 */
export function GenerateSpeech({ item, frame }: { item: TextItem; frame: Frame }) {
  const { data: user } = useUser();
  const { data: voices = [] } = useVoices();
  const pid = useProject((state) => state.id);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const voice = slideVoice(voices, frame.settings);

  const generate = async () => {
    setProblem(null);
    const decision = speechRequest({ member: isLoggedIn(user), text: textOfItem(item), voice, pid });
    if ('log' in decision) {
      console.error(decision.log);
      return;
    }
    if ('error' in decision) {
      setProblem(decision.error);
      return;
    }
    setBusy(true);
    try {
      const clip = await call('speak', decision.request);
      const audio = speechItem(nextId(builderEditor.data, 'audio'), item, clip);
      builderEditor.run(insertItem, { frameId: frame.id, item: audio });
    } catch (failure) {
      setProblem((failure as Error).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap={4} data-testid="generate-speech">
      <Button
        size="xs"
        variant="light"
        leftSection={<IconSpeakerphone size={14} />}
        loading={busy}
        onClick={() => void generate()}
        data-testid="generate-speech-button"
      >
        Generate speech
      </Button>
      <Text size="xs" c="dimmed">
        {voice
          ? `Read by ${voice.label || voice.Name} (${voice.LanguageName}), added to the timeline.`
          : 'Loading voices…'}
      </Text>
      {problem && (
        <Text size="xs" c="red" role="alert" data-testid="generate-speech-error">
          {problem}
        </Text>
      )}
    </Stack>
  );
}
