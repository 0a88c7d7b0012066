import { Button, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { frameCount } from '@reelwright/core';
import { IconMovie, IconPlayerPlay } from '@tabler/icons-react';
import { useMemo } from 'react';
import { Link } from 'react-router-dom';
import { Player } from '../player/Player';
import { pidFromSearch } from '../project/project-address';
import { useProject } from '../project/project-store';
import { PREVIEW_LIMITS, previewMovie } from './preview-movie';

function Notice({ title, text, action }: { title: string; text: string; action?: React.ReactNode }) {
  return (
    <Paper withBorder radius="md" p="xl" maw={640} mx="auto" mt="lg" data-testid="preview">
      <Stack gap="sm" align="flex-start">
        <ThemeIcon size={44} radius="md" variant="light">
          <IconPlayerPlay size={26} />
        </ThemeIcon>
        <Title order={2}>{title}</Title>
        <Text c="dimmed">{text}</Text>
        {action}
      </Stack>
    </Paper>
  );
}

/**
 * `/preview?pid=ID` (spec 002 §2): the project named by `pid`, which the shell loads at start,
 * in a full player, limited to its first 4 slides and the first 4 items of the first slide.
 */
export function PreviewPage() {
  const pid = pidFromSearch(window.location.search);
  const id = useProject((state) => state.id);
  const label = useProject((state) => state.title || state.name);
  const frames = useProject((state) => frameCount(state.data));
  const movie = useProject((state) => state.data.video);
  const preview = useMemo(() => previewMovie(movie), [movie]);

  if (pid === null) return <Notice title="Nothing to preview" text="Open a video from My videos to preview it." />;
  if (id !== pid) return <Notice title="Video not available" text="This video could not be loaded." />;
  const title = label || 'Untitled video';
  if (frames === 0) {
    return (
      <Notice
        title={title}
        text="This video has no slides yet. Add a slide in the editor, then come back to watch it."
        action={
          <Button component={Link} to="/builder" leftSection={<IconMovie size={16} />} variant="light">
            Open the editor
          </Button>
        }
      />
    );
  }

  const cut = frames > preview.frames.length || movie.frames[0]!.items.length > preview.frames[0]!.items.length;
  const summary = `${frames} slide${frames === 1 ? '' : 's'}.`;
  return (
    <Paper withBorder radius="md" p="lg" maw={960} mx="auto" mt="lg" data-testid="preview">
      <Stack gap="md">
        <div>
          <Title order={2}>{title}</Title>
          <Text c="dimmed" size="sm">
            {cut
              ? `${summary} The preview plays the first ${PREVIEW_LIMITS.frames} slides, and the first ${PREVIEW_LIMITS.firstFrameItems} items of the first slide.`
              : summary}
          </Text>
        </div>
        <Player movie={preview} label={`Preview of ${title}`} />
      </Stack>
    </Paper>
  );
}
