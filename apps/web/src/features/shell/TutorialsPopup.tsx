import {
  Anchor,
  AspectRatio,
  Badge,
  Box,
  Button,
  Card,
  Group,
  Image,
  Loader,
  Modal,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  UnstyledButton,
} from '@mantine/core';
import { type Tutorial, type TutorialGroup, videoSiteOf } from '@reelwright/core';
import {
  IconArrowLeft,
  IconBriefcase,
  IconPlayerPlayFilled,
  IconRocket,
  IconSparkles,
  IconTool,
} from '@tabler/icons-react';
import { type ReactNode, useEffect, useState } from 'react';
import { ScrollSlider } from '../widgets/scroll-slider/ScrollSlider';
import { VideoSitePlayer } from '../widgets/video-site/VideoSiteEmbed';
import { nextVideo, startingVideo, TUTORIAL_GROUPS, tutorialsIn, useTutorials, useTutorialsPopup } from './tutorials';

/** A video card's width: wide enough to read its title, narrow enough that a row of two shows there is more. */
const VIDEO_CARD_WIDTH = 200;

const GROUP_ICONS: Record<TutorialGroup, ReactNode> = {
  Intro: <IconRocket size={18} />,
  Business: <IconBriefcase size={18} />,
  Advanced: <IconTool size={18} />,
  Other: <IconSparkles size={18} />,
};

/**
 * The 'Video tutorials' popup (spec 002 §2 video playlist): the groups Intro, Business, Advanced,
 * Other, each with a row of video cards that scrolls sideways; a card plays its video with the
 * playlist beside it (a column that scrolls), moving on when a video ends; 'See all videos' goes
 * back to the groups.
 */
export function TutorialsPopup() {
  const { opened, start, close } = useTutorialsPopup();
  const { data: videos = [], isLoading } = useTutorials();
  const [playing, setPlaying] = useState<Tutorial | null>(null);
  useEffect(() => {
    if (opened) setPlaying(startingVideo(videos, start));
  }, [opened, start, videos]);

  return (
    <Modal opened={opened} onClose={close} title="Video tutorials" size="xl" styles={{ title: { fontWeight: 600 } }}>
      {isLoading ? (
        <Group justify="center" p="xl">
          <Loader size="sm" />
        </Group>
      ) : playing ? (
        <Player videos={videos} video={playing} onPlay={setPlaying} onAll={() => setPlaying(null)} />
      ) : (
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            {TUTORIAL_GROUPS.map((group) => (
              <GroupCard
                key={group.name}
                name={group.name}
                about={group.about}
                videos={tutorialsIn(group.name, videos)}
                onPlay={setPlaying}
              />
            ))}
          </SimpleGrid>
          <Text size="sm" c="dimmed">
            Looking for an answer right now? The <Anchor href="/docs/faq/">FAQ</Anchor> and the{' '}
            <Anchor href="/docs/">guides</Anchor> cover the common questions.
          </Text>
        </Stack>
      )}
    </Modal>
  );
}

function GroupCard(props: { name: TutorialGroup; about: string; videos: Tutorial[]; onPlay(video: Tutorial): void }) {
  const { name, about, videos, onPlay } = props;
  return (
    <Card withBorder radius="md" padding="md" data-testid="tutorial-group">
      <Group gap="sm" mb="xs" wrap="nowrap">
        <ThemeIcon variant="light" radius="md">
          {GROUP_ICONS[name]}
        </ThemeIcon>
        <Text fw={600}>{name}</Text>
        <Badge variant="light" color={videos.length ? 'blue' : 'gray'} ml="auto">
          {videos.length ? `${videos.length} video${videos.length === 1 ? '' : 's'}` : 'Coming soon'}
        </Badge>
      </Group>
      <Text size="sm" c="dimmed">
        {about}
      </Text>
      {videos.length === 0 ? (
        <Text size="sm" mt="sm">
          No videos in this group yet. We are recording them now.
        </Text>
      ) : (
        <Box mt="sm">
          <ScrollSlider orientation="horizontal" label={`${name} videos`} gap={10}>
            {videos.map((video) => (
              <VideoCard key={video.id} video={video} onPlay={() => onPlay(video)} />
            ))}
          </ScrollSlider>
        </Box>
      )}
    </Card>
  );
}

function VideoCard({ video, onPlay }: { video: Tutorial; onPlay(): void }) {
  return (
    <UnstyledButton
      onClick={onPlay}
      aria-label={`Play ${video.title}`}
      w={VIDEO_CARD_WIDTH}
      data-testid="tutorial-video"
    >
      <Stack gap={4}>
        <AspectRatio ratio={16 / 9}>
          {video.thumbnail_url ? (
            <Image src={video.thumbnail_url} radius="sm" alt="" />
          ) : (
            <Group justify="center" bg="dark.6" style={{ borderRadius: 4 }}>
              <IconPlayerPlayFilled size={20} color="white" />
            </Group>
          )}
        </AspectRatio>
        <Text size="xs" lineClamp={2}>
          {video.title}
        </Text>
      </Stack>
    </UnstyledButton>
  );
}

/** The player with the playlist beside it; a video that ends hands over to the next. */
function Player(props: { videos: Tutorial[]; video: Tutorial; onPlay(video: Tutorial): void; onAll(): void }) {
  const { videos, video, onPlay, onAll } = props;
  return (
    <Stack gap="sm" data-testid="tutorial-player">
      <Group justify="space-between">
        <Text fw={600}>{video.title}</Text>
        <Button size="xs" variant="subtle" leftSection={<IconArrowLeft size={14} />} onClick={onAll}>
          See all videos
        </Button>
      </Group>
      <Group align="flex-start" wrap="nowrap" gap="md">
        <TutorialVideo
          video={video}
          onEnded={() => {
            const next = nextVideo(videos, video);
            if (next) onPlay(next);
          }}
        />
        <ScrollSlider
          orientation="vertical"
          label="Playlist"
          gap={4}
          style={{ width: 220, maxHeight: 320, flexShrink: 0 }}
        >
          {videos.map((entry) => (
            <UnstyledButton
              key={entry.id}
              onClick={() => onPlay(entry)}
              aria-current={entry.id === video.id}
              p={6}
              bg={entry.id === video.id ? 'blue.0' : undefined}
              style={{ borderRadius: 4 }}
              data-testid="tutorial-playlist-entry"
            >
              <Text size="xs" c="dimmed">
                {entry.group}
              </Text>
              <Text size="sm" fw={entry.id === video.id ? 600 : 400} lineClamp={2}>
                {entry.title}
              </Text>
            </UnstyledButton>
          ))}
        </ScrollSlider>
      </Group>
    </Stack>
  );
}

const PLAYER_STYLE = { flex: 1, minWidth: 0, aspectRatio: '16 / 9', background: '#000', borderRadius: 6 };

/** A tutorial's video: an MP4 in the page's player, a video-site address in the site's (D55). */
function TutorialVideo({ video, onEnded }: { video: Tutorial; onEnded(): void }) {
  const clip = videoSiteOf(video.url);
  if (clip)
    return <VideoSitePlayer key={video.id} clip={clip} title={video.title} onEnded={onEnded} style={PLAYER_STYLE} />;
  return (
    <video
      key={video.id}
      src={video.url}
      poster={video.thumbnail_url ?? undefined}
      controls
      autoPlay
      muted
      playsInline
      onEnded={onEnded}
      style={PLAYER_STYLE}
      data-testid="tutorial-video-player"
    />
  );
}
