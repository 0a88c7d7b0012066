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

/**
 * Whether a url may be shown as a news link: empty (no link) or http(s). Anything else, such as
 * `javascript:`, would run in the member's browser when clicked.
 */
export function isNewsUrl(url: string): boolean {
  if (url === '') return true;
  try {
    return ['http:', 'https:'].includes(new URL(url).protocol);
  } catch {
    return false;
  }
}

/** Adds an item; adding the same text and url again changes nothing. */
export async function addNewsItem(db: Db, options: { text: string; url?: string }): Promise<NewsItem> {
  const text = options.text.trim();
  const url = options.url?.trim() ?? '';
  if (!text) throw new Error('A news item needs a text.');
  if (!isNewsUrl(url)) throw new Error(`A news link must be an http(s) address, not ${JSON.stringify(url)}.`);
  const id = newsId(text, url);
  await db.insert(news).values({ id, text, url }).onConflictDoNothing();
  const [row] = await db.select().from(news).where(eq(news.id, id));
  if (!row) throw new Error(`news item ${id} vanished after insert`);
  return presentNewsItem(row);
}

/** The newest items, newest first; read state is kept by the browser. */
export async function listNews(db: Db): Promise<NewsItem[]> {
  const rows = await db.select().from(news).orderBy(desc(news.createdAt), desc(news.id)).limit(NEWS_LIST_LIMIT);
  return rows.map(presentNewsItem);
}

function presentNewsItem(row: typeof news.$inferSelect): NewsItem {
  return { id: row.id, text: row.text, url: row.url, created_at: row.createdAt.toISOString() };
}
