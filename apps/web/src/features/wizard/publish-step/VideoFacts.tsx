import { Group, Text } from '@mantine/core';
import { FREE_VIDEO_MAX_SECONDS, movieDuration } from '@reelwright/core';
import { IconClock } from '@tabler/icons-react';
import { isFreePlan, useUser } from '../../account/use-user';
import { formatClock } from '../../player/time-format';
import { useProject } from '../../project/project-store';

/** How long the published video will be: the video's length, cut to 60 s on the free plan. */
export function publishedLength(seconds: number, isFree: boolean): number {
  return isFree ? Math.min(seconds, FREE_VIDEO_MAX_SECONDS) : seconds;
}

/** The video being published: its slides and length, as the render will make it. */
export function VideoFacts() {
  const isFree = isFreePlan(useUser().data);
  const frames = useProject((s) => s.data.video.frames);
  const full = movieDuration({ frames });
  const length = publishedLength(full, isFree);
  return (
    <Group gap="xs" c="dimmed">
      <IconClock size={16} />
      <Text size="sm">
        {frames.length} slides ·{' '}
        <Text span fw={600} c="dark" data-testid="publish-video-length" data-seconds={length.toFixed(3)}>
          {formatClock(length)}
        </Text>
        {length < full && ` (the free plan publishes the first ${FREE_VIDEO_MAX_SECONDS} seconds, with the watermark)`}
      </Text>
    </Group>
  );
}
