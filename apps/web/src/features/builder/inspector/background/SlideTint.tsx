import { Stack, Text } from '@mantine/core';
import { DEFAULT_TINT, setSlideTint } from '../../../../builder/commands/tint-commands';
import { percent, SettingSlider } from '../../controls/SettingSlider';
import { builderEditor, useEditor } from '../../editor-store';
import { ColorButton } from '../style/ColorButton';
import { PartTitle } from '../style/InspectorParts';

/**
 * The slide's tint over its pictures (D92): how strongly, and in what colour, the background and
 * the pictures under the text are washed so the words stand out. The wizard sets it for text
 * over a picture; 0 % is none.
 */
export function SlideTint({ frameId }: { frameId: string }) {
  const tint = useEditor((s) => s.data.video.frames.find((f) => f.id === frameId)?.tint);
  const alpha = tint?.alpha ?? 0;
  return (
    <Stack gap="sm" data-testid="slide-tint">
      <PartTitle>Tint over pictures</PartTitle>
      <SettingSlider
        label="Strength"
        value={alpha}
        min={0}
        max={1}
        step={0.01}
        format={(value) => (value > 0 ? percent(value) : '0 (off)')}
        gesture={setSlideTint.name}
        apply={(value) => builderEditor.run(setSlideTint, { frameId, patch: { alpha: value } })}
        testId="slide-tint-strength"
      />
      <ColorButton
        label="Color"
        value={tint?.color ?? DEFAULT_TINT.color}
        apply={(color) =>
          builderEditor.run(setSlideTint, { frameId, patch: { color, alpha: alpha || DEFAULT_TINT.alpha } })
        }
        gesture={setSlideTint.name}
        testId="slide-tint-color"
      />
      <Text size="xs" c="dimmed">
        Washes the background and the pictures under the text, so the words stand out.
      </Text>
    </Stack>
  );
}
