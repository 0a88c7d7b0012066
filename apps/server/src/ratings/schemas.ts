import { ProjectIdSchema } from '@reelwright/core';
import { z } from 'zod';

/** Spec 001 §9: 1 to 5 stars; feedback is kept only at 3 or lower. */
export const RATING_FEEDBACK_MAX_STARS = 3;
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

export const VideoRatingResponseSchema = z.object({ ok: z.literal(true) });
