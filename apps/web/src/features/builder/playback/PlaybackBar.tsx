import { ActionIcon, Badge, Button, Group, Menu, Slider, Text, Tooltip } from '@mantine/core';
import { IconChevronUp, IconPlayerPauseFilled, IconPlayerPlayFilled } from '@tabler/icons-react';
import { useState } from 'react';
import { PLAY_SCOPE_LABELS, type PlayScope } from '../../../builder/playback';
import { readoutOf } from '../../../builder/playback-readout';
import { formatClock, formatReadout } from '../../player/time-format';
import { builderEditor, useLiveEditor } from '../editor-store';
import type { StageView } from '../stage/use-stage-view';

const SCOPES: readonly PlayScope[] = ['slide', 'video'];

/** What each scope button says it does, on hover. */
const SCOPE_HINTS: Record<PlayScope, string> = {
  slide: 'Play this slide only',
  video: 'Play the whole video, slide after slide',
};

/**
 * The builder's control bar (spec 002 §2): play/pause, the Play menu ('Play from start', 'Play
 * from cursor'), the choice of what Play plays (this slide or the whole video, D90), a range
 * slider for the playhead and the readout of the playhead and the slide's duration as h:mm:ss
 * (while the whole video plays, the time in the whole video and its length, D97). Playback is the editor's, so Space, J/K/L and this bar drive the same one.
 */
export function PlaybackBar({ view }: { view: StageView }) {
  const { duration } = view;
  const { ready, scrub, endScrub } = view.playback;
  const playing = useLiveEditor((s) => s.session.playback !== null);
  const rate = useLiveEditor((s) => s.session.playback?.rate ?? 1);
  const scope = useLiveEditor((s) => s.session.playScope);
  const playhead = useLiveEditor((s) => s.session.playhead);
  // The slider's own position while it is dragged: the playhead follows 500 ms later.
  const [dragged, setDragged] = useState<number | null>(null);
  const time = dragged ?? playhead;
  // The whole video's time while it plays, else the open slide's (D97). Strings: a selector's
  // answer must be stable for the store's subscription to settle.
  const readoutScope = useLiveEditor((s) => readoutOf(s.data, s.session, dragged).scope);
  const readoutText = useLiveEditor((s) => {
    const { time: at, duration: length } = readoutOf(s.data, s.session, dragged);
    return formatReadout(at, length);
  });

  return (
    <Group gap="xs" wrap="nowrap" px="xs" py={6} data-testid="player-controls">
      <Tooltip label={playing ? 'Pause (Space)' : 'Play (Space)'} openDelay={500}>
        <ActionIcon
          size="lg"
          radius="xl"
          variant="filled"
          disabled={!ready}
          onClick={() => builderEditor.togglePlay()}
          aria-label={playing ? 'Pause' : 'Play'}
          data-testid="play-pause"
        >
          {playing ? <IconPlayerPauseFilled size={18} /> : <IconPlayerPlayFilled size={18} />}
        </ActionIcon>
      </Tooltip>
      <Menu position="top-start" shadow="md" withinPortal>
        <Menu.Target>
          <ActionIcon variant="subtle" color="gray" size="sm" disabled={!ready} aria-label="Play menu">
            <IconChevronUp size={14} />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>{PLAY_SCOPE_LABELS[scope]}</Menu.Label>
          <Menu.Item onClick={() => builderEditor.play({ fromStart: true })}>Play from start</Menu.Item>
          <Menu.Item onClick={() => builderEditor.play()}>Play from cursor</Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <Button.Group aria-label="What Play plays">
        {SCOPES.map((option) => (
          <Tooltip key={option} label={SCOPE_HINTS[option]} openDelay={500}>
            <Button
              size="compact-xs"
              variant={scope === option ? 'filled' : 'default'}
              aria-pressed={scope === option}
              onClick={() => builderEditor.setPlayScope(option)}
              data-testid={`play-scope-${option}`}
            >
              {PLAY_SCOPE_LABELS[option]}
            </Button>
          </Tooltip>
        ))}
      </Button.Group>
      {playing && rate !== 1 && (
        <Badge size="sm" variant="light" data-testid="play-rate">
          {rate > 0 ? `${rate}×` : `◀ ${-rate}×`}
        </Badge>
      )}
      <Slider
        flex={1}
        ml="xs"
        min={0}
        max={Math.max(duration, 0.01)}
        step={0.01}
        value={Math.min(time, duration)}
        disabled={!ready || duration <= 0}
        onChange={(value) => {
          setDragged(value);
          scrub(value);
        }}
        onChangeEnd={() => {
          endScrub();
          setDragged(null);
        }}
        label={formatClock}
        thumbLabel="Playhead"
        aria-label="Playhead"
      />
      <Text
        size="sm"
        ff="monospace"
        c="dimmed"
        style={{ whiteSpace: 'nowrap' }}
        title={readoutScope === 'video' ? 'Time in the whole video' : 'Time in this slide'}
        data-scope={readoutScope}
        data-testid="player-readout"
      >
        {readoutText}
      </Text>
    </Group>
  );
}
