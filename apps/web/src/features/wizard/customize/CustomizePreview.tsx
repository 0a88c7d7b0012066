import { Button, Group, Stack, Text, Title } from '@mantine/core';
import type { Abilities } from '@reelwright/core';
import { IconStack2 } from '@tabler/icons-react';
import { useDeferredValue, useMemo } from 'react';
import { Player } from '../../player/Player';
import { useWizard } from '../use-wizard';
import { buildPreviewMovie } from './preview-movie';
import { PREVIEW_SLIDE_COUNT, previewSlides } from './preview-slides';

/**
 * The customize preview (spec 001 §2, §9): the video with its music, contact slides and
 * watermark, first 5 slides only until 'Load all slides'. Rebuilt on every change; the build
 * waits behind typing (deferred) so the inputs stay quick.
 */
export function CustomizePreview(props: { abilities: Abilities; showAll: boolean; onShowAll(): void }) {
  const { abilities, showAll } = props;
  const wizard = useDeferredValue(useWizard());
  const movie = useMemo(() => buildPreviewMovie(wizard, { abilities, showAll }), [wizard, abilities, showAll]);
  const { hidden, inVideo } = previewSlides(wizard.slides, { abilities, showAll });

  return (
    <Stack gap="sm" data-testid="customize-preview">
      <Title order={4}>Preview</Title>
      {movie.frames.length === 0 ? (
        <Text c="dimmed" size="sm" data-testid="customize-preview-empty">
          There are no slides yet. Go back to the slides step to make them.
        </Text>
      ) : (
        <Player movie={movie} label="Video preview" posterTime={1.5} />
      )}
      {hidden > 0 && (
        <Group justify="space-between" wrap="nowrap">
          <Text size="sm" c="dimmed" data-testid="customize-preview-partial">
            Showing the first {PREVIEW_SLIDE_COUNT} of {inVideo} slides.
          </Text>
          <Button
            variant="light"
            size="xs"
            leftSection={<IconStack2 size={14} />}
            onClick={props.onShowAll}
            data-testid="customize-load-all"
          >
            Load all slides
          </Button>
        </Group>
      )}
    </Stack>
  );
}
