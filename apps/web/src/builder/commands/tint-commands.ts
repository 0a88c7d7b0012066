import { type FrameTint, FrameTintSchema } from '@reelwright/core';
import { defineCommand } from './define';
import { frameOf } from './lookup';

/** A new tint starts as the wizard's: black at 40 % (spec 001 §5 overlay alpha default). */
export const DEFAULT_TINT: FrameTint = { color: '#000000', alpha: 0.4 };

/**
 * The slide's tint over its pictures (D92): `patch` changes the colour or strength (from the
 * default tint when the slide has none); a strength of 0, or `null`, removes it. Out-of-range
 * values change nothing.
 */
export const setSlideTint = defineCommand<{ frameId: string; patch: Partial<FrameTint> | null }>({
  name: 'setSlideTint',
  perform(draft, { frameId, patch }) {
    const frame = frameOf(draft, frameId);
    if (patch === null) {
      delete frame.tint;
      return;
    }
    const parsed = FrameTintSchema.safeParse({ ...(frame.tint ?? DEFAULT_TINT), ...patch });
    if (!parsed.success) return;
    if (parsed.data.alpha === 0) delete frame.tint;
    else if (frame.tint?.color !== parsed.data.color || frame.tint.alpha !== parsed.data.alpha)
      frame.tint = parsed.data;
  },
});
