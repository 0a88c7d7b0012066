import { RATING_FEEDBACK_MAX_STARS, type VideoRatingBody } from '@reelwright/core';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { findUnstorableJson } from '../db/jsonb';
import { badRequest } from '../errors';
import { assertOwnProject } from '../projects/service';
import { videoRatings } from './tables';

/**
 * Records the member's rating of their project's video, replacing an earlier one. Feedback is
 * kept only for `RATING_FEEDBACK_MAX_STARS` stars or fewer (spec 001 §9); above, it is dropped.
 */
export async function rateVideo(db: Db, options: { userId: number; input: VideoRatingBody }): Promise<void> {
  const { userId, input } = options;
  await assertOwnProject(db, { userId, id: input.pid });
  const feedback = input.rating <= RATING_FEEDBACK_MAX_STARS && input.feedback ? input.feedback : null;
  if (feedback && findUnstorableJson(feedback)) {
    throw badRequest('feedback: text holds a NUL character or a broken surrogate', 'feedback', 'invalid_input');
  }
  await db
    .insert(videoRatings)
    .values({ userId, projectId: input.pid, rating: input.rating, feedback })
    .onConflictDoUpdate({
      target: [videoRatings.userId, videoRatings.projectId],
      set: { rating: input.rating, feedback, updatedAt: sql`now()` },
    });
}
