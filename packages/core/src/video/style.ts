import { z } from 'zod';
import { RANGES } from './ranges';

const within = (range: { min: number; max: number }) => z.number().min(range.min).max(range.max);

/** A CSS colour: hex (#rgb, #rrggbb, #rrggbbaa) or rgb()/rgba(); custom inputs accept hex only (002 §5). */
export const ColorSchema = z
  .string()
  .regex(/^(#([0-9a-f]{3}|[0-9a-f]{4}|[0-9a-f]{6}|[0-9a-f]{8})|rgba?\([\d.,\s%]+\))$/i, {
    error: 'Use a hex color such as #1c7ed6.',
  });
export type Color = z.infer<typeof ColorSchema>;

/** What a custom colour input accepts: hex only (#rgb, #rgba, #rrggbb, #rrggbbaa; 002 §5). */
export const HexColorSchema = z
  .string()
  .regex(/^#([0-9a-f]{3}|[0-9a-f]{4}|[0-9a-f]{6}|[0-9a-f]{8})$/i, { error: 'Use a hex color such as #1c7ed6.' });

/** The transparent option of the colour palette (002 §9). */
export const TRANSPARENT = '#00000000';

export const BorderSchema = z.object({
  /** Which sides carry the border. */
  sides: z.object({ top: z.boolean(), right: z.boolean(), bottom: z.boolean(), left: z.boolean() }),
  /** Px of a 576-high stage (scaled with the movie). */
  thickness: within(RANGES.borderThickness),
  /** Corner radius, 0–10 (× 2 % of the box's shorter side when drawn). */
  radius: within(RANGES.borderRadius),
  color: ColorSchema,
  style: z.enum(['solid', 'dashed', 'dotted', 'double']),
});

export const ShadowSchema = z.object({
  enabled: z.boolean(),
  /** Blur, px of a 576-high stage. */
  thickness: within(RANGES.shadowThickness),
  color: ColorSchema,
  /** Offset down and right, px of a 576-high stage. */
  distance: within(RANGES.shadowDistance),
});

export const OutlineSchema = z.object({
  enabled: z.boolean(),
  color: ColorSchema,
  thickness: within(RANGES.outlineThickness),
});

/** Filter sliders, each 0–100 (002 §5); the neutral values draw the item unchanged. */
export const FiltersSchema = z.object({
  blur: within(RANGES.filter),
  brightness: within(RANGES.filter),
  contrast: within(RANGES.filter),
  grayscale: within(RANGES.filter),
  hue: within(RANGES.filter),
  invert: within(RANGES.filter),
  opacity: within(RANGES.filter),
  saturate: within(RANGES.filter),
  sepia: within(RANGES.filter),
});
export type Filters = z.infer<typeof FiltersSchema>;

/** Neutral filters: brightness, contrast, saturate and opacity at 50 mean 100 %. */
export const NEUTRAL_FILTERS: Filters = {
  blur: 0,
  brightness: 50,
  contrast: 50,
  grayscale: 0,
  hue: 0,
  invert: 0,
  opacity: 100,
  saturate: 50,
  sepia: 0,
};

/** The style picker of spec 002 §3: border, shadow, outline and filters of one item. */
export const StylePickerSchema = z.object({
  border: BorderSchema.optional(),
  shadow: ShadowSchema.optional(),
  outline: OutlineSchema.optional(),
  filters: FiltersSchema.partial().optional(),
});
export type StylePicker = z.infer<typeof StylePickerSchema>;
