import type { Item } from '@reelwright/core';
import { useMemo } from 'react';
import type { FxSlot } from './fx-rules';
import { MoviePreview } from './MoviePreview';
import { posterTime, previewMovie } from './preview-movie';

/** One choice of an item picker playing on the item's kind. */
export function EffectPreview({ item, slot, name }: { item: Item; slot: FxSlot; name: string | null }) {
  const movie = useMemo(() => previewMovie(item, slot, name), [item, slot, name]);
  return <MoviePreview movie={movie} posterTime={posterTime(slot, name)} testId="effect-preview" />;
}
