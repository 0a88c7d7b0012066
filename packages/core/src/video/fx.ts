import { z } from 'zod';

/**
 * References to motion effects by name. The catalogue (names, labels, how each moves) lives in
 * `packages/scene`; the model only stores the choice, and an unknown name draws as no effect.
 */
export const TimedEffectSchema = z.object({
  name: z.string().min(1),
  /** Seconds the show or hide effect takes. */
  duration: z.number().min(0.05).max(10).default(0.5),
});

export const FxSchema = z.object({
  /** How the item enters (at timing.start). */
  show: TimedEffectSchema.optional(),
  /** How the item leaves (ending at timing.stop). */
  hide: TimedEffectSchema.optional(),
  /** A continuous effect while visible (pulse, float, …). */
  stay: z.object({ name: z.string().min(1) }).optional(),
  /** A highlighter overlay drawn over the text (underline sweep, marker, …). */
  overlay: z.object({ name: z.string().min(1), color: z.string().optional() }).optional(),
  /** Text split: the show/hide effect runs per word, character or line, staggered. */
  split: z.enum(['words', 'chars', 'lines']).optional(),
});
export type Fx = z.infer<typeof FxSchema>;

/** A slow pan and zoom over an image or video (Ken Burns): from one framing to another. */
export const KenBurnsSchema = z.object({
  /** Zoom at the start and end, 1 = the fitted media. */
  fromScale: z.number().min(1).max(3),
  toScale: z.number().min(1).max(3),
  /** Focus point at the start and end, 0–1 across the media (0.5, 0.5 = centre). */
  fromX: z.number().min(0).max(1).default(0.5),
  fromY: z.number().min(0).max(1).default(0.5),
  toX: z.number().min(0).max(1).default(0.5),
  toY: z.number().min(0).max(1).default(0.5),
});
export type KenBurns = z.infer<typeof KenBurnsSchema>;
