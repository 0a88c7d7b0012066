import { Center, Grid, Group, Loader, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { ProjectSummary } from '@reelwright/core';
import { IconPointer, IconTrendingUp } from '@tabler/icons-react';
import { useState } from 'react';
import { useUser } from '../account/use-user';
import { PaidFeatureTeaser } from '../pricing/PaidFeatureTeaser';
import { projectLabel } from '../shell/project-list';
import { queueRender } from './download-mp4';
import { OptimizerPanel } from './OptimizerPanel';
import { ProjectPicker } from './ProjectPicker';

/**
 * `/optimizer` (spec 000 §2, §3): paid members pick one of their videos and optimize it; members
 * without the optimizer ability (visitors, free plan) see the teaser.
 */
export function OptimizerPage() {
  const { data: user, isPending } = useUser();
  if (isPending) {
    return (
      <Center h={240}>
        <Loader />
      </Center>
    );
  }
  if (!user?.abilities.optimizer) return <PaidFeatureTeaser />;
  return <PaidOptimizer email={user.email} />;
}

function PaidOptimizer({ email }: { email: string }) {
  const [project, setProject] = useState<ProjectSummary | null>(null);
  return (
    <Stack maw={1120} mx="auto" mt="lg" px="md" pb="xl" data-testid="optimizer-page">
      <Group gap="md" wrap="nowrap">
        <ThemeIcon size={44} radius="md" variant="light">
          <IconTrendingUp size={26} />
        </ThemeIcon>
        <div>
          <Title order={2}>SEO video optimizer</Title>
          <Text c="dimmed" size="sm">
            Pick a video and give the keyword it should rank for: you get a title, a description with chapters and tags
            to copy into the video site.
          </Text>
        </div>
      </Group>
      <Grid gutter="lg">
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Paper withBorder radius="md" p="sm">
            <Text fw={600} size="sm" mb="xs" px={6}>
              Your videos
            </Text>
            <ProjectPicker selected={project?.id ?? null} onSelect={setProject} />
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Paper withBorder radius="md" p="lg" data-testid="optimizer-panel">
            {project ? (
              <Stack gap="md">
                <Text fw={600} size="lg" truncate="end">
                  {projectLabel(project)}
                </Text>
                <OptimizerPanel
                  key={project.id}
                  pid={project.id}
                  onPublish={() => void queueRender(project.id, email)}
                />
              </Stack>
            ) : (
              <Center mih={200}>
                <Stack align="center" gap="xs">
                  <IconPointer size={28} color="var(--mantine-color-gray-5)" />
                  <Text c="dimmed">Pick one of your videos to optimize it.</Text>
                </Stack>
              </Center>
            )}
          </Paper>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
