import { Badge, Button, Group, Modal, NumberInput, RangeSlider, Stack, Text } from '@mantine/core';
import { IconDeviceFloppy, IconPlayerPlay, IconPlayerStop } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { formatClock, initialTrim, needsSeek, type TrimRange, trimRange } from './trim-rules';

/** The clip being trimmed: its file, its trim so far, and its length when known (seconds). */
export type TrimClip = {
  id: string;
  url: string;
  thumbnail?: string;
  startTime?: number;
  stopTime?: number;
  duration?: number;
};

type Props = {
  clip: TrimClip | null;
  /** Saves the range kept, with the clip's length as this browser measured it (0 when unknown). */
  onSave(range: TrimRange, duration: number): void;
  onClose(): void;
};

export const TRIM_VIDEO_TITLE = 'Trim video';

/**
 * The 'Trim video' popup (spec 001 §2, §4; 002 §2): the clip with a two-handle range over its
 * length, start and stop fields, the selected duration, and Save, which hands the range to its
 * owner (the wizard's line, the builder's command). Typing a stop before the start follows the
 * spec's rule: stop = start + 5. The wizard and the builder share it.
 */
export function TrimVideoDialog({ clip, onSave, onClose }: Props) {
  return (
    <Modal opened={clip !== null} onClose={onClose} title={TRIM_VIDEO_TITLE} size="lg" centered>
      {clip && <TrimVideoBody key={clip.id} clip={clip} onSave={onSave} onClose={onClose} />}
    </Modal>
  );
}

function TrimVideoBody({ clip: media, onSave, onClose }: Props & { clip: TrimClip }) {
  const video = useRef<HTMLVideoElement>(null);
  const [duration, setDuration] = useState(media.duration ?? 0);
  const [range, setRange] = useState<TrimRange>(() => initialTrim(media));
  const [playing, setPlaying] = useState(false);
  const max = duration > 0 ? duration : Math.max(range.stop, 10);
  const length = Math.max(0, range.stop - range.start);

  const apply = (start: number, stop: number) => {
    const next = trimRange(start, stop, duration || undefined);
    setRange(next);
    const element = video.current;
    if (element && !playing && needsSeek(element.currentTime, next.start)) element.currentTime = next.start;
  };

  // Plays the selection once, stopping at its end.
  useEffect(() => {
    const element = video.current;
    if (!element) return;
    const onTime = () => {
      if (element.currentTime >= range.stop) {
        element.pause();
        setPlaying(false);
      }
    };
    element.addEventListener('timeupdate', onTime);
    return () => element.removeEventListener('timeupdate', onTime);
  }, [range.stop]);

  const togglePlay = () => {
    const element = video.current;
    if (!element) return;
    if (playing) {
      element.pause();
      setPlaying(false);
      return;
    }
    element.currentTime = range.start;
    void element.play().then(
      () => setPlaying(true),
      () => setPlaying(false),
    );
  };

  const save = () => {
    onSave(range, duration);
    onClose();
  };

  return (
    <Stack gap="sm" data-testid="trim-video-dialog">
      <video
        ref={video}
        src={media.url}
        poster={media.thumbnail}
        muted
        playsInline
        preload="metadata"
        style={{ width: '100%', maxHeight: 320, background: '#000', borderRadius: 6 }}
        onLoadedMetadata={(e) => {
          const d = e.currentTarget.duration;
          if (Number.isFinite(d) && d > 0) {
            setDuration(d);
            setRange((r) => trimRange(r.start, r.stop, d));
            e.currentTarget.currentTime = range.start;
          }
        }}
        onPause={() => setPlaying(false)}
      />
      <RangeSlider
        min={0}
        max={max}
        step={0.1}
        minRange={0.1}
        value={[range.start, range.stop]}
        onChange={([start, stop]) => apply(start, stop)}
        label={formatClock}
        aria-label="Selected part of the clip"
        thumbFromLabel="Start"
        thumbToLabel="Stop"
        data-testid="trim-range"
      />
      <Group justify="space-between" align="flex-end">
        <Group gap="xs" align="flex-end">
          <NumberInput
            size="xs"
            w={90}
            label="Start (s)"
            min={0}
            max={max}
            step={0.1}
            decimalScale={2}
            value={range.start}
            onChange={(v) => typeof v === 'number' && apply(v, range.stop)}
            data-testid="trim-start"
          />
          <NumberInput
            size="xs"
            w={90}
            label="Stop (s)"
            min={0}
            max={max}
            step={0.1}
            decimalScale={2}
            value={range.stop}
            onChange={(v) => typeof v === 'number' && setRange((r) => ({ ...r, stop: v }))}
            onBlur={() => apply(range.start, range.stop)}
            data-testid="trim-stop"
          />
          <Button
            size="xs"
            variant="default"
            onClick={togglePlay}
            leftSection={playing ? <IconPlayerStop size={14} /> : <IconPlayerPlay size={14} />}
          >
            {playing ? 'Stop' : 'Play selection'}
          </Button>
        </Group>
        <Badge variant="light" size="lg" data-testid="trim-duration">
          Duration: {length.toFixed(1)} s
        </Badge>
      </Group>
      {duration > 0 && (
        <Text size="xs" c="dimmed">
          The clip is {formatClock(duration)} long.
        </Text>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          Cancel
        </Button>
        <Button leftSection={<IconDeviceFloppy size={16} />} onClick={save} data-testid="trim-save">
          Save
        </Button>
      </Group>
    </Stack>
  );
}
