import { ActionIcon, Button, Group, Stack, Text, Tooltip } from '@mantine/core';
import type { Item } from '@reelwright/core';
import { IconKey, IconTrash } from '@tabler/icons-react';
import { deleteKeyframe } from '../../../builder/commands/item-commands';
import { builderEditor, useEditor } from '../editor-store';

/** What a keyframe sets, in words: "left, top, rotate". */
function overrides(style: Record<string, unknown>): string {
  const set = Object.keys(style).filter((key) => style[key] !== undefined);
  return set.length > 0 ? set.join(', ') : 'nothing yet';
}

/**
 * The item's keyframes (spec 002 §2 Keyframes, §5): each with its time and what it sets; a click
 * picks it (the playhead goes there, and the stage shapes it, D45); the bin removes it. 'Add
 * keyframe' adds one at the playhead while the item shows.
 */
export function KeyframesSection({ item, frameId }: { item: Item; frameId: string }) {
  const picked = useEditor((s) =>
    s.session.selectedKeyframe?.itemId === item.id ? s.session.selectedKeyframe.delay : null,
  );
  const playhead = useEditor((s) => s.session.playhead);
  const inside = playhead >= item.timing.start && playhead <= item.timing.stop;
  return (
    <Stack gap={6} data-testid="keyframes-section">
      {item.keyframes.length === 0 && (
        <Text size="xs" c="dimmed">
          No keyframes. Move the playhead inside the item's time and add one, then move the item on the stage.
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
            onClick={() => builderEditor.selectKeyframe(item.id, keyframe.delay)}
          >
            {(item.timing.start + keyframe.delay).toFixed(2)} s · {overrides(keyframe.style)}
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
    </Stack>
  );
}
