import { Group, Text } from '@mantine/core';
import { movieDuration } from '@reelwright/core';
import { IconClock } from '@tabler/icons-react';
import { abilitiesOf, useUser } from '../../account/use-user';
import { formatClock } from '../../player/time-format';
import { useProject } from '../../project/project-store';

/** How long the published video will be: the video's length, cut to the member's limit (60 s on the free plan). */
export function publishedLength(seconds: number, maxSeconds: number | null): number {
  return maxSeconds === null ? seconds : Math.min(seconds, maxSeconds);
}

/** The video being published: its slides and length, as the render will make it. */
export function VideoFacts() {
  const maxSeconds = abilitiesOf(useUser().data).maxVideoSeconds;
  const frames = useProject((s) => s.data.video.frames);
  const full = movieDuration({ frames });
  const length = publishedLength(full, maxSeconds);
  return (
    <Group gap="xs" c="dimmed">
      <IconClock size={16} />
      <Text size="sm">
        {frames.length} slides ·{' '}
        <Text span fw={600} c="dark" data-testid="publish-video-length" data-seconds={length.toFixed(3)}>
          {formatClock(length)}
        </Text>
        {length < full && ` (the free plan publishes the first ${maxSeconds} seconds, with the watermark)`}
      </Text>
    </Group>
  );
}
