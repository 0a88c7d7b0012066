import { Alert, Button, Stack, Text } from '@mantine/core';
import type { AudioItem, TextItem } from '@reelwright/core';
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react';
import { useState } from 'react';
import { replaceSpeech } from '../../../../builder/commands/speech-commands';
import { spokenWords, staleSpeech } from '../../../../builder/stale-speech';
import { call } from '../../../../lib/api';
import { isLoggedIn, useUser } from '../../../account/use-user';
import { useProject } from '../../../project/project-store';
import { useVoices } from '../../../wizard/slides/design/design-api';
import { builderEditor, useEditor } from '../../editor-store';
import { slideVoice, speechRequest } from './speech-rules';

/**
 * Speech whose text changed since it was made (D92): says so — its voice and burned-in captions
 * still say the old words — and offers 'Regenerate speech' (the slide's voice reads the new
 * words into the same audio item, one undo step). Shown for the audio item and for its text.
 */
export function StaleSpeech({ frameId, item }: { frameId: string; item: AudioItem | TextItem }) {
  const frame = useEditor((s) => s.data.video.frames.find((f) => f.id === frameId));
  const { data: user } = useUser();
  const { data: voices = [] } = useVoices();
  const pid = useProject((state) => state.id);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const pair = staleSpeech(frame).find(({ audio, text }) => audio.id === item.id || text.id === item.id);
  if (!frame || !pair) return null;

  const regenerate = async () => {
    setProblem(null);
    const words = spokenWords(pair.text);
    const voice = slideVoice(voices, frame.settings);
    const decision = speechRequest({ member: isLoggedIn(user), text: words, voice, pid });
    if ('log' in decision) return console.error(decision.log);
    if ('error' in decision) return setProblem(decision.error);
    setBusy(true);
    try {
      const clip = await call('speak', decision.request);
      builderEditor.run(replaceSpeech, { frameId, id: pair.audio.id, clip, text: words });
    } catch (failure) {
      setProblem((failure as Error).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Alert
      color="yellow"
      variant="light"
      p={8}
      icon={<IconAlertTriangle size={16} />}
      title="Speech out of date"
      data-testid="stale-speech"
      // The body is a flex child: without a zero minimum it grows past the narrow inspector.
      styles={{ wrapper: { minWidth: 0 }, body: { minWidth: 0 } }}
    >
      <Stack gap={6}>
        <Text size="xs" style={{ overflowWrap: 'anywhere' }}>
          The text changed since this speech was made: the voice and the captions still say “{pair.audio.ttsText}”.
        </Text>
        <Button
          size="xs"
          variant="light"
          color="yellow"
          leftSection={<IconRefresh size={14} />}
          loading={busy}
          onClick={() => void regenerate()}
          data-testid="regenerate-speech"
        >
          Regenerate speech
        </Button>
        {problem && (
          <Text size="xs" c="red" role="alert">
            {problem}
          </Text>
        )}
      </Stack>
    </Alert>
  );
}
