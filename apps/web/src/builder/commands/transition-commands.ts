import { type Frame, TimedEffectSchema } from '@reelwright/core';
import { findEffect } from '@reelwright/scene';
import { defineCommand } from './define';
import { frameOf } from './lookup';

/**
 * A slide's transition (spec 002 §3 slide `fx`, spec 001 §3 "frame: show, hide"; the model's
 * `frame.transition`): how the slide enters (show, over its first seconds) and how it leaves
 * (hide, over its last), each an effect of the renderer's show or hide catalogue (D16, D89).
 */
export type TransitionSlot = 'show' | 'hide';

/** Bounds of a transition's duration, seconds (`TimedEffectSchema.duration`: 0.05–10). */
export const TRANSITION_DURATION_RANGE = (() => {
  const { minValue, maxValue } = TimedEffectSchema.shape.duration.unwrap();
  return { min: minValue ?? 0.05, max: maxValue ?? 10 };
})();

/**
 * The longest a slide's show or hide may take: its slide's length (a transition longer than the
 * slide would never end), within 0.05–10 s.
 */
export function longestTransition(frame: Pick<Frame, 'duration'>): number {
  const { min, max } = TRANSITION_DURATION_RANGE;
  return Math.max(min, Math.min(max, frame.duration));
}

const clampDuration = (frame: Frame, seconds: number) =>
  Math.max(TRANSITION_DURATION_RANGE.min, Math.min(longestTransition(frame), seconds));

/**
 * Chooses a slide's show or hide effect by its catalogue name, or none (null). A first choice
 * takes the effect's own duration from the catalogue; a change of effect keeps the duration the
 * author set. An unknown name changes nothing.
 */
export const setSlideTransition = defineCommand<{ frameId: string; slot: TransitionSlot; name: string | null }>({
  name: 'setSlideTransition',
  perform(draft, { frameId, slot, name }) {
    const frame = frameOf(draft, frameId);
    if (name === null) {
      delete frame.transition[slot];
      return;
    }
    const effect = findEffect(slot, name);
    if (!effect) return;
    const current = frame.transition[slot];
    if (current?.name === name) return;
    const duration = clampDuration(frame, current?.duration ?? effect.defaultDuration);
    frame.transition[slot] = { name, duration };
  },
});

/**
 * The seconds a slide's show or hide takes, kept within 0.05 s and the slide's length (10 s at
 * most). A slide without that effect, or a value that is not a number, changes nothing. The
 * inspector's slider runs it inside one gesture: one undo step per drag.
 */
export const setSlideTransitionDuration = defineCommand<{ frameId: string; slot: TransitionSlot; duration: number }>({
  name: 'setSlideTransitionDuration',
  perform(draft, { frameId, slot, duration }) {
    const frame = frameOf(draft, frameId);
    const effect = frame.transition[slot];
    if (!effect || !Number.isFinite(duration)) return;
    const next = clampDuration(frame, duration);
    if (effect.duration !== next) effect.duration = next;
  },
});

/**
 * "Apply to all slides": every slide gets this slide's show and hide (or only `slots`, as the
 * slide bar's marker, which shows the show alone, asks), durations included (a duration longer
 * than a shorter slide is cut to that slide's length). One undo step.
 */
export const applyTransitionToAll = defineCommand<{ frameId: string; slots?: readonly TransitionSlot[] }>({
  name: 'applyTransitionToAll',
  perform(draft, { frameId, slots = ['show', 'hide'] }) {
    const source = frameOf(draft, frameId).transition;
    for (const frame of draft.video.frames) {
      if (frame.id === frameId) continue;
      for (const slot of slots) {
        const effect = source[slot];
        if (!effect) {
          if (frame.transition[slot]) delete frame.transition[slot];
          continue;
        }
        const duration = clampDuration(frame, effect.duration);
        const current = frame.transition[slot];
        if (current?.name !== effect.name || current.duration !== duration) {
          frame.transition[slot] = { name: effect.name, duration };
        }
      }
    }
  },
});
