import { createHash } from 'node:crypto';
import type { NewsItem } from '@reelwright/core';
import { desc, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { news } from './tables';

/** How many items the bell receives, newest first. */
const NEWS_LIST_LIMIT = 50;

/** The id of a news item, derived from its text plus url (spec 000 §3). */
export function newsId(text: string, url: string): string {
  return createHash('sha256').update(`${text}\n${url}`).digest('hex').slice(0, 16);
}

/** Adds an item; adding the same text and url again changes nothing. */
export async function addNewsItem(db: Db, options: { text: string; url?: string }): Promise<NewsItem> {
  const url = options.url ?? '';
  const id = newsId(options.text, url);
  await db.insert(news).values({ id, text: options.text, url }).onConflictDoNothing();
  const [row] = await db.select().from(news).where(eq(news.id, id));
  if (!row) throw new Error(`news item ${id} vanished after insert`);
  return presentNewsItem(row);
}

export async function listNews(db: Db): Promise<NewsItem[]> {
  const rows = await db.select().from(news).orderBy(desc(news.createdAt), desc(news.id)).limit(NEWS_LIST_LIMIT);
  return rows.map(presentNewsItem);
}

function presentNewsItem(row: typeof news.$inferSelect): NewsItem {
  return { id: row.id, text: row.text, url: row.url, created_at: row.createdAt.toISOString() };
}
