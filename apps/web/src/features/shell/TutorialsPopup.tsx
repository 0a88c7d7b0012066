import { Anchor, Badge, Card, Group, Image, Modal, SimpleGrid, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconBriefcase, IconRocket, IconSparkles, IconTool } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { TUTORIAL_GROUPS, type TutorialGroup, tutorialsIn, useTutorialsPopup, type VideoTutorial } from './tutorials';

const GROUP_ICONS: Record<TutorialGroup, ReactNode> = {
  Intro: <IconRocket size={18} />,
  Business: <IconBriefcase size={18} />,
  Advanced: <IconTool size={18} />,
  Other: <IconSparkles size={18} />,
};

/** The 'Video tutorials' popup: the playlist grouped as Intro, Business, Advanced, Other. */
export function TutorialsPopup() {
  const { opened, close } = useTutorialsPopup();
  return (
    <Modal opened={opened} onClose={close} title="Video tutorials" size="xl" styles={{ title: { fontWeight: 600 } }}>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          {TUTORIAL_GROUPS.map((group) => (
            <GroupCard key={group.name} name={group.name} about={group.about} videos={tutorialsIn(group.name)} />
          ))}
        </SimpleGrid>
        <Text size="sm" c="dimmed">
          Looking for an answer right now? The <Anchor href="/docs/faq/">FAQ</Anchor> and the{' '}
          <Anchor href="/docs/">guides</Anchor> cover the common questions.
        </Text>
      </Stack>
    </Modal>
  );
}

function GroupCard({ name, about, videos }: { name: TutorialGroup; about: string; videos: VideoTutorial[] }) {
  return (
    <Card withBorder radius="md" padding="md" data-testid="tutorial-group">
      <Group gap="sm" mb="xs" wrap="nowrap">
        <ThemeIcon variant="light" radius="md">
          {GROUP_ICONS[name]}
        </ThemeIcon>
        <Text fw={600}>{name}</Text>
        {videos.length === 0 && (
          <Badge variant="light" color="gray" ml="auto">
            Coming soon
          </Badge>
        )}
      </Group>
      <Text size="sm" c="dimmed">
        {about}
      </Text>
      {videos.length === 0 ? (
        <Text size="sm" mt="sm">
          No videos in this group yet. We are recording them now.
        </Text>
      ) : (
        <Stack gap="xs" mt="sm">
          {videos.map((video) => (
            <Anchor key={video.url} href={video.url} target="_blank" rel="noopener noreferrer" size="sm">
              <Group gap="xs" wrap="nowrap">
                {video.thumbnail_url && <Image src={video.thumbnail_url} w={64} h={36} radius="sm" alt="" />}
                {video.title}
              </Group>
            </Anchor>
          ))}
        </Stack>
      )}
    </Card>
  );
}
