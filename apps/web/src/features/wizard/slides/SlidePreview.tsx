import { ActionIcon, Box, Tooltip } from '@mantine/core';
import {
  DEFAULT_MOVIE_SIZE,
  MovieSchema,
  movieDuration,
  type Slide,
  slideFrame,
  slideFrameKey,
} from '@reelwright/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useMemo } from 'react';
import { Player } from '../../player/Player';
import { usePresets } from './design/design-api';
import { stepPreset } from './design/PresetPicker';

/**
 * The live preview of one slide (spec 001 §2): the real player on a movie of just this slide's
 * frame, with previous and next style arrows (the presets), rebuilt only when what the slide shows changes (its frame key), or when the toolbar's
 * 'Refresh all previews' bumps `refresh`.
 */
export function SlidePreview({ slide, index, refresh }: { slide: Slide; index: number; refresh: number }) {
  const key = slideFrameKey(slide);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the frame key stands for the slide's content; `refresh` forces a rebuild.
  const movie = useMemo(
    () => MovieSchema.parse({ frames: [slideFrame(slide, index)], size: DEFAULT_MOVIE_SIZE }),
    [key, index, refresh],
  );
  const { data: presets = [] } = usePresets();
  return (
    <Box data-testid="slide-preview" pos="relative" style={{ borderRadius: 8, overflow: 'hidden' }}>
      {(['previous', 'next'] as const).map((which) => (
        <Tooltip key={which} label={`${which === 'next' ? 'Next' : 'Previous'} style`}>
          <ActionIcon
            variant="white"
            radius="xl"
            size="lg"
            pos="absolute"
            top="40%"
            left={which === 'previous' ? 8 : undefined}
            right={which === 'next' ? 8 : undefined}
            style={{ zIndex: 2, opacity: 0.85 }}
            aria-label={`${which === 'next' ? 'Next' : 'Previous'} style`}
            data-testid={`preview-style-${which}`}
            onClick={() => stepPreset(slide, presets, which === 'next' ? 1 : -1)}
          >
            {which === 'next' ? <IconChevronRight size={18} /> : <IconChevronLeft size={18} />}
          </ActionIcon>
        </Tooltip>
      ))}
      <Player
        key={refresh}
        movie={movie}
        label={`Preview of slide ${index + 1}`}
        posterTime={Math.min(1.5, movieDuration(movie) * 0.4)}
      />
    </Box>
  );
}
