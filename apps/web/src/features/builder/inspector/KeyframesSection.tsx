import { ActionIcon, Button, Group, Stack, Text, Tooltip } from '@mantine/core';
import type { Item } from '@reelwright/core';
import { IconKey, IconTrash } from '@tabler/icons-react';
import { deleteKeyframe } from '../../../builder/commands/item-commands';
import { builderEditor, useEditor } from '../editor-store';
import { EASING_CHOICES } from './keyframes/EasingPicker';
import { KeyframeControls } from './keyframes/KeyframeControls';
import { KeyframePresets } from './keyframes/KeyframePresets';

/** What a keyframe sets, in words: "left, top, rotate", and its easing when it has one. */
function overrides(keyframe: Item['keyframes'][number]): string {
  const { style } = keyframe;
  const set = Object.keys(style).filter((key) => style[key as keyof typeof style] !== undefined);
  const easing = EASING_CHOICES.find((choice) => choice.value === keyframe.easing);
  return (set.length > 0 ? set.join(', ') : 'nothing yet') + (easing ? ` · ${easing.label.toLowerCase()}` : '');
}

/**
 * The item's keyframes (spec 002 §2 Keyframes, §5): each with its time and what it sets; a click
 * picks it (the playhead goes there, and the stage shapes it, D45) and shows its opacity, scale,
 * layer and easing (D94); the bin removes it. 'Add keyframe' adds one at the playhead while the
 * item shows; the quick keyframes make a fade or a zoom in one click.
 */
export function KeyframesSection({ item, frameId }: { item: Item; frameId: string }) {
  const picked = useEditor((s) =>
    s.session.selectedKeyframe?.itemId === item.id ? s.session.selectedKeyframe.delay : null,
  );
  const playhead = useEditor((s) => s.session.playhead);
  const inside = playhead >= item.timing.start && playhead <= item.timing.stop;
  return (
    <Stack gap={6} data-testid="keyframes-section">
      <KeyframePresets item={item} frameId={frameId} />
      {item.keyframes.length === 0 && (
        <Text size="xs" c="dimmed">
          No keyframes. Pick a quick one above, or move the playhead inside the item's time, add one, then move the item
          on the stage.
        </Text>
      )}
      {item.keyframes.map((keyframe) => (
        <Group key={keyframe.delay} gap={4} wrap="nowrap" data-testid="keyframe-row">
          <Button
            flex={1}
            size="compact-xs"
            variant={picked === keyframe.delay ? 'filled' : 'light'}
            justify="flex-start"
            leftSection={<IconKey size={12} />}
            title={`${(item.timing.start + keyframe.delay).toFixed(2)} s · ${overrides(keyframe)}`}
            onClick={() => builderEditor.selectKeyframe(item.id, keyframe.delay)}
          >
            {(item.timing.start + keyframe.delay).toFixed(2)} s · {overrides(keyframe)}
          </Button>
          <Tooltip label="Delete keyframe">
            <ActionIcon
              variant="subtle"
              color="red"
              size="sm"
              aria-label={`Delete keyframe at ${(item.timing.start + keyframe.delay).toFixed(2)} s`}
              onClick={() => builderEditor.run(deleteKeyframe, { frameId, id: item.id, delay: keyframe.delay })}
            >
              <IconTrash size={14} />
            </ActionIcon>
          </Tooltip>
        </Group>
      ))}
      <Button
        size="compact-xs"
        variant="default"
        leftSection={<IconKey size={12} />}
        disabled={!inside}
        onClick={() => builderEditor.addKeyframe()}
      >
        Add keyframe at {playhead.toFixed(2)} s
      </Button>
      {picked !== null && <KeyframeControls item={item} frameId={frameId} delay={picked} />}
    </Stack>
  );
}
