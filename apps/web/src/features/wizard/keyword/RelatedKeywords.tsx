import { Badge, Button, Group, Loader, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { KEYWORD_SUGGEST_DEBOUNCE_MS, RELATED_KEYWORDS_PAGE } from '@reelwright/core';
import { IconPlus, IconRefresh } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { call } from '../../../lib/api';

/**
 * Related keyword suggestions for the main keyword (spec 001 §2, §9): asked 1 s after the last
 * change, shown 10 at a time; clicking one adds it as a keyword.
 */
export function RelatedKeywords({
  keyword,
  taken,
  onPick,
}: {
  keyword: string;
  taken: string[];
  onPick(tag: string): void;
}) {
  const [debounced] = useDebouncedValue(keyword.trim(), KEYWORD_SUGGEST_DEBOUNCE_MS);
  // The page restarts at the first one when the keyword changes.
  const [paging, setPaging] = useState({ keyword: debounced, page: 0 });
  const page = paging.keyword === debounced ? paging.page : 0;
  const setPage = (next: number) => setPaging({ keyword: debounced, page: next });
  const related = useQuery({
    queryKey: ['related-keywords', debounced.toLowerCase()],
    queryFn: ({ signal }) => call('relatedKeywords', { keyword: debounced }, { signal }),
    enabled: debounced !== '',
    staleTime: 10 * 60_000,
    retry: false,
  });
  if (!debounced) return null;

  const takenLower = new Set(taken.map((tag) => tag.toLowerCase()));
  const all = (related.data?.keywords ?? []).filter((kw) => !takenLower.has(kw.toLowerCase()));
  const pages = Math.max(1, Math.ceil(all.length / RELATED_KEYWORDS_PAGE));
  const shown = all.slice(page * RELATED_KEYWORDS_PAGE, (page + 1) * RELATED_KEYWORDS_PAGE);

  return (
    <div data-testid="related-keywords">
      <Group gap="xs" mb={6}>
        <Text size="sm" fw={500}>
          Related keywords
        </Text>
        {related.isFetching && <Loader size={14} />}
      </Group>
      {related.isError ? (
        <Text size="sm" c="dimmed">
          Suggestions are not available right now; you can go on without them.
        </Text>
      ) : shown.length === 0 && !related.isFetching ? (
        <Text size="sm" c="dimmed">
          No related keywords for “{debounced}”.
        </Text>
      ) : (
        <Group gap={6}>
          {shown.map((kw) => (
            <Badge
              key={kw}
              component="button"
              type="button"
              variant="light"
              size="lg"
              tt="none"
              fw={500}
              leftSection={<IconPlus size={12} />}
              style={{ cursor: 'pointer' }}
              onClick={() => onPick(kw)}
            >
              {kw}
            </Badge>
          ))}
          {pages > 1 && (
            <Button
              variant="subtle"
              size="compact-sm"
              leftSection={<IconRefresh size={14} />}
              onClick={() => setPage((page + 1) % pages)}
            >
              More suggestions
            </Button>
          )}
        </Group>
      )}
    </div>
  );
}
