import { ActionIcon, Group, Slider, Text } from '@mantine/core';
import { IconPlayerPauseFilled, IconPlayerPlayFilled } from '@tabler/icons-react';
import { formatClock, formatReadout } from './time-format';
import type { Playback } from './use-playback';

/**
 * The control bar (spec 002 §2): play/pause, a range slider for the playhead and the readout of
 * the playhead and the duration as h:mm:ss.
 */
export function ControlBar({ playback, duration }: { playback: Playback; duration: number }) {
  const { ready, playing, time, toggle, scrub, endScrub } = playback;
  return (
    <Group gap="sm" wrap="nowrap" px="xs" py={6} data-testid="player-controls">
      <ActionIcon
        size="lg"
        radius="xl"
        variant="filled"
        disabled={!ready}
        onClick={toggle}
        aria-label={playing ? 'Pause' : 'Play'}
      >
        {playing ? <IconPlayerPauseFilled size={18} /> : <IconPlayerPlayFilled size={18} />}
      </ActionIcon>
      <Slider
        flex={1}
        min={0}
        max={Math.max(duration, 0.01)}
        step={0.01}
        value={Math.min(time, duration)}
        disabled={!ready || duration <= 0}
        onChange={scrub}
        onChangeEnd={endScrub}
        label={formatClock}
        thumbLabel="Playhead"
        aria-label="Playhead"
      />
      <Text size="sm" ff="monospace" c="dimmed" style={{ whiteSpace: 'nowrap' }} data-testid="player-readout">
        {formatReadout(time, duration)}
      </Text>
    </Group>
  );
}
