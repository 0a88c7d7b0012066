import { Alert, Badge, Button, Card, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconDeviceDesktop, IconHammer, IconPlus } from '@tabler/icons-react';
import { useProject } from '../project/project-store';
import { appendEmptyFrame } from './frames';

const DESKTOP_MESSAGE =
  'The full video editor app is designed for desktop. Please use a desktop computer to view this page.';

/**
 * The full editor's frame (spec 002 §1): the slide list of the open project and 'Add slide'.
 * The stage, timeline and item tools arrive with the builder issue; edits already go through
 * the project store, so saving, undo and redo work here.
 */
export function BuilderPage() {
  const narrow = useMediaQuery('(max-width: 1023px)');
  const frames = useProject((state) => state.data.video.frames);
  const updateProject = useProject((state) => state.updateProject);

  if (narrow) {
    return (
      <Alert icon={<IconDeviceDesktop />} color="blue" title="Full editor" maw={560} mx="auto" mt="xl">
        {DESKTOP_MESSAGE}
      </Alert>
    );
  }

  return (
    <Stack gap="lg" py="md">
      <Group justify="space-between">
        <div>
          <Title order={2}>Full editor</Title>
          <Text c="dimmed" size="sm">
            {frames.length === 0 ? 'No slides yet.' : `${frames.length} slide${frames.length === 1 ? '' : 's'}`}
          </Text>
        </div>
        <Button leftSection={<IconPlus size={16} />} onClick={() => updateProject(appendEmptyFrame)}>
          Add slide
        </Button>
      </Group>

      {frames.length === 0 ? (
        <Paper withBorder radius="md" p="xl" ta="center">
          <Text fw={500}>Start with a slide</Text>
          <Text c="dimmed" size="sm">
            Press Add slide to begin. Your video is saved automatically once you are logged in.
          </Text>
        </Paper>
      ) : (
        <SimpleGrid cols={{ base: 2, md: 4, xl: 6 }} spacing="md" data-testid="slide-list">
          {frames.map((frame, index) => (
            <Card key={frame.id} withBorder radius="md" padding="sm" data-testid="slide-card">
              <Card.Section h={90} bg="var(--mantine-color-gray-1)" />
              <Group justify="space-between" mt="sm" wrap="nowrap">
                <Text size="sm" fw={500}>
                  Slide {index + 1} of {frames.length}
                </Text>
                <Badge variant="light" color="gray" size="sm">
                  {frame.items.length} items
                </Badge>
              </Group>
            </Card>
          ))}
        </SimpleGrid>
      )}

      <Group gap="sm" wrap="nowrap" c="dimmed">
        <IconHammer size={16} />
        <Text size="sm">The stage, timeline and item tools of the full editor arrive in an upcoming release.</Text>
      </Group>
    </Stack>
  );
}
