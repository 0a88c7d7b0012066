import { Button, Group, Modal, NumberInput, SegmentedControl, Stack, Text } from '@mantine/core';
import { customMovieSize, MOVIE_SIZES, RANGES } from '@reelwright/core';
import { useState } from 'react';
import { setMovieSize } from '../../builder/commands/movie-commands';
import { builderEditor, useEditor } from './editor-store';

type SizeName = keyof typeof MOVIE_SIZES;
const NAMES = Object.keys(MOVIE_SIZES) as SizeName[];

function sizeNameOf(size: { width: number; height: number }): SizeName {
  return (
    NAMES.find(
      (name) => name !== 'custom' && MOVIE_SIZES[name].width === size.width && MOVIE_SIZES[name].height === size.height,
    ) ?? 'custom'
  );
}

/**
 * 'Resize' (spec 002 §9): Wide 16:9, Square, Vertical 9:16 or a custom size of 100–2000 px a
 * side. The new size is one undo step; items keep their places, since geometry is relative.
 */
export function ResizeDialog({ opened, onClose }: { opened: boolean; onClose(): void }) {
  const size = useEditor((s) => s.data.video.size);
  return (
    <Modal opened={opened} onClose={onClose} title="Resize video" centered>
      {opened && <ResizeForm initial={size} onClose={onClose} />}
    </Modal>
  );
}

function ResizeForm({ initial, onClose }: { initial: { width: number; height: number }; onClose(): void }) {
  const [name, setName] = useState<SizeName>(sizeNameOf(initial));
  const [custom, setCustom] = useState(initial);
  const chosen = name === 'custom' ? custom : MOVIE_SIZES[name];
  const outOfRange = name === 'custom' && customMovieSize(custom.width, custom.height).width !== custom.width;
  const apply = () => {
    builderEditor.run(setMovieSize, { width: chosen.width, height: chosen.height });
    onClose();
  };
  return (
    <Stack>
      <SegmentedControl
        value={name}
        onChange={(value) => setName(value as SizeName)}
        data={NAMES.map((key) => ({ value: key, label: MOVIE_SIZES[key].label }))}
      />
      {name === 'custom' && (
        <Group grow>
          <NumberInput
            label="Width (px)"
            min={RANGES.movieSide.min}
            max={RANGES.movieSide.max}
            value={custom.width}
            onChange={(value) => setCustom((c) => ({ ...c, width: Number(value) || 0 }))}
          />
          <NumberInput
            label="Height (px)"
            min={RANGES.movieSide.min}
            max={RANGES.movieSide.max}
            value={custom.height}
            onChange={(value) => setCustom((c) => ({ ...c, height: Number(value) || 0 }))}
          />
        </Group>
      )}
      <Text size="sm" c={outOfRange ? 'orange.8' : 'dimmed'}>
        {outOfRange
          ? `Width and height must each be between ${RANGES.movieSide.min} and ${RANGES.movieSide.max} px; otherwise the size resets to 1920 × 1920.`
          : `${chosen.width} × ${chosen.height} px. Items keep their places: positions and sizes are relative.`}
      </Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          Cancel
        </Button>
        <Button onClick={apply}>Resize</Button>
      </Group>
    </Stack>
  );
}
