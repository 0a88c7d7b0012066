import type { NewsItem } from '@reelwright/core';

/** Which news items this browser has read, by item id (spec 000 §3: stored locally). */
export type SeenMap = Record<string, true>;

export const NEWS_SEEN_STORAGE_KEY = 'reelwright:news-seen';

const newestFirst = (a: NewsItem, b: NewsItem) => b.created_at.localeCompare(a.created_at);

/** Unread items first, newest first; read items after them, newest first (spec 000 §4 "News"). */
export function orderNews(items: readonly NewsItem[], seen: SeenMap): NewsItem[] {
  const unread = items.filter((item) => !seen[item.id]).sort(newestFirst);
  const read = items.filter((item) => seen[item.id]).sort(newestFirst);
  return [...unread, ...read];
}

/** The number on the bell. */
export function unreadCount(items: readonly NewsItem[], seen: SeenMap): number {
  return items.filter((item) => !seen[item.id]).length;
}

/** 'Mark all as read': every listed item becomes read; older entries stay. */
export function markAllRead(items: readonly NewsItem[], seen: SeenMap): SeenMap {
  const next: SeenMap = { ...seen };
  for (const item of items) next[item.id] = true;
  return next;
}

/** Reads the seen map; anything unreadable counts as nothing read. */
export function parseSeenMap(text: string | null): SeenMap {
  if (!text) return {};
  try {
    const value: unknown = JSON.parse(text);
    if (!value || typeof value !== 'object' || Array.isArray(value)) return {};
    const seen: SeenMap = {};
    for (const [id, flag] of Object.entries(value)) if (flag === true) seen[id] = true;
    return seen;
  } catch {
    return {};
  }
}
