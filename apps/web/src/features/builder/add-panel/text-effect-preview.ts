import { BackgroundSchema, createFrame, type Movie, MovieSchema } from '@reelwright/core';
import { newItem } from '../../../builder/new-items';
import { PREVIEW_SIZE } from '../inspector/animation/preview-movie';
import type { TextEffect } from './text-effects';

/** A thumbnail's loop: the effect enters after a beat and stays to the end. */
export const EFFECT_LOOP_SECONDS = 3;
const ENTERS_AT = 0.2;

/** A slide-like backdrop the designs read on: most of them are light on dark. */
const BACKDROP = BackgroundSchema.parse({
  type: 'gradient',
  gradient: {
    kind: 'linear',
    angle: 135,
    stops: [
      { color: '#343a40', at: 0 },
      { color: '#1864ab', at: 1 },
    ],
  },
});
const SHELL = MovieSchema.parse({ size: PREVIEW_SIZE });
const FRAME = createFrame('text-effect', { duration: EFFECT_LOOP_SECONDS, background: BACKDROP });

/**
 * The movie a text effect's thumbnail plays: the very item the tab adds (`newItem` with the
 * effect's look), on a small stage, from a beat in to the end of the loop.
 */
export function textEffectMovie(effect: TextEffect): Movie {
  const item = newItem(`effect-${effect.id}`, { type: 'text', text: effect.text, look: effect.look }, 0);
  const timing = { start: ENTERS_AT, stop: EFFECT_LOOP_SECONDS };
  return { ...SHELL, frames: [{ ...FRAME, items: [{ ...item, timing }] }] };
}

/** The still a thumbnail shows until hovered: the effect entered, with a moment to settle. */
export function effectPosterTime(effect: TextEffect): number {
  const entering = effect.look.fx?.show?.duration ?? 0;
  return Math.min(ENTERS_AT + entering + 0.3, EFFECT_LOOP_SECONDS - 0.1);
}
