import {
  ActionIcon,
  Anchor,
  Box,
  Button,
  Group,
  Indicator,
  Popover,
  ScrollArea,
  Stack,
  Text,
  Tooltip,
} from '@mantine/core';
import { cutNewsText, messages, type NewsItem } from '@reelwright/core';
import { IconBell, IconExternalLink } from '@tabler/icons-react';
import { useState } from 'react';
import { formatCreatedDate } from './project-list';
import { useNews } from './use-news';

/** The news bell with the unread count (spec 000 §2, §4 "News"); members only. */
export function NewsBell() {
  const news = useNews(true);
  const [opened, setOpened] = useState(false);
  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-start" width={360} shadow="md" withArrow>
      <Popover.Target>
        <Tooltip label="News" withArrow disabled={opened}>
          <Indicator label={news.unread} size={18} disabled={news.unread === 0} color="red" offset={4}>
            <ActionIcon
              variant="subtle"
              color="gray"
              size="lg"
              aria-label={`News, ${news.unread} unread`}
              onClick={() => setOpened((o) => !o)}
            >
              <IconBell size={20} />
            </ActionIcon>
          </Indicator>
        </Tooltip>
      </Popover.Target>
      <Popover.Dropdown p={0}>
        <Group
          justify="space-between"
          px="md"
          py="xs"
          style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}
        >
          <Text fw={600} size="sm">
            News
          </Text>
          {news.unread > 0 && (
            <Button variant="subtle" size="compact-xs" onClick={news.markAllRead}>
              {messages.markAllAsRead}
            </Button>
          )}
        </Group>
        <ScrollArea.Autosize mah={360}>
          {news.items.length === 0 ? (
            <Text size="sm" c="dimmed" p="md" ta="center">
              {news.query.isLoading ? 'Loading news…' : 'No news yet. Product updates will appear here.'}
            </Text>
          ) : (
            <Stack gap={0}>
              {news.items.map((item) => (
                <NewsRow key={item.id} item={item} unread={!news.seen[item.id]} onRead={() => news.markRead(item.id)} />
              ))}
            </Stack>
          )}
        </ScrollArea.Autosize>
      </Popover.Dropdown>
    </Popover>
  );
}

function NewsRow({ item, unread, onRead }: { item: NewsItem; unread: boolean; onRead: () => void }) {
  const text = cutNewsText(item.text);
  return (
    <Group
      gap="sm"
      wrap="nowrap"
      align="flex-start"
      px="md"
      py="sm"
      bg={unread ? 'var(--mantine-color-blue-0)' : undefined}
      style={{ borderBottom: '1px solid var(--mantine-color-gray-1)' }}
      data-testid="news-item"
      data-unread={unread}
    >
      <Box
        mt={6}
        w={8}
        h={8}
        style={{ borderRadius: 4, flexShrink: 0, background: unread ? 'var(--mantine-color-blue-6)' : 'transparent' }}
      />
      <Box style={{ flex: 1, minWidth: 0 }}>
        {item.url ? (
          <Anchor
            href={item.url}
            target="_blank"
            rel="noopener noreferrer"
            size="sm"
            onClick={onRead}
            title={item.text}
          >
            {text} <IconExternalLink size={12} style={{ verticalAlign: 'middle' }} />
          </Anchor>
        ) : (
          <Text size="sm" title={item.text}>
            {text}
          </Text>
        )}
        <Text size="xs" c="dimmed">
          {formatCreatedDate(item.created_at)}
        </Text>
      </Box>
    </Group>
  );
}
