import { Box, Center, Loader, ScrollArea, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import type { ProjectListItem, ProjectSummary } from '@reelwright/core';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { ProjectPoster } from '../shell/ProjectPoster';
import { filterProjects, formatCreatedDate, projectLabel, showProjectSearch } from '../shell/project-list';
import { useProjectList } from '../shell/use-project-list';
import classes from './ProjectPicker.module.css';

/** The member's projects to optimize (spec 000 §2 '/optimizer'), the picked one highlighted. */
export function ProjectPicker(props: { selected: number | null; onSelect(project: ProjectSummary): void }) {
  const list = useProjectList(true);
  const [query, setQuery] = useState('');
  const projects = list.data ?? [];
  const shown = filterProjects(projects, query);

  if (list.isPending) {
    return (
      <Center py="xl">
        <Loader size="sm" />
      </Center>
    );
  }
  if (list.isError) {
    return (
      <Text size="sm" c="red" p="sm">
        Could not load your videos: {list.error.message}
      </Text>
    );
  }
  return (
    <Stack gap="xs">
      {showProjectSearch(projects.length) && (
        <TextInput
          placeholder="Search your videos"
          aria-label="Search your videos"
          leftSection={<IconSearch size={16} />}
          value={query}
          onChange={(event) => setQuery(event.currentTarget.value)}
        />
      )}
      {shown.length === 0 ? (
        <Text size="sm" c="dimmed" p="sm" ta="center">
          {projects.length === 0
            ? 'No saved videos yet. Make a video first, then optimize it here.'
            : `No video matches “${query.trim()}”.`}
        </Text>
      ) : (
        <ScrollArea.Autosize mah={520} type="auto">
          <Stack gap={4}>
            {shown.map((project) => (
              <ProjectChoice
                key={project.id}
                project={project}
                label={projectLabel(project)}
                created={formatCreatedDate(project.created_at)}
                selected={project.id === props.selected}
                onSelect={() => props.onSelect(project)}
              />
            ))}
          </Stack>
        </ScrollArea.Autosize>
      )}
    </Stack>
  );
}

type ProjectChoiceProps = {
  /** Its poster frame comes from the list (D69), shown as My videos shows it. */
  project: ProjectListItem;
  label: string;
  created: string;
  selected: boolean;
  onSelect(): void;
};

function ProjectChoice(props: ProjectChoiceProps) {
  return (
    <UnstyledButton
      className={classes.choice}
      data-selected={props.selected || undefined}
      aria-pressed={props.selected}
      onClick={props.onSelect}
      data-testid="optimizer-project"
    >
      <Box className={classes.row}>
        <ProjectPoster project={props.project} label={props.label} />
        <Box style={{ minWidth: 0 }}>
          <Text size="sm" fw={500} truncate="end">
            {props.label}
          </Text>
          {props.created && (
            <Text size="xs" c="dimmed">
              Created {props.created}
            </Text>
          )}
        </Box>
      </Box>
    </UnstyledButton>
  );
}
