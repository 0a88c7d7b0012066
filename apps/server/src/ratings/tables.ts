import { integer, pgTable, primaryKey, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../accounts/tables';
import { projects } from '../projects/tables';

/**
 * A member's star rating of a published video (spec 001 §2 publish step, §7 video-rating): one
 * per member and project, a new one replaces it. `feedback` only for 3 stars or fewer.
 */
export const videoRatings = pgTable(
  'video_ratings',
  {
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    projectId: integer()
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    /** 1–5 stars. */
    rating: smallint().notNull(),
    feedback: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.projectId] })],
);
