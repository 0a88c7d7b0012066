import { ActionIcon, Badge, Button, Group, Loader, Paper, Slider, Stack, Text, Title } from '@mantine/core';
import {
  IconChevronLeft,
  IconChevronRight,
  IconMusicOff,
  IconPlayerPauseFilled,
  IconPlayerPlayFilled,
  IconVolume,
} from '@tabler/icons-react';
import { useState } from 'react';
import { formatClock } from '../../player/time-format';
import { updateWizard, useWizard } from '../use-wizard';
import { chooseTrack, cycleTrack, DEFAULT_MUSIC_VOLUME, readMusic, type WizardMusic, withVolume } from './music';
import { useMusicTracks } from './music-api';
import { useMusicPreview } from './use-music-preview';

/** Writes `wizard.music`; null removes it (no music). */
function setMusic(music: WizardMusic | null) {
  updateWizard((wizard) => {
    if (music) wizard.music = music;
    else delete wizard.music;
  });
}

/**
 * Background music (spec 001 §2 customize): ◀ ▶ cycle the stock tracks with wrap-around, the
 * track's name and mood, a play/pause preview, the volume (0–1) and 'No music'.
 */
export function MusicPicker() {
  const { data, isPending } = useMusicTracks();
  const tracks = data?.tracks ?? [];
  const preparing = data?.preparing ?? null;
  const music = readMusic(useWizard().music);
  const track = music ? tracks.find((t) => t.id === music.id) : undefined;
  // While the slider is dragged only the preview follows; the wizard is written on release.
  const [dragVolume, setDragVolume] = useState<number | null>(null);
  const volume = dragVolume ?? music?.volume ?? DEFAULT_MUSIC_VOLUME;
  const { playing, toggle: togglePreview } = useMusicPreview(music?.url, volume);

  const cycle = (step: 1 | -1) => {
    const next = cycleTrack(tracks, music?.id ?? null, step);
    if (next) setMusic(chooseTrack(next, music));
  };

  return (
    <Stack gap="sm" data-testid="customize-music">
      <Title order={4}>Background music</Title>
      <Paper withBorder radius="md" p="sm">
        <Group wrap="nowrap" gap="sm">
          <ActionIcon
            variant="default"
            aria-label="Previous track"
            onClick={() => cycle(-1)}
            disabled={tracks.length === 0}
            data-testid="music-prev"
          >
            <IconChevronLeft size={16} />
          </ActionIcon>
          <Stack gap={2} style={{ flex: 1, minWidth: 0 }} data-testid="music-track">
            {isPending ? (
              <Loader size="xs" />
            ) : music ? (
              <>
                <Text fw={600} truncate data-testid="music-track-name">
                  {track?.name ?? 'Chosen track'}
                </Text>
                <Group gap="xs">
                  {track?.mood && (
                    <Badge variant="light" size="sm" tt="none" data-testid="music-track-mood">
                      {track.mood}
                    </Badge>
                  )}
                  {track && track.duration > 0 && (
                    <Text size="xs" c="dimmed">
                      {formatClock(track.duration)}
                    </Text>
                  )}
                </Group>
              </>
            ) : (
              <Text c="dimmed" data-testid="music-track-name">
                No music
              </Text>
            )}
          </Stack>
          <ActionIcon
            variant="light"
            size="lg"
            radius="xl"
            aria-label={playing ? 'Pause the music preview' : 'Play the music preview'}
            onClick={togglePreview}
            disabled={!music}
            data-testid="music-play"
            data-playing={playing}
          >
            {playing ? <IconPlayerPauseFilled size={16} /> : <IconPlayerPlayFilled size={16} />}
          </ActionIcon>
          <ActionIcon
            variant="default"
            aria-label="Next track"
            onClick={() => cycle(1)}
            disabled={tracks.length === 0}
            data-testid="music-next"
          >
            <IconChevronRight size={16} />
          </ActionIcon>
        </Group>
      </Paper>
      {preparing && (
        <Group gap="xs" wrap="nowrap" data-testid="music-preparing">
          <Loader size="xs" />
          <Text size="sm" c="dimmed">
            Preparing the stock music: {preparing.done} of {preparing.total} tracks ready.
          </Text>
        </Group>
      )}
      {!isPending && !preparing && tracks.length === 0 && (
        <Text size="sm" c="dimmed" data-testid="music-unavailable">
          Stock music is not available right now. Your video will have no background music.
        </Text>
      )}
      <Group gap="sm" wrap="nowrap">
        <IconVolume size={18} aria-hidden />
        <Slider
          style={{ flex: 1 }}
          min={0}
          max={1}
          step={0.05}
          value={volume}
          onChange={setDragVolume}
          onChangeEnd={(end) => {
            setDragVolume(null);
            if (music) setMusic(withVolume(music, end));
          }}
          label={(value) => `${Math.round(value * 100)}%`}
          disabled={!music}
          aria-label="Music volume"
          data-testid="music-volume"
        />
        <Button
          variant={music ? 'default' : 'light'}
          size="xs"
          leftSection={<IconMusicOff size={14} />}
          onClick={() => setMusic(null)}
          disabled={!music}
          data-testid="music-none"
        >
          No music
        </Button>
      </Group>
    </Stack>
  );
}
