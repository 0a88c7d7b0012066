import { Alert, Anchor, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { slideMessages } from '@reelwright/core';
import { IconArrowLeft, IconDeviceFloppy } from '@tabler/icons-react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { useProject } from '../../project/project-store';
import { AudioEditor } from './AudioEditor';
import { applyTrim } from './trim';
import { useTrimSession } from './use-trim-session';

/**
 * The standalone audio editor (spec 002 §2, whose route the spec does not show; ours is
 * `#/audio-editor/{frameId}/{itemId}`), reached from the builder's audio items: the same editor
 * as the Edit audio popup on a whole page, 'Save audio' keeping the selection, then back to the
 * builder.
 */
export function AudioEditorPage() {
  const { frameId = '', itemId = '' } = useParams();
  const navigate = useNavigate();
  const item = useProject((state) => {
    const found = state.data.video.frames.find((f) => f.id === frameId)?.items.find((i) => i.id === itemId);
    return found?.type === 'audio' ? found : null;
  });
  const ready = useProject((state) => state.status === 'ready');
  const back = () => navigate('/builder');
  const session = useTrimSession(
    (trimmed) => useProject.getState().updateProject(applyTrim({ frameId, itemId }, trimmed)),
    back,
  );

  return (
    <Stack maw={1100} mx="auto" gap="md" data-testid="audio-editor-page">
      <Group justify="space-between">
        <Stack gap={0}>
          <Title order={2}>Audio editor</Title>
          <Text size="sm" c="dimmed">
            {item ? (item.ttsText ?? item.label ?? 'Audio') : ''}
          </Text>
        </Stack>
        <Anchor component={Link} to="/builder" size="sm">
          <Group gap={4}>
            <IconArrowLeft size={14} /> Back to the builder
          </Group>
        </Anchor>
      </Group>
      {item ? (
        <Paper withBorder radius="md" p="md">
          <Stack>
            <Text size="sm" c="dimmed">
              Drag the edges of the blue selection, or type its start and end. Save audio keeps only the selection.
            </Text>
            <AudioEditor key={item.url} url={item.url} onRegion={session.setRegion} onDecoded={session.onDecoded} />
            <Group justify="flex-end">
              <Button variant="default" onClick={back} disabled={session.saving}>
                Cancel
              </Button>
              <Button
                leftSection={<IconDeviceFloppy size={16} />}
                onClick={() => void session.save()}
                loading={session.saving}
                disabled={!session.region}
                data-testid="audio-editor-save"
              >
                {slideMessages.saveAudio}
              </Button>
            </Group>
          </Stack>
        </Paper>
      ) : (
        ready && (
          <Alert color="yellow" variant="light">
            This audio item is not in the project. Go back to the builder and choose one.
          </Alert>
        )
      )}
    </Stack>
  );
}
