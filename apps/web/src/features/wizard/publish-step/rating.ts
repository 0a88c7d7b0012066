/** Ratings run 1 to 5 stars (spec 001 §2, §9). */
export const RATING_MAX = 5;
/** The rating call is made, and feedback asked for, at this rating or lower (spec 001 §7, §9). */
export const FEEDBACK_AT_OR_BELOW = 3;
/** Longest feedback we send (ours; the spec does not limit it). */
export const FEEDBACK_MAX = 2000;

/** `POST /api/members/video-rating` (spec 001 §3 Rating payload). */
export type RatingPayload = { pid: number; rating: number; feedback?: string };

const isStars = (rating: number) => Number.isInteger(rating) && rating >= 1 && rating <= RATING_MAX;

/** Whether the feedback box shows and the rating is sent: a rating of 3 or lower. */
export const asksFeedback = (rating: number) => isStars(rating) && rating <= FEEDBACK_AT_OR_BELOW;

/**
 * The rating call's body, or null when no call is made: no rating (0 or out of range), or 4 and
 * 5 stars (spec 001 §7: "sent only for rating 3 or lower"). Feedback is trimmed, cut to
 * {@link FEEDBACK_MAX}, and left out when empty.
 */
export function ratingPayload(pid: number, rating: number, feedback: string): RatingPayload | null {
  if (!asksFeedback(rating)) return null;
  const text = feedback.trim().slice(0, FEEDBACK_MAX);
  return text !== '' ? { pid, rating, feedback: text } : { pid, rating };
}
