import { ActionIcon, Group, Slider, Stack, Text, Tooltip } from '@mantine/core';
import {
  IconAlertTriangle,
  IconPlayerPauseFilled,
  IconPlayerPlayFilled,
  IconVolume,
  IconVolumeOff,
} from '@tabler/icons-react';
import { useState } from 'react';
import { CANNOT_PLAY, canSeek, failureMessage, formatReadout, playedFraction, seekTime } from './audio-player-rules';
import { useAudioElement } from './use-audio-element';

type Props = {
  url: string;
  /** Names the audio for screen readers: 'Play {label}', 'Seek {label}'. */
  label: string;
  /** compact: one round play/pause button; full: play/pause, seek slider, time readout and mute. */
  variant?: 'compact' | 'full';
  /** 'none' for long lists (search results): nothing loads until play. */
  preload?: 'metadata' | 'none';
  testId?: string;
};

/**
 * The audio player (spec 002 §4): a real `<audio preload="metadata">` with our controls. Only one
 * player (or voice demo) sounds at a time in the page; a load failure shows an error icon and
 * disables play. A new `url` starts a fresh player.
 */
export function AudioPlayer({ url, ...rest }: Props) {
  return <Player key={url} url={url} {...rest} />;
}

type Audio = ReturnType<typeof useAudioElement>;

function Player({ url, label, variant = 'compact', preload = 'metadata', testId = 'audio-player' }: Props) {
  const audio = useAudioElement(url, { smooth: variant === 'full' });
  const element = <audio ref={audio.ref} preload={preload} src={url} {...audio.audioProps} />;
  if (variant === 'compact') {
    return (
      <Group gap={0} wrap="nowrap" style={{ flexShrink: 0 }} data-testid={testId} data-status={audio.status}>
        {element}
        <PlayButton audio={audio} label={label} size="sm" />
      </Group>
    );
  }
  return (
    <Group gap={8} wrap="nowrap" align="center" data-testid={testId} data-status={audio.status}>
      {element}
      <PlayButton audio={audio} label={label} size="lg" />
      <SeekAndReadout audio={audio} label={label} />
      <ActionIcon
        variant="subtle"
        color="gray"
        size="md"
        disabled={audio.status === 'failed'}
        aria-label={audio.muted ? `Unmute ${label}` : `Mute ${label}`}
        aria-pressed={audio.muted}
        onClick={audio.toggleMute}
      >
        {audio.muted ? <IconVolumeOff size={16} /> : <IconVolume size={16} />}
      </ActionIcon>
    </Group>
  );
}

/** Round play/pause; after a load failure, a red warning that explains itself on hover. */
function PlayButton({ audio, label, size }: { audio: Audio; label: string; size: 'sm' | 'lg' }) {
  const icon = size === 'sm' ? 12 : 18;
  if (audio.status === 'failed') {
    return (
      <Tooltip label={failureMessage(audio.reason)} multiline maw={240} withArrow>
        {/* aria-disabled, not disabled: a disabled button gets no hover (no tooltip) and turns gray. */}
        <ActionIcon
          variant="light"
          color="red"
          radius="xl"
          size={size}
          aria-disabled
          aria-label={`Play ${label}`}
          style={{ cursor: 'default' }}
        >
          <IconAlertTriangle size={icon} />
        </ActionIcon>
      </Tooltip>
    );
  }
  return (
    <ActionIcon
      variant={size === 'sm' ? 'light' : 'filled'}
      radius="xl"
      size={size}
      aria-label={audio.playing ? `Pause ${label}` : `Play ${label}`}
      onClick={audio.toggle}
    >
      {audio.playing ? <IconPlayerPauseFilled size={icon} /> : <IconPlayerPlayFilled size={icon} />}
    </ActionIcon>
  );
}

/**
 * The seek slider (the playhead as 0–1 of the audio) over the `m:ss / m:ss` readout. A drag
 * shows its time in the readout and seeks on release; arrow keys step 1 %, Home and End jump.
 */
function SeekAndReadout({ audio, label }: { audio: Audio; label: string }) {
  const [dragged, setDragged] = useState<number | null>(null);
  const time = dragged === null ? audio.time : seekTime(dragged, audio.duration);
  return (
    <Stack gap={2} flex={1} miw={0}>
      <Slider
        size="sm"
        min={0}
        max={1}
        step={0.01}
        value={dragged ?? playedFraction(audio.time, audio.duration)}
        disabled={!canSeek(audio.status, audio.duration)}
        onChange={setDragged}
        onChangeEnd={(fraction) => {
          audio.seek(fraction);
          setDragged(null);
        }}
        label={null}
        thumbLabel={`Seek ${label}`}
      />
      {audio.status === 'failed' ? (
        <Text size="xs" c="red" truncate="end">
          {CANNOT_PLAY}
        </Text>
      ) : (
        <Text size="xs" c="dimmed" ff="monospace" style={{ whiteSpace: 'nowrap' }}>
          {formatReadout(time, audio.duration)}
        </Text>
      )}
    </Stack>
  );
}
