import { Box, Button, Group, Loader, Menu, NumberInput, Slider, Stack, Text, Tooltip } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconAlertTriangle, IconChevronDown, IconPlayerPlay, IconPlayerStop, IconZoomIn } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import WaveSurfer from 'wavesurfer.js';
import RegionsPlugin, { type Region } from 'wavesurfer.js/dist/plugins/regions.esm.js';
import TimelinePlugin from 'wavesurfer.js/dist/plugins/timeline.esm.js';
import { type AudioRegion, constrainRegion, fullRegion, type RegionEdit, ZOOM_RANGE } from './region-rules';

/** Debounce of the start/end readout while a region is dragged (spec 002 §9). */
const SELECTION_DEBOUNCE_MS = 250;
const WAVE_HEIGHT = 96;

type Props = {
  url: string;
  /** Hears each accepted selection (after the region rules). */
  onRegion?(region: AudioRegion): void;
  /** The decoded audio, once loaded (the edit popup cuts from it). */
  onDecoded?(buffer: AudioBuffer): void;
};

type LoadState = 'loading' | 'ready' | 'error';

/**
 * The standalone audio editor (spec 002 §2): a wavesurfer.js waveform with a timeline and one
 * selection region, zoom 1–200, start and end inputs, 'Play selected', 'Stop', and a Play menu
 * ('Play from start', 'Play from cursor'). The region follows `constrainRegion` (spec 002 §5).
 * A load failure shows an error icon.
 */
export function AudioEditor({ url, onRegion, onDecoded }: Props) {
  const container = useRef<HTMLDivElement>(null);
  const wave = useRef<WaveSurfer | null>(null);
  const regionRef = useRef<Region | null>(null);
  const [load, setLoad] = useState<LoadState>('loading');
  const [duration, setDuration] = useState(0);
  const [region, setRegion] = useState<AudioRegion>({ start: 0, end: 0 });
  const [zoom, setZoom] = useState<number>(ZOOM_RANGE.min);
  const [playing, setPlaying] = useState(false);
  const callbacks = useRef({ onRegion, onDecoded });
  callbacks.current = { onRegion, onDecoded };
  const showDragged = useDebouncedCallback((r: AudioRegion) => setRegion(r), SELECTION_DEBOUNCE_MS);

  /** Applies the rules to a selection and shows it on the waveform and in the inputs. */
  const accept = (proposed: AudioRegion, edit: RegionEdit, total = duration) => {
    const next = constrainRegion(proposed, total, edit);
    regionRef.current?.setOptions({ start: next.start, end: next.end });
    setRegion(next);
    callbacks.current.onRegion?.(next);
    return next;
  };
  const acceptRef = useRef(accept);
  acceptRef.current = accept;

  useEffect(() => {
    if (!container.current) return;
    setLoad('loading');
    const regions = RegionsPlugin.create();
    const ws = WaveSurfer.create({
      container: container.current,
      url,
      height: WAVE_HEIGHT,
      waveColor: '#74c0fc',
      progressColor: '#1971c2',
      cursorColor: '#e03131',
      cursorWidth: 2,
      dragToSeek: false,
      plugins: [regions, TimelinePlugin.create({ height: 18, style: { fontSize: '11px', color: '#868e96' } })],
    });
    wave.current = ws;
    ws.on('ready', (total) => {
      setDuration(total);
      setLoad('ready');
      const whole = fullRegion(total);
      regionRef.current = regions.addRegion({ ...whole, color: 'rgba(34, 139, 230, 0.18)', drag: true, resize: true });
      acceptRef.current(whole, 'end', total);
      const decoded = ws.getDecodedData();
      if (decoded) callbacks.current.onDecoded?.(decoded);
    });
    ws.on('error', () => setLoad('error'));
    ws.on('play', () => setPlaying(true));
    ws.on('pause', () => setPlaying(false));
    ws.on('finish', () => setPlaying(false));
    regions.on('region-update', (r) => showDragged({ start: r.start, end: r.end }));
    regions.on('region-updated', (r, side) => acceptRef.current({ start: r.start, end: r.end }, side ?? 'move'));
    return () => {
      regionRef.current = null;
      wave.current = null;
      ws.destroy();
    };
  }, [url, showDragged]);

  useEffect(() => {
    if (load === 'ready') wave.current?.zoom(zoom);
  }, [zoom, load]);

  const ready = load === 'ready';
  const play = (from: 'selection' | 'start' | 'cursor') => {
    const ws = wave.current;
    if (!ws) return;
    if (from === 'selection') void ws.play(region.start, region.end);
    else if (from === 'start') void ws.play(0);
    else void ws.play();
  };

  return (
    <Stack gap="sm" data-testid="audio-editor">
      <Box
        pos="relative"
        mih={WAVE_HEIGHT + 18}
        style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 6 }}
      >
        <div ref={container} data-testid="waveform" />
        {load !== 'ready' && (
          <Group pos="absolute" inset={0} justify="center" gap="xs">
            {load === 'loading' ? (
              <Loader size="sm" />
            ) : (
              <Tooltip label="The audio could not be loaded">
                <Group gap={6} c="red" data-testid="audio-load-error">
                  <IconAlertTriangle size={22} aria-label="Audio failed to load" />
                  <Text size="sm">The audio could not be loaded.</Text>
                </Group>
              </Tooltip>
            )}
          </Group>
        )}
      </Box>
      <Group gap="sm" align="center" wrap="nowrap">
        <IconZoomIn size={16} color="var(--mantine-color-dimmed)" />
        <Text size="sm" c="dimmed" w={40}>
          Zoom
        </Text>
        <Slider
          min={ZOOM_RANGE.min}
          max={ZOOM_RANGE.max}
          value={zoom}
          onChange={setZoom}
          disabled={!ready}
          style={{ flex: 1 }}
          aria-label="Zoom"
          label={(value) => `${value} px/s`}
        />
      </Group>
      <Group gap="sm" align="flex-end" justify="space-between">
        <Group gap="sm" align="flex-end">
          <TimeInput
            label="Start (s)"
            value={region.start}
            max={Math.max(0, duration - 1)}
            disabled={!ready}
            onCommit={(start) => accept({ ...region, start }, 'start').start}
          />
          <TimeInput
            label="End (s)"
            value={region.end}
            max={duration}
            disabled={!ready}
            onCommit={(end) => accept({ ...region, end }, 'end').end}
          />
          <Text size="sm" c="dimmed" pb={8}>
            of {duration.toFixed(2)} s
          </Text>
        </Group>
        <Group gap="xs">
          <Button leftSection={<IconPlayerPlay size={16} />} onClick={() => play('selection')} disabled={!ready}>
            Play selected
          </Button>
          <Button
            variant="default"
            leftSection={<IconPlayerStop size={16} />}
            onClick={() => wave.current?.stop()}
            disabled={!ready || !playing}
          >
            Stop
          </Button>
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <Button variant="default" rightSection={<IconChevronDown size={14} />} disabled={!ready}>
                Play
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item onClick={() => play('start')}>Play from start</Menu.Item>
              <Menu.Item onClick={() => play('cursor')}>Play from cursor</Menu.Item>
            </Menu.Dropdown>
          </Menu>
        </Group>
      </Group>
    </Stack>
  );
}

type TimeInputProps = { label: string; value: number; max: number; disabled: boolean; onCommit(value: number): number };

/**
 * A seconds input that commits on Enter or when it loses focus, then shows the value the rules
 * kept. Between edits it shows `value` itself, so it never lags behind the region by a render.
 */
function TimeInput({ label, value, max, disabled, onCommit }: TimeInputProps) {
  const [draft, setDraft] = useState<string | number | null>(null);
  const commit = () => {
    if (draft === null) return;
    const next = typeof draft === 'number' ? draft : Number.parseFloat(draft);
    if (Number.isFinite(next)) onCommit(next);
    setDraft(null);
  };
  return (
    <NumberInput
      label={label}
      value={draft ?? value}
      onChange={setDraft}
      min={0}
      max={max}
      step={0.1}
      decimalScale={2}
      clampBehavior="none"
      w={110}
      disabled={disabled}
      onBlur={commit}
      onKeyDown={(event) => {
        if (event.key === 'Enter') commit();
      }}
    />
  );
}
