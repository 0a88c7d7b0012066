import { Button, Group, Text, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { MIN_ITEM_DURATION } from '@reelwright/core';
import { IconScissors } from '@tabler/icons-react';
import {
  MAX_SLIDE_DURATION,
  setSlideDuration,
  shorteningEffect,
} from '../../../builder/commands/slide-duration-commands';
import { canSplit } from '../../../builder/commands/split-commands';
import { builderEditor, useEditor } from '../editor-store';
import { CommitNumber } from '../inspector/style/InspectorParts';

/**
 * The timeline toolbar's editing tools (D91): Split at the playhead, and the open slide's length,
 * which lengthens or shortens it (items past a shorter end are trimmed or removed; undo brings
 * them back).
 */
export function TimelineEditTools() {
  return (
    <Group gap="xs" wrap="nowrap">
      <SplitButton />
      <SlideDurationField />
    </Group>
  );
}

function SplitButton() {
  const possible = useEditor((s) => {
    const frame = s.data.video.frames.find((f) => f.id === s.session.frameId);
    return !!frame?.items.some((item) => s.session.selectedIds.includes(item.id) && canSplit(item, s.session.playhead));
  });
  return (
    <Tooltip label={possible ? 'Split the selected item at the playhead (S)' : 'Select an item the playhead crosses'}>
      <Button
        size="compact-xs"
        variant="light"
        leftSection={<IconScissors size={12} />}
        disabled={!possible}
        onClick={() => builderEditor.splitSelection()}
        data-testid="timeline-split"
      >
        Split
      </Button>
    </Tooltip>
  );
}

function SlideDurationField() {
  const frameId = useEditor((s) => s.session.frameId);
  const duration = useEditor((s) => s.data.video.frames.find((f) => f.id === s.session.frameId)?.duration ?? 0);
  if (!frameId) return null;
  const commit = (value: number) => {
    const frame = builderEditor.currentFrame();
    if (!frame) return;
    const { trimmed, removed } = shorteningEffect(frame, value);
    builderEditor.run(setSlideDuration, { frameId, duration: value });
    if (trimmed.length + removed.length === 0) return;
    const parts = [
      trimmed.length > 0 ? `${trimmed.length} item${trimmed.length === 1 ? '' : 's'} now stop at the new end` : '',
      removed.length > 0 ? `${removed.length} item${removed.length === 1 ? '' : 's'} past it removed` : '',
    ].filter(Boolean);
    notifications.show({ message: `${parts.join('; ')}. Undo brings them back.`, autoClose: 5000 });
  };
  return (
    <Group gap={6} wrap="nowrap">
      <Text size="xs" c="dimmed" component="label" htmlFor="slide-duration-field">
        Slide length
      </Text>
      <CommitNumber
        id="slide-duration-field"
        w={84}
        min={MIN_ITEM_DURATION}
        max={MAX_SLIDE_DURATION}
        step={0.5}
        decimalScale={2}
        suffix=" s"
        value={duration}
        onCommit={commit}
        aria-label="Slide length (s)"
        data-testid="slide-duration-field"
      />
    </Group>
  );
}
