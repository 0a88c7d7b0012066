import { Paper, Stack, Text } from '@mantine/core';
import { animatedBox, type Item, zIndexAt } from '@reelwright/core';
import {
  KEYFRAME_LAYER,
  KEYFRAME_SCALE,
  setKeyframeEasing,
  setKeyframeLayer,
  setKeyframeOpacity,
  setKeyframeScale,
} from '../../../../builder/commands/keyframe-commands';
import { percent, SettingSlider } from '../../controls/SettingSlider';
import { builderEditor } from '../../editor-store';
import { EasingPicker } from './EasingPicker';

const layer = (z: number) => (z > 0 ? `+${z}` : String(z));

/**
 * The picked keyframe's own settings (D94): opacity, scale and layer, each a slider whose drag is
 * one undo step (Escape takes it back), and the easing of the motion into it, one step a click.
 * Each shows what the item has at the keyframe's time, set there or carried from before.
 */
export function KeyframeControls({ item, frameId, delay }: { item: Item; frameId: string; delay: number }) {
  const keyframe = item.keyframes.find((candidate) => candidate.delay === delay);
  if (!keyframe) return null;
  const at = animatedBox(item.box, item.keyframes, delay);
  const ref = { frameId, id: item.id, delay };
  const run = builderEditor.run.bind(builderEditor);
  return (
    <Paper withBorder p="xs" radius="sm" data-testid="keyframe-controls">
      <Stack gap="sm">
        <Text size="xs" fw={600}>
          Keyframe at {(item.timing.start + delay).toFixed(2)} s
        </Text>
        <SettingSlider
          label="Opacity"
          value={at.opacity}
          min={0}
          max={1}
          step={0.01}
          format={percent}
          gesture={setKeyframeOpacity.name}
          apply={(opacity) => run(setKeyframeOpacity, { ...ref, opacity })}
          testId="keyframe-opacity"
        />
        <SettingSlider
          label="Scale"
          value={at.scale}
          min={KEYFRAME_SCALE.min}
          max={KEYFRAME_SCALE.max}
          step={0.01}
          format={percent}
          gesture={setKeyframeScale.name}
          apply={(scale) => run(setKeyframeScale, { ...ref, scale })}
          testId="keyframe-scale"
        />
        <SettingSlider
          label="Layer"
          description="From here on, higher layers show on top; 0 keeps the timeline's order."
          value={zIndexAt(item.keyframes, delay) ?? 0}
          min={KEYFRAME_LAYER.min}
          max={KEYFRAME_LAYER.max}
          step={1}
          format={layer}
          gesture={setKeyframeLayer.name}
          apply={(zIndex) => run(setKeyframeLayer, { ...ref, zIndex })}
          testId="keyframe-layer"
        />
        <EasingPicker
          value={keyframe.easing ?? 'linear'}
          disabled={delay === 0}
          description={
            delay === 0
              ? 'The item starts here: nothing moves into this keyframe.'
              : 'How the item moves into this keyframe from the one before.'
          }
          onChange={(easing) => run(setKeyframeEasing, { ...ref, easing })}
        />
      </Stack>
    </Paper>
  );
}
