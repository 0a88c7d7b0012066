import { Box } from '@mantine/core';
import {
  DEFAULT_MOVIE_SIZE,
  MovieSchema,
  movieDuration,
  type Slide,
  slideFrame,
  slideFrameKey,
} from '@reelwright/core';
import { useMemo } from 'react';
import { Player } from '../../player/Player';

/**
 * The live preview of one slide (spec 001 §2): the real player on a movie of just this slide's
 * frame, rebuilt only when what the slide shows changes (its frame key), or when the toolbar's
 * 'Refresh all previews' bumps `refresh`.
 */
export function SlidePreview({ slide, index, refresh }: { slide: Slide; index: number; refresh: number }) {
  const key = slideFrameKey(slide);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the frame key stands for the slide's content; `refresh` forces a rebuild.
  const movie = useMemo(
    () => MovieSchema.parse({ frames: [slideFrame(slide, index)], size: DEFAULT_MOVIE_SIZE }),
    [key, index, refresh],
  );
  return (
    <Box data-testid="slide-preview" style={{ borderRadius: 8, overflow: 'hidden' }}>
      <Player
        key={refresh}
        movie={movie}
        label={`Preview of slide ${index + 1}`}
        posterTime={Math.min(1.5, movieDuration(movie) * 0.4)}
      />
    </Box>
  );
}
