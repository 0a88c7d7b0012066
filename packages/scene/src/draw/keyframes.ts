import { animatedBox } from '@reelwright/core';

/**
 * The box and extra transforms of an item at a local playhead: core's `animatedBox`, so the
 * model, the editor and the renderer share one keyframe behaviour (D36).
 */
export const boxAt = animatedBox;
