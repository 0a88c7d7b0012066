/**
 * Container background effects (spec 002 §9: about 40): paint a container's box over time, under
 * its text. Each is a pure function of time and the box, clipped to the box; any randomness
 * comes from a seeded generator. `color` is the container's colour, `scale` the stage scale
 * (it multiplies line widths and pattern sizes).
 */
import { FILL_BACKGROUNDS } from './container-background-fills';
import { SHAPE_BACKGROUNDS } from './container-background-shapes';
import type { PaintEffect } from './types';

/** Every container background effect, in editor order. */
export const CONTAINER_BACKGROUND_EFFECTS: readonly PaintEffect[] = [...FILL_BACKGROUNDS, ...SHAPE_BACKGROUNDS];
