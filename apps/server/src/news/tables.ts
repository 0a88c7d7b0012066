import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** News for the bell; the id is derived from text plus url (spec 000 §3). */
export const news = pgTable(
  'news',
  {
    id: text().primaryKey(),
    text: text().notNull(),
    url: text().notNull().default(''),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('news_created_idx').on(t.createdAt)],
);
