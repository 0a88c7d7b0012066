import { BackgroundSchema, createFrame, type Frame, ItemSchema, type Movie, MovieSchema } from '@reelwright/core';
import { effectsByFamily, findEffect } from '@reelwright/scene';
import type { TransitionSlot } from '../../../builder/commands/transition-commands';
import { PREVIEW_PANEL, PREVIEW_SECONDS, PREVIEW_SIZE, previewDuration } from '../inspector/animation/preview-movie';

/** One choice of a transition picker: a show or hide effect's catalogue name and label. */
export type TransitionChoice = { name: string; label: string };

/** The choices of a slide's show or hide, in the catalogue's order (the items' show and hide effects). */
export function transitionChoices(slot: TransitionSlot): readonly TransitionChoice[] {
  return effectsByFamily(slot);
}

/** A transition as the reader sees it: 'None', the effect's label, or its name when the catalogue has none. */
export function transitionLabel(slot: TransitionSlot, name: string | null | undefined): string {
  if (!name) return 'None';
  return findEffect(slot, name)?.label ?? name;
}

/** Seconds the neighboring slide shows in a preview, before a show and after a hide. */
const NEIGHBOR = 0.5;
/** The slide before it (for a show) or after it (for a hide): flat orange. */
const NEIGHBOR_BACKGROUND = BackgroundSchema.parse({ type: 'color', color: '#ff922b' });

const CARD = ItemSchema.parse({
  id: 'preview-card',
  type: 'slide',
  timing: { start: 0, stop: PREVIEW_SECONDS - NEIGHBOR },
  box: { left: 0.25, top: 0.28, width: 0.5, height: 0.44, rotate: 0, opacity: 1 },
  background: { type: 'color', color: '#ffffff' },
});

const SHELL = MovieSchema.parse({ size: PREVIEW_SIZE });
/** The slide that enters or leaves: the pickers' blue-to-violet panel with a white card on it. */
const SLIDE: Frame = createFrame('preview-slide', {
  duration: PREVIEW_SECONDS - NEIGHBOR,
  background: PREVIEW_PANEL,
  items: [CARD],
});
const NEIGHBOR_FRAME: Frame = createFrame('preview-neighbor', {
  duration: NEIGHBOR,
  background: NEIGHBOR_BACKGROUND,
});

/**
 * A movie of two slides playing one choice (null: a plain cut) exactly as the renderer draws it
 * in the MP4 (D16): for a show, an orange slide, then the slide entering with the effect; for a
 * hide, the slide leaving with it, then an orange one. Pure; the picker loops it on a tiny canvas.
 */
export function transitionPreviewMovie(slot: TransitionSlot, name: string | null): Movie {
  const effect = name ? { name, duration: previewDuration(slot, name) } : undefined;
  const slide: Frame = {
    ...SLIDE,
    id: `preview-${slot}-${name ?? 'none'}`,
    transition: effect ? { [slot]: effect } : {},
  };
  return { ...SHELL, frames: slot === 'show' ? [NEIGHBOR_FRAME, slide] : [slide, NEIGHBOR_FRAME] };
}

/** The instant a still preview shows: mid-transition, where the choice reads best. */
export function transitionPosterTime(slot: TransitionSlot, name: string | null): number {
  if (!name) return NEIGHBOR + 0.1;
  const half = previewDuration(slot, name) / 2;
  return slot === 'show' ? NEIGHBOR + half : PREVIEW_SECONDS - NEIGHBOR - half;
}
