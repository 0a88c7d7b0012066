import { Alert, Button, Group, Loader, SegmentedControl, Stack, Text } from '@mantine/core';
import { LISTICLE_CATEGORIES, type ListicleCategory, messages } from '@reelwright/core';
import { IconBulb, IconCheck } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { contentApi } from './content-api';

const CATEGORY_LABELS: Record<ListicleCategory, string> = {
  top: 'Top',
  negative: 'Negative',
  funny: 'Funny',
  other: 'Other',
};

/**
 * Listicle ideas for the main keyword by category (spec 001 §2): clicking one picks it as the
 * listicle's idea (its title).
 */
export function ListicleIdeas({
  keyword,
  selected,
  onPick,
}: {
  keyword: string;
  selected: string;
  onPick: (idea: string) => void;
}) {
  const [category, setCategory] = useState<ListicleCategory>('top');
  const ideas = useQuery({
    queryKey: ['listicle-ideas', keyword, category],
    queryFn: () => contentApi.listicleIdeas(keyword, category),
    enabled: keyword !== '',
    staleTime: 10 * 60_000,
  });
  const label = CATEGORY_LABELS[category].toLowerCase();

  return (
    <Stack gap="sm" data-testid="listicle-ideas">
      <Group justify="space-between" gap="sm">
        <Group gap={6}>
          <IconBulb size={18} />
          <Text fw={600}>Ideas for {keyword ? `“${keyword}”` : 'your keyword'}</Text>
        </Group>
        <SegmentedControl
          aria-label="Idea category"
          size="xs"
          value={category}
          onChange={(value) => setCategory(value as ListicleCategory)}
          data={LISTICLE_CATEGORIES.map((value) => ({ value, label: CATEGORY_LABELS[value] }))}
          data-testid="listicle-category"
        />
      </Group>
      {keyword === '' ? (
        <Text size="sm" c="dimmed">
          Enter a keyword at the keyword step to get ideas, or write your own below.
        </Text>
      ) : ideas.isPending ? (
        <Group gap="xs" data-testid="listicle-ideas-loading">
          <Loader size="xs" />
          <Text size="sm" c="dimmed">
            Finding {label} ideas…
          </Text>
        </Group>
      ) : ideas.isError ? (
        <Alert color="red" variant="light" data-testid="listicle-ideas-error">
          <Group justify="space-between">
            <Text size="sm">{ideas.error.message}</Text>
            <Button size="compact-xs" variant="light" color="red" onClick={() => void ideas.refetch()}>
              Try again
            </Button>
          </Group>
        </Alert>
      ) : ideas.data.ideas.length === 0 ? (
        <Text size="sm" c="dimmed" data-testid="listicle-ideas-empty">
          {ideas.data.hint ?? messages.noListicleSuggestions(label, keyword)}
        </Text>
      ) : (
        <Group gap="xs" role="list" aria-label="Listicle ideas">
          {ideas.data.ideas.map((idea) => {
            const active = idea === selected;
            return (
              <Button
                key={idea}
                role="listitem"
                size="xs"
                radius="xl"
                variant={active ? 'filled' : 'default'}
                leftSection={active ? <IconCheck size={14} /> : undefined}
                aria-pressed={active}
                onClick={() => onPick(idea)}
                styles={{ label: { whiteSpace: 'normal', textAlign: 'left' } }}
                h="auto"
                py={6}
                data-testid="listicle-idea"
              >
                {idea}
              </Button>
            );
          })}
        </Group>
      )}
    </Stack>
  );
}
