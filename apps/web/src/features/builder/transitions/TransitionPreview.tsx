import { useMemo } from 'react';
import type { TransitionSlot } from '../../../builder/commands/transition-commands';
import { MoviePreview } from '../inspector/animation/MoviePreview';
import { transitionPosterTime, transitionPreviewMovie } from './transition-preview';

/** One transition playing between two slides, as the item pickers' previews play (`MoviePreview`). */
export function TransitionPreview({ slot, name }: { slot: TransitionSlot; name: string | null }) {
  const movie = useMemo(() => transitionPreviewMovie(slot, name), [slot, name]);
  return <MoviePreview movie={movie} posterTime={transitionPosterTime(slot, name)} testId="transition-preview" />;
}
