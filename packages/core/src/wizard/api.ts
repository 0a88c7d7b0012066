import { z } from 'zod';
import { ProjectIdSchema } from '../project/api';
import { PresetSchema, SlideSettingsSchema, SlideStyleSchema } from './slides/schema';

/** Spec 001 §5: the preset name is required; longer names would not fit the picker. */
export const PRESET_NAME_MAX = 80;

/** `POST /api/members/presets/save` (spec 001 §7). */
export const PresetSaveBodySchema = z.object({
  name: z
    .string({ error: 'Give the preset a name.' })
    .trim()
    .min(1, 'Give the preset a name.')
    .max(PRESET_NAME_MAX, `The preset name can be at most ${PRESET_NAME_MAX} characters.`),
  style: SlideStyleSchema,
  settings: SlideSettingsSchema,
});
export type PresetSaveBody = z.infer<typeof PresetSaveBodySchema>;

/** `GET /api/members/presets/list`: the member's saved presets. */
export const PresetListResponseSchema = z.object({ presets: z.array(PresetSchema) });

/** Spec 001 §9: 1 to 5 stars; feedback is kept only at 3 or lower. */
export const RATING_FEEDBACK_MAX_STARS = 3;
/** Feedback characters kept, at most. */
export const RATING_FEEDBACK_MAX = 2000;

/** `POST /api/members/video-rating` (spec 001 §3 Rating payload, §7). */
export const VideoRatingBodySchema = z.object({
  pid: ProjectIdSchema,
  rating: z.coerce
    .number({ error: 'Give a rating of 1 to 5 stars.' })
    .int('Give a rating of 1 to 5 stars.')
    .min(1, 'Give a rating of 1 to 5 stars.')
    .max(5, 'Give a rating of 1 to 5 stars.'),
  feedback: z
    .string()
    .trim()
    .max(RATING_FEEDBACK_MAX, `Feedback can be at most ${RATING_FEEDBACK_MAX} characters.`)
    .nullish(),
});
export type VideoRatingBody = z.infer<typeof VideoRatingBodySchema>;

/** A rating's answer. */
export const VideoRatingResponseSchema = z.object({ ok: z.literal(true) });

/** `GET /api/members/music`: the stock tracks ready and, while the rest are made, the progress. */
export const MusicListSchema = z.object({
  tracks: z.array(
    z.object({ id: z.string(), name: z.string(), url: z.string(), duration: z.number(), mood: z.string() }),
  ),
  /** While the stock tracks are still being made: how many of how many are ready. */
  preparing: z.object({ done: z.number().int(), total: z.number().int() }).optional(),
});
