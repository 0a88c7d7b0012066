import { Stack, Text } from '@mantine/core';
import type { Item } from '@reelwright/core';
import { useEffect } from 'react';
import { setItemProps } from '../../../../builder/commands/item-commands';
import { SettingSlider } from '../../controls/SettingSlider';
import { builderEditor } from '../../editor-store';
import { EffectPicker } from './EffectPicker';
import { DURATION_RANGE, FX_SLOTS, type FxSlot, propsForChoice, propsForDuration, slotsFor } from './fx-rules';
import { previewAssets } from './preview-loop';
import { previewMovie } from './preview-movie';

const seconds = (value: number) => `${value.toFixed(2)} s`;

/**
 * The inspector's Animation/FX (spec 002 §2, §3 item `fx`): show, hide and stay effects for every
 * visual item, and for text the split, the highlighter and its container's animation and
 * background, each picked from live previews of the renderer's catalogue. A choice is one undo
 * step; a show or hide effect's duration is a slider, one step per drag.
 */
export function AnimationSection({ item, frameId }: { item: Item; frameId: string }) {
  const slots = slotsFor(item);
  // The pickers' fonts and pictures load when the section opens, so the first picker opened draws
  // its previews at once (docs/benchmarks.md, "Animation/FX picker").
  // Once per item shown, not at every render: the inspector renders at each edit of the item.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new item, not a new edit, loads again
  useEffect(() => {
    if (slots.length > 0) void previewAssets(previewMovie(item, 'show', null));
  }, [item.id]);
  if (slots.length === 0) return null;
  const choose = (slot: FxSlot, name: string | null) => {
    const props = propsForChoice(item, slot, name);
    if (props) builderEditor.run(setItemProps, { frameId, id: item.id, props });
  };
  const picker = (slot: FxSlot) => {
    const { label } = FX_SLOTS.find((entry) => entry.slot === slot)!;
    return <EffectPicker key={slot} item={item} slot={slot} label={label} onChoose={(name) => choose(slot, name)} />;
  };
  const duration = (slot: 'show' | 'hide') => {
    const effect = item.fx[slot];
    if (!effect) return null;
    return (
      <SettingSlider
        label={slot === 'show' ? 'Show duration' : 'Hide duration'}
        value={effect.duration}
        min={DURATION_RANGE.min}
        max={DURATION_RANGE.max}
        step={0.05}
        format={seconds}
        gesture="setItemProps"
        apply={(value) => {
          const props = propsForDuration(item, slot, value);
          if (props) builderEditor.run(setItemProps, { frameId, id: item.id, props });
        }}
        testId={`fx-duration-${slot}`}
      />
    );
  };
  const container = slots.filter((slot) => FX_SLOTS.find((entry) => entry.slot === slot)?.group === 'container');

  return (
    <Stack gap={6} data-testid="animation-section">
      {picker('show')}
      {duration('show')}
      {picker('hide')}
      {duration('hide')}
      {picker('stay')}
      {slots.includes('split') && picker('split')}
      {slots.includes('overlay') && picker('overlay')}
      {container.length > 0 && (
        <>
          <Text size="xs" c="dimmed" fw={600} mt={4}>
            Container
          </Text>
          {container.map(picker)}
        </>
      )}
    </Stack>
  );
}
