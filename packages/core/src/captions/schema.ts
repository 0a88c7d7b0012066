/**
 * What the model keeps for captions: the words of a narration clip with their times, and the
 * movie's burned-in caption setting. Plain zod so the video model and the speech answer share it.
 */
import { z } from 'zod';

/** A spoken word, in seconds from the start of its audio file (not of the video). */
export const SpokenWordSchema = z.object({
  text: z.string(),
  start: z.number().min(0),
  end: z.number().min(0),
});
export type SpokenWord = z.infer<typeof SpokenWordSchema>;

/** A narration clip's words, as the speech service answers them and audio items keep them. */
export const SpokenWordsSchema = z.array(SpokenWordSchema);

/**
 * How burned-in captions look (D68): `plain` white text with a dark outline, `boxed` white text
 * on a dark band, `highlight` boxed with the word being spoken in the accent colour.
 */
export const CAPTION_STYLES = ['plain', 'boxed', 'highlight'] as const;
export type CaptionStyle = (typeof CAPTION_STYLES)[number];

/** A caption style, or none (`off`). */
export const CaptionStyleChoiceSchema = z.enum(['off', ...CAPTION_STYLES]);

/** The movie's burned-in captions; absent or `style: 'off'` draws none. */
export const CaptionSettingsSchema = z.object({
  style: CaptionStyleChoiceSchema.default('off'),
});
export type CaptionSettings = z.infer<typeof CaptionSettingsSchema>;
