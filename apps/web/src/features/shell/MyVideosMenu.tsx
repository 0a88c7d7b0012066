import {
  ActionIcon,
  Box,
  Center,
  Group,
  Loader,
  Popover,
  ScrollArea,
  Stack,
  Text,
  TextInput,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import type { ProjectListItem } from '@reelwright/core';
import { IconMovie, IconPencil, IconSearch, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { projectOpenUrl } from '../project/project-address';
import { MenuBarButton } from './MenuBarButton';
import classes from './MyVideosMenu.module.css';
import { ProjectPoster } from './ProjectPoster';
import { filterProjects, formatCreatedDate, projectLabel, showProjectSearch } from './project-list';
import { useProjectActions, useProjectList } from './use-project-list';

/**
 * The 'My videos' dropdown (spec 000 §2): open, rename or delete a saved project. Members only.
 * Rename and delete close it, so their dialogs stand alone rather than under the list. Only its
 * icon below `collapsed`'s breakpoint.
 */
export function MyVideosMenu({ collapsed }: { collapsed: boolean }) {
  const [opened, setOpened] = useState(false);
  const [query, setQuery] = useState('');
  const list = useProjectList(opened);
  const actions = useProjectActions();
  const projects = list.data ?? [];
  const shown = filterProjects(projects, query);

  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-start" width={400} shadow="md" withArrow>
      <Popover.Target>
        <MenuBarButton
          icon={<IconMovie size={18} />}
          label="My videos"
          menu
          collapsed={collapsed}
          withTooltip={!opened}
          onClick={() => setOpened((o) => !o)}
        />
      </Popover.Target>
      <Popover.Dropdown p="xs">
        {showProjectSearch(projects.length) && (
          <TextInput
            placeholder="Search your videos"
            leftSection={<IconSearch size={16} />}
            value={query}
            onChange={(e) => setQuery(e.currentTarget.value)}
            mb="xs"
            aria-label="Search your videos"
          />
        )}
        {list.isLoading ? (
          <Center py="lg">
            <Loader size="sm" />
          </Center>
        ) : list.isError ? (
          <Text size="sm" c="red" p="sm">
            Could not load your videos: {list.error.message}
          </Text>
        ) : shown.length === 0 ? (
          <Text size="sm" c="dimmed" p="sm" ta="center">
            {projects.length === 0
              ? 'No saved videos yet. Videos you make are saved here automatically.'
              : `No video matches “${query.trim()}”.`}
          </Text>
        ) : (
          <ScrollArea.Autosize mah={380} type="auto">
            <Stack gap={2}>
              {shown.map((project) => (
                <ProjectRow
                  key={project.id}
                  project={project}
                  onRename={() => {
                    setOpened(false);
                    void actions.rename(project);
                  }}
                  onDelete={() => {
                    setOpened(false);
                    actions.remove(project);
                  }}
                />
              ))}
            </Stack>
          </ScrollArea.Autosize>
        )}
      </Popover.Dropdown>
    </Popover>
  );
}

type ProjectRowProps = { project: ProjectListItem; onRename(): void; onDelete(): void };

function ProjectRow({ project, onRename, onDelete }: ProjectRowProps) {
  const label = projectLabel(project);
  return (
    <Group gap="xs" wrap="nowrap" className={classes.row} data-testid="project-row">
      {/* Opening is a full page navigation: the app starts again with this project (spec 000 §2). */}
      <UnstyledButton
        component="a"
        href={projectOpenUrl(project.id)}
        style={{ flex: 1, minWidth: 0, borderRadius: 'var(--mantine-radius-sm)' }}
        p={6}
        aria-label={`Open ${label}`}
      >
        <Group gap="sm" wrap="nowrap">
          <ProjectPoster project={project} label={label} />
          <Box style={{ minWidth: 0 }}>
            <Text size="sm" fw={500} truncate="end">
              {label}
            </Text>
            <Text size="xs" c="dimmed">
              Created {formatCreatedDate(project.created_at)}
            </Text>
          </Box>
        </Group>
      </UnstyledButton>
      <Tooltip label="Rename" withArrow>
        <ActionIcon variant="subtle" color="gray" onClick={onRename} aria-label={`Rename ${label}`}>
          <IconPencil size={16} />
        </ActionIcon>
      </Tooltip>
      <Tooltip label="Delete" withArrow>
        <ActionIcon variant="subtle" color="red" onClick={onDelete} aria-label={`Delete ${label}`}>
          <IconTrash size={16} />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}
