import { Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { frameCount } from '@reelwright/core';
import { IconPlayerPlay } from '@tabler/icons-react';
import { pidFromSearch } from '../project/project-address';
import { useProject } from '../project/project-store';

/**
 * `/preview?pid=ID` (spec 000 §2): the project named by `pid`, which the shell loads at start.
 * The player comes with the renderer issue; until then the page names the video and its slides.
 */
export function PreviewPage() {
  const pid = pidFromSearch(window.location.search);
  const id = useProject((state) => state.id);
  const label = useProject((state) => state.title || state.name);
  const frames = useProject((state) => frameCount(state.data));

  const body =
    pid === null
      ? { title: 'Nothing to preview', text: 'Open a video from My videos to preview it.' }
      : id !== pid
        ? { title: 'Video not available', text: 'This video could not be loaded.' }
        : {
            title: label || 'Untitled video',
            text: `${frames} slide${frames === 1 ? '' : 's'}. The full player arrives in an upcoming release.`,
          };

  return (
    <Paper withBorder radius="md" p="xl" maw={640} mx="auto" mt="lg" data-testid="preview">
      <Stack gap="sm">
        <ThemeIcon size={44} radius="md" variant="light">
          <IconPlayerPlay size={26} />
        </ThemeIcon>
        <Title order={2}>{body.title}</Title>
        <Text c="dimmed">{body.text}</Text>
      </Stack>
    </Paper>
  );
}
