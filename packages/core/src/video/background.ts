import { z } from 'zod';
import { RANGES } from './ranges';
import { ColorSchema } from './style';

export const GradientStopSchema = z.object({
  color: ColorSchema,
  /** Where the stop sits along the gradient, 0–1. */
  at: z.number().min(0).max(1),
});

export const GradientSchema = z.object({
  kind: z.enum(['linear', 'radial']),
  /** Direction of a linear gradient in degrees, 0 = upwards (CSS convention); ignored for radial. */
  angle: z.number().min(RANGES.gradientAngle.min).max(RANGES.gradientAngle.max).default(180),
  stops: z.array(GradientStopSchema).min(2),
});
export type Gradient = z.infer<typeof GradientSchema>;

/** The nine positions of the background position option (002 §9). */
export const POSITIONS = [
  'left top',
  'center top',
  'right top',
  'left center',
  'center center',
  'right center',
  'left bottom',
  'center bottom',
  'right bottom',
] as const;
export const PositionSchema = z.enum(POSITIONS);

export const BACKDROP_FILTERS = [
  'blur',
  'brightness',
  'contrast',
  'grayscale',
  'hue',
  'invert',
  'opacity',
  'saturate',
  'sepia',
] as const;

/** Background settings of a frame or the movie (spec 002 §3, §5, §9). */
export const BackgroundSchema = z.object({
  /**
   * Tab order in the inspector: none, color, gradient, image, blob, video (spec 002 §3, §4).
   * A blob is a soft organic shape filled with the gradient when one is set, else the colour,
   * over a see-through base; its shape follows from its owner's id (D37).
   */
  type: z.enum(['none', 'color', 'gradient', 'image', 'blob', 'video']),
  color: ColorSchema.optional(),
  gradient: GradientSchema.optional(),
  /** Image or video url for those types. */
  url: z.string().optional(),
  size: z.enum(['cover', 'contain', 'auto', '100% 100%']).default('cover'),
  position: PositionSchema.default('center center'),
  repeat: z.enum(['no-repeat', 'repeat-x', 'repeat-y', 'repeat']).default('no-repeat'),
  filters: z
    .object({
      /** 0–1; applied only when above 0. */
      opacity: z.number().min(0).max(1).default(1),
      /** Px of a 576-high stage; applied only when above 0. */
      blur: z.number().min(0).max(100).default(0),
      /** Colour wash over the background, 0–1 (default 0). */
      tint: z.number().min(0).max(1).default(0),
      tintColor: ColorSchema.default('#000000'),
      /** A CSS backdrop filter over what lies behind, with its value 1–100 (default 10). */
      backdrop: z.enum(BACKDROP_FILTERS).optional(),
      backdropValue: z.number().min(RANGES.backdropValue.min).max(RANGES.backdropValue.max).default(10),
    })
    .default({ opacity: 1, blur: 0, tint: 0, tintColor: '#000000', backdropValue: 10 }),
  /** A padded, rounded wrapper drawn around the frame's content. */
  wrapper: z
    .object({ enabled: z.boolean(), color: ColorSchema, padding: z.number().min(0).max(0.25), radius: z.number() })
    .optional(),
});
export type Background = z.infer<typeof BackgroundSchema>;

export const NO_BACKGROUND: Background = BackgroundSchema.parse({ type: 'none' });

/**
 * Whether a frame background leaves the stage uncovered, so the movie's background shows under
 * it: type 'none', and a blob, around its shape (D37).
 */
export function showsMovieBackground(frameBackground: Background): boolean {
  return frameBackground.type === 'none' || frameBackground.type === 'blob';
}
