import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/** The training videos of the 'Video tutorials' popup, managed by the operator (spec 002 §2). */
export const tutorials = pgTable(
  'tutorials',
  {
    id: serial().primaryKey(),
    title: text().notNull(),
    url: text().notNull(),
    /** Intro, Business, Advanced or Other. */
    group: text().notNull(),
    /** 'first' or 'intro', or none. */
    name: text(),
    thumbnailUrl: text(),
    /** Playlist order within the group. */
    position: integer().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('tutorials_group_position_idx').on(t.group, t.position)],
);
