import { z } from 'zod';
import { RANGES } from './ranges';
import { ColorSchema } from './style';

/** A run of text with one look; bold words take the item's boldColor (spec 001 §3). */
export const TextRunSchema = z.object({
  text: z.string(),
  bold: z.boolean().optional(),
  italic: z.boolean().optional(),
  underline: z.boolean().optional(),
  color: ColorSchema.optional(),
  /** A highlighted keyword (the wizard's keyword highlight). */
  mark: z.boolean().optional(),
});
export type TextRun = z.infer<typeof TextRunSchema>;

/** A paragraph: runs laid out together; paragraphs always start on a new line. */
export const ParagraphSchema = z.object({ runs: z.array(TextRunSchema) });
export type Paragraph = z.infer<typeof ParagraphSchema>;

/** Font size of spec 002 §9 (48 px on the 576-high default stage), as a fraction of stage height. */
export const DEFAULT_FONT_SIZE = 48 / 576;
/** Text padding default, px of a 576-high stage. */
export const DEFAULT_TEXT_PADDING = 30;
/** Padding kept when fit-text shrinks the text, px of a 576-high stage. */
export const DEFAULT_FIT_PADDING = 5;

export const FontSchema = z.object({
  family: z.string().min(1).default('Inter'),
  /** Fraction of the stage height, so text re-flows with the movie size. */
  size: z.number().min(0.005).max(1).default(DEFAULT_FONT_SIZE),
  /** Line height as a multiple of the font size. */
  lineHeight: z.number().min(0.8).max(3).default(1.25),
});

/** The box behind a text (spec 001 §3 container; 002 container settings). */
export const ContainerSchema = z.object({
  backgroundColor: ColorSchema.default('#000000'),
  /** 0–1, default 0.4 (001 §5). */
  backgroundAlpha: z.number().min(RANGES.containerAlpha.min).max(RANGES.containerAlpha.max).default(0.4),
  /** Horizontal skew of the box, degrees. */
  skew: z.number().min(-45).max(45).default(0),
  /** Blur what lies behind the box, px of a 576-high stage (0 = none). */
  backdropBlur: z.number().min(0).max(50).default(0),
  /** A container background effect by name (scene catalogue). */
  backgroundFx: z.string().optional(),
  /** A container animation: fade, zoom, rotate, flip, tilt, width, height, slide, rush, random. */
  animation: z
    .enum(['fade', 'zoom', 'rotate', 'flip', 'tilt', 'width', 'height', 'slide', 'rush', 'random'])
    .optional(),
});
export type Container = z.infer<typeof ContainerSchema>;

/**
 * Line breaks computed by the editor, kept so the server draws exactly the lines the author saw
 * (Chrome's and Node's text metrics differ slightly, DESIGN §6). Valid only while `key` matches
 * the hash of text, font, size and box width; otherwise the renderer wraps again.
 */
export const LayoutCacheSchema = z.object({
  key: z.string(),
  /** Each line as [paragraph index, start offset, end offset] in the paragraph's plain text. */
  lines: z.array(z.tuple([z.number().int(), z.number().int(), z.number().int()])),
  /** The fitted font size the lines were laid out at, a fraction of the stage height (fit-text). */
  fontSize: z.number().positive().optional(),
});
