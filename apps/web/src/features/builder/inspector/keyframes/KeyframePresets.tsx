import { Button, SimpleGrid, Stack, Text, Tooltip } from '@mantine/core';
import type { Item } from '@reelwright/core';
import {
  FADE_SECONDS,
  type KeyframePreset,
  keyframePresets,
  ZOOM_FACTOR,
} from '../../../../builder/commands/keyframe-commands';
import { builderEditor } from '../../editor-store';

const zoomPercent = Math.round(ZOOM_FACTOR * 100);

/** The quick actions, each two keyframes in one click and one undo step (D94); words only, to fit two a row. */
const PRESETS: { preset: KeyframePreset; label: string; tip: string }[] = [
  {
    preset: 'fade-in',
    label: 'Fade in',
    tip: `From invisible to shown over the item's first ${FADE_SECONDS} s`,
  },
  {
    preset: 'fade-out',
    label: 'Fade out',
    tip: `From shown to invisible over the item's last ${FADE_SECONDS} s`,
  },
  {
    preset: 'zoom-in',
    label: 'Zoom in',
    tip: `Grows slowly to ${zoomPercent}% from the item's start to its end`,
  },
  {
    preset: 'zoom-out',
    label: 'Zoom out',
    tip: `Starts at ${zoomPercent}% and shrinks slowly back by the item's end`,
  },
];

/** 'Fade in', 'Fade out', 'Zoom in', 'Zoom out': a keyframed fade or zoom in one click. */
export function KeyframePresets({ item, frameId }: { item: Item; frameId: string }) {
  return (
    <Stack gap={4} data-testid="keyframe-presets">
      <Text size="xs" fw={500}>
        Quick keyframes
      </Text>
      <SimpleGrid cols={2} spacing={4} verticalSpacing={4}>
        {PRESETS.map(({ preset, label, tip }) => (
          <Tooltip key={preset} label={tip} openDelay={400} withinPortal>
            <Button
              size="compact-xs"
              px={6}
              fullWidth
              variant="light"
              onClick={() => builderEditor.run(keyframePresets[preset], { frameId, id: item.id })}
            >
              {label}
            </Button>
          </Tooltip>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
