import { ActionIcon, Badge, Button, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { RANGES } from '@reelwright/core';
import {
  IconChevronLeft,
  IconChevronRight,
  IconMusic,
  IconMusicOff,
  IconPlayerPauseFilled,
  IconPlayerPlayFilled,
} from '@tabler/icons-react';
import { setAudioLevels, setMusic } from '../../../builder/commands/movie-commands';
import { formatClock } from '../../player/time-format';
import { cycleTrack, type MusicTrack } from '../../wizard/customize/music';
import { useMusicTracks } from '../../wizard/customize/music-api';
import { useMusicPreview } from '../../wizard/customize/use-music-preview';
import { percent, SettingSlider } from '../controls/SettingSlider';
import { builderEditor, useEditor } from '../editor-store';
import { defaultTrack } from './settings-rules';

/**
 * 'Background music' (spec 002 §2, §9): the stock tracks, cycled by previous and next with
 * wrap-around (the wizard's `cycleTrack`), a preview, none, and the music and voice levels
 * (0–1, defaults 0.25 and 1), each drag one undo step.
 */
export function MusicSection() {
  const { data, isPending } = useMusicTracks();
  const tracks = data?.tracks ?? [];
  const preparing = data?.preparing ?? null;
  const audio = useEditor((s) => s.data.video.audio);
  const track = audio.url ? tracks.find((t) => t.url === audio.url) : undefined;
  const preview = useMusicPreview(audio.url, audio.musicVolume);

  const choose = (next: MusicTrack | undefined) => {
    if (next) builderEditor.run(setMusic, { url: next.url });
  };
  const cycle = (step: 1 | -1) => choose(cycleTrack(tracks, track?.id ?? null, step));

  return (
    <Stack gap="sm" data-testid="movie-music">
      <Paper withBorder radius="md" p={6}>
        <Group wrap="nowrap" gap={4}>
          <ActionIcon
            variant="subtle"
            color="gray"
            aria-label="Previous track"
            onClick={() => cycle(-1)}
            disabled={tracks.length === 0}
            data-testid="movie-music-prev"
          >
            <IconChevronLeft size={16} />
          </ActionIcon>
          <Text
            size="sm"
            fw={audio.url ? 600 : 400}
            c={audio.url ? undefined : 'dimmed'}
            ta="center"
            truncate
            style={{ flex: 1, minWidth: 0 }}
            data-testid="movie-music-name"
          >
            {isPending ? 'Loading the tracks…' : audio.url ? (track?.name ?? 'Chosen track') : 'No music'}
          </Text>
          <ActionIcon
            variant="subtle"
            color="gray"
            aria-label="Next track"
            onClick={() => cycle(1)}
            disabled={tracks.length === 0}
            data-testid="movie-music-next"
          >
            <IconChevronRight size={16} />
          </ActionIcon>
        </Group>
        {audio.url && (
          <Group wrap="nowrap" gap={6} mt={4} px={4}>
            <ActionIcon
              variant="light"
              radius="xl"
              size="sm"
              aria-label={preview.playing ? 'Pause the music preview' : 'Play the music preview'}
              onClick={preview.toggle}
              data-testid="movie-music-play"
            >
              {preview.playing ? <IconPlayerPauseFilled size={12} /> : <IconPlayerPlayFilled size={12} />}
            </ActionIcon>
            {track?.mood && (
              <Badge variant="light" size="xs" tt="none">
                {track.mood}
              </Badge>
            )}
            {track && track.duration > 0 && (
              <Text size="xs" c="dimmed">
                {formatClock(track.duration)}
              </Text>
            )}
            {track && (
              <Text size="xs" c="dimmed" ml="auto">
                {tracks.indexOf(track) + 1} of {tracks.length}
              </Text>
            )}
          </Group>
        )}
      </Paper>
      {preparing && (
        <Group gap="xs" wrap="nowrap">
          <Loader size="xs" />
          <Text size="xs" c="dimmed">
            Preparing the stock music: {preparing.done} of {preparing.total} tracks ready.
          </Text>
        </Group>
      )}
      {!isPending && !preparing && tracks.length === 0 && (
        <Text size="xs" c="dimmed">
          Stock music is not available right now.
        </Text>
      )}
      {audio.url ? (
        <Button
          variant="default"
          size="xs"
          leftSection={<IconMusicOff size={14} />}
          onClick={() => builderEditor.run(setMusic, { url: null })}
          data-testid="movie-music-none"
        >
          No music
        </Button>
      ) : (
        <Button
          variant="light"
          size="xs"
          leftSection={<IconMusic size={14} />}
          onClick={() => choose(defaultTrack(tracks))}
          disabled={tracks.length === 0}
          data-testid="movie-music-add"
        >
          Add music
        </Button>
      )}
      <SettingSlider
        label="Music volume"
        description="How loud the music plays under the voice."
        value={audio.musicVolume}
        min={RANGES.volume.min}
        max={RANGES.volume.max}
        step={0.05}
        format={percent}
        gesture="setAudioLevels"
        apply={(musicVolume) => builderEditor.run(setAudioLevels, { musicVolume })}
        disabled={!audio.url}
        testId="movie-music-volume"
      />
      <SettingSlider
        label="Voice volume"
        description="Narration and recordings on every slide."
        value={audio.voiceVolume}
        min={RANGES.volume.min}
        max={RANGES.volume.max}
        step={0.05}
        format={percent}
        gesture="setAudioLevels"
        apply={(voiceVolume) => builderEditor.run(setAudioLevels, { voiceVolume })}
        testId="movie-voice-volume"
      />
    </Stack>
  );
}
