import { Alert, Button, Card, Group, LoadingOverlay, Progress, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useInterval } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { mainKeyword, messages, type SearchSource } from '@reelwright/core';
import { IconArrowRight, IconBulb, IconSearchOff } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { contentApi } from '../content/content-api';
import { finishContent } from '../content/finish-content';
import { useStepHooks } from '../step-hooks';
import { updateWizard, useWizard } from '../use-wizard';
import { type ArticleHit, useArticleSearch } from './article-api';
import { SEARCH_SOURCE_NAMES, slowSearchMessage } from './slow-search';

/**
 * The article list of the ezine, news and blog sources (spec 001 §2, §4, §8): progress while
 * searching, the empty panel pointing at the next source, and choosing an article fetches its
 * text and opens the editor.
 */
export function ArticleSearch({ type }: { type: SearchSource }) {
  const keyword = mainKeyword(useWizard().keyword);
  const search = useArticleSearch(type, keyword);
  const [choosing, setChoosing] = useState<string | null>(null);

  useStepHooks({
    validate: () => {
      notifications.show({ color: 'yellow', message: messages.selectArticle(type) });
      return false;
    },
  });

  async function choose(hit: ArticleHit) {
    setChoosing(hit.url);
    try {
      const article = await contentApi.fetchArticle(hit.url, type);
      finishContent({ title: article.title || hit.title, body: article.body, url: article.cache || hit.url, type });
    } catch (error) {
      notifications.show({ color: 'red', message: (error as Error).message || messages.articleFetchFailed(type) });
    } finally {
      setChoosing(null);
    }
  }

  if (search.isPending) return <Searching type={type} />;
  if (search.isError) {
    return (
      <Alert color="red" title="The search did not work" data-testid="search-error">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{search.error.message}</Text>
          <Button size="xs" variant="light" color="red" onClick={() => void search.refetch()}>
            Try again
          </Button>
        </Stack>
      </Alert>
    );
  }
  const { articles, next } = search.data;
  if (articles.length === 0) return <NoArticles type={type} keyword={keyword} next={next} />;

  return (
    <Stack gap="sm" data-testid="article-list">
      <Text size="sm" c="dimmed">
        {articles.length} articles about “{keyword}”. Click one to use its text.
      </Text>
      {articles.map((hit) => (
        <Card
          key={hit.url}
          withBorder
          radius="md"
          padding="md"
          pos="relative"
          component="button"
          type="button"
          disabled={choosing !== null}
          onClick={() => void choose(hit)}
          style={{ textAlign: 'left', cursor: choosing ? 'progress' : 'pointer' }}
          data-testid="article-hit"
        >
          <LoadingOverlay visible={choosing === hit.url} loaderProps={{ size: 'sm' }} />
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <div>
              <Text fw={600}>{hit.title}</Text>
              {hit.description && (
                <Text size="sm" c="dimmed" lineClamp={2} mt={2}>
                  {hit.description}
                </Text>
              )}
              <Text size="xs" c="dimmed" mt={6}>
                {hostOf(hit.url)}
                {hit.published ? ` · ${new Date(hit.published).toLocaleDateString()}` : ''}
              </Text>
            </div>
            <IconArrowRight size={18} style={{ flexShrink: 0, marginTop: 4 }} />
          </Group>
        </Card>
      ))}
    </Stack>
  );
}

function Searching({ type }: { type: SearchSource }) {
  const [started] = useState(() => Date.now());
  const [now, setNow] = useState(started);
  const interval = useInterval(() => setNow(Date.now()), 1000);
  useEffect(() => {
    interval.start();
    return interval.stop;
  }, [interval]);
  return (
    <Stack gap="xs" py="xl" data-testid="article-searching">
      <Text fw={500}>{slowSearchMessage(now - started, SEARCH_SOURCE_NAMES[type])}</Text>
      <Progress value={100} animated striped size="lg" radius="xl" aria-label="Searching" />
    </Stack>
  );
}

function NoArticles({ type, keyword, next }: { type: SearchSource; keyword: string; next?: SearchSource }) {
  const tryNext = () =>
    next &&
    updateWizard((draft) => {
      draft.source = next;
      draft.originalSource = next;
    });
  return (
    <Stack gap="md" align="flex-start" py="md" data-testid="no-articles">
      <Group gap="sm">
        <ThemeIcon variant="light" color="gray" size="lg" radius="xl">
          <IconSearchOff size={18} />
        </ThemeIcon>
        <Title order={4}>{messages.noArticlesFound(type, keyword)}</Title>
      </Group>
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <IconBulb size={18} color="var(--mantine-color-yellow-7)" style={{ flexShrink: 0 }} />
        <Text size="sm">
          Tip: broad keywords work better. Try a shorter or more general keyword, such as “coffee” rather than “best
          cold brew coffee makers under $50”.
        </Text>
      </Group>
      {next && (
        <Button
          variant="light"
          rightSection={<IconArrowRight size={16} />}
          onClick={tryNext}
          data-testid="try-next-source"
        >
          Try {next} articles instead
        </Button>
      )}
      <Text size="sm" c="dimmed">
        Or click Back to choose a different keyword.
      </Text>
    </Stack>
  );
}

function hostOf(url: string): string {
  try {
    return new URL(url).hostname.replace(/^www\./, '');
  } catch {
    return url;
  }
}
