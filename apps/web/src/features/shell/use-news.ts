import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { call } from '../../lib/api';
import { markAllRead, NEWS_SEEN_STORAGE_KEY, orderNews, parseSeenMap, unreadCount } from './news-read-state';
import { useLocalValue } from './use-local-flag';

/** The news feed for members, ordered for the bell, with its read state kept in this browser. */
export function useNews(enabled: boolean) {
  const query = useQuery({
    queryKey: ['news'],
    queryFn: () => call('news'),
    enabled,
    staleTime: 5 * 60_000,
  });
  const [seen, setSeen] = useLocalValue(NEWS_SEEN_STORAGE_KEY, parseSeenMap);
  const items = query.data ?? [];
  return {
    query,
    seen,
    items: useMemo(() => orderNews(items, seen), [items, seen]),
    unread: unreadCount(items, seen),
    markAllRead: () => setSeen(markAllRead(items, seen)),
    markRead: (id: string) => setSeen({ ...seen, [id]: true }),
  };
}
