import { Button, Group, NumberInput, SegmentedControl, Stack, Text } from '@mantine/core';
import { customMovieSize, MOVIE_SIZES, RANGES } from '@reelwright/core';
import { useState } from 'react';
import { setMovieSize } from '../../../builder/commands/movie-commands';
import { builderEditor } from '../editor-store';

type Size = { width: number; height: number };
export type SizeName = keyof typeof MOVIE_SIZES;
const NAMES = Object.keys(MOVIE_SIZES) as SizeName[];

/** The named size a movie has (Wide 16:9, Square, Vertical 9:16), or 'custom'. */
export function sizeNameOf(size: Size): SizeName {
  return (
    NAMES.find(
      (name) => name !== 'custom' && MOVIE_SIZES[name].width === size.width && MOVIE_SIZES[name].height === size.height,
    ) ?? 'custom'
  );
}

/**
 * The movie's size (spec 002 §9): Wide 16:9, Square, Vertical 9:16 or a custom size of 100–2000
 * px a side, which otherwise resets to 1920 × 1920 (§5). Shared by the toolbar's 'Resize' dialog
 * and the 'Resize video' settings section (`layout: 'panel'`: stacked to fit a narrow panel, no
 * Cancel). Applying is one undo step; items keep their places, since geometry is relative.
 */
export function ResizeForm(props: { initial: Size; layout: 'dialog' | 'panel'; onClose?(): void }) {
  const { initial, layout } = props;
  const [name, setName] = useState<SizeName>(sizeNameOf(initial));
  const [custom, setCustom] = useState(initial);
  const chosen = name === 'custom' ? custom : MOVIE_SIZES[name];
  const kept = customMovieSize(custom.width, custom.height);
  const outOfRange = name === 'custom' && (kept.width !== custom.width || kept.height !== custom.height);
  const unchanged = chosen.width === initial.width && chosen.height === initial.height;
  const panel = layout === 'panel';
  const apply = () => {
    builderEditor.run(setMovieSize, { width: chosen.width, height: chosen.height });
    props.onClose?.();
  };
  return (
    <Stack gap={panel ? 'xs' : 'md'} data-testid="resize-form">
      <SegmentedControl
        size={panel ? 'xs' : 'sm'}
        orientation={panel ? 'vertical' : 'horizontal'}
        fullWidth={panel}
        value={name}
        onChange={(value) => setName(value as SizeName)}
        data={NAMES.map((key) => ({ value: key, label: MOVIE_SIZES[key].label }))}
        data-testid="resize-size"
      />
      {name === 'custom' && (
        <Group grow gap="xs" wrap="nowrap">
          <NumberInput
            size={panel ? 'xs' : 'sm'}
            label="Width (px)"
            min={RANGES.movieSide.min}
            max={RANGES.movieSide.max}
            allowDecimal={false}
            value={custom.width}
            onChange={(value) => setCustom((c) => ({ ...c, width: Number(value) || 0 }))}
            data-testid="resize-width"
          />
          <NumberInput
            size={panel ? 'xs' : 'sm'}
            label="Height (px)"
            min={RANGES.movieSide.min}
            max={RANGES.movieSide.max}
            allowDecimal={false}
            value={custom.height}
            onChange={(value) => setCustom((c) => ({ ...c, height: Number(value) || 0 }))}
            data-testid="resize-height"
          />
        </Group>
      )}
      <Text size={panel ? 'xs' : 'sm'} c={outOfRange ? 'orange.8' : 'dimmed'} data-testid="resize-note">
        {outOfRange
          ? `Width and height must each be between ${RANGES.movieSide.min} and ${RANGES.movieSide.max} px; otherwise the size resets to 1920 × 1920.`
          : `${chosen.width} × ${chosen.height} px. Items keep their places: positions and sizes are relative.`}
      </Text>
      {panel ? (
        <Button size="xs" fullWidth onClick={apply} disabled={unchanged} data-testid="resize-apply">
          {unchanged ? 'Current size' : 'Resize'}
        </Button>
      ) : (
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onClose}>
            Cancel
          </Button>
          <Button onClick={apply} data-testid="resize-apply">
            Resize
          </Button>
        </Group>
      )}
    </Stack>
  );
}
