import { Button, Menu, Text } from '@mantine/core';
import { IconChevronDown, IconLayoutDashboard, IconPlus, IconTrendingUp, IconWand } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useProject } from '../project/project-store';
import { discardVisitorDraft } from '../project/visitor-draft-store';
import { navigateFullPage, newVideoUrl } from './full-page-navigation';

type Entry = { route: 'wizard' | 'builder' | 'optimizer'; label: string; hint: string; icon: ReactNode };

/** The three ways to start (spec 000 §2), in the spec's order. */
const ENTRIES: Entry[] = [
  {
    route: 'wizard',
    label: 'Article video (recommended)',
    hint: 'Guided steps from a keyword or an article',
    icon: <IconWand size={18} />,
  },
  {
    route: 'builder',
    label: 'Full editor',
    hint: 'Build every slide yourself',
    icon: <IconLayoutDashboard size={18} />,
  },
  {
    route: 'optimizer',
    label: 'SEO video optimizer',
    hint: 'Help your videos rank in search',
    icon: <IconTrendingUp size={18} />,
  },
];

/**
 * A new video starts from a fresh app; a visitor's draft kept in this browser is replaced (D96),
 * as a member's new video leaves the open one behind, without asking.
 */
async function startNewVideo(route: Entry['route']) {
  if (!useProject.getState().loggedIn) await discardVisitorDraft();
  navigateFullPage(newVideoUrl(route));
}

/** The 'New video' dropdown. */
export function NewVideoMenu() {
  return (
    <Menu position="bottom-start" width={300} shadow="md" withArrow>
      <Menu.Target>
        <Button
          variant="light"
          px={12}
          leftSection={<IconPlus size={16} />}
          rightSection={<IconChevronDown size={14} />}
        >
          New video
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {ENTRIES.map((entry) => (
          <Menu.Item key={entry.route} leftSection={entry.icon} onClick={() => void startNewVideo(entry.route)}>
            <Text size="sm" fw={500}>
              {entry.label}
            </Text>
            <Text size="xs" c="dimmed">
              {entry.hint}
            </Text>
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
