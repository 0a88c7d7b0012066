import { ActionIcon, Group, Text, Tooltip } from '@mantine/core';
import type { Item } from '@reelwright/core';
import { IconArrowBarToDown, IconArrowBarToUp, IconArrowDown, IconArrowUp, type IconProps } from '@tabler/icons-react';
import type { ComponentType } from 'react';
import { reorderItem } from '../../../../builder/commands/item-commands';
import { builderEditor, useEditor } from '../../editor-store';
import { LAYER_ACTIONS, type LayerAction, layerTarget } from './layer-order';

const ICONS: Record<LayerAction, ComponentType<IconProps>> = {
  forward: IconArrowUp,
  backward: IconArrowDown,
  front: IconArrowBarToUp,
  back: IconArrowBarToDown,
};

/**
 * The layer order actions (spec 002 §2): one step up, one step down, to the top, to the bottom
 * of the slide's layers, each one `reorderItem` (one undo step), off where it would do nothing.
 */
export function LayerActions({ item, frameId }: { item: Item; frameId: string }) {
  const items = useEditor((s) => s.data.video.frames.find((frame) => frame.id === frameId)?.items ?? null);
  if (!items) return null;
  return (
    <Group gap={6} wrap="nowrap" justify="space-between" data-testid="layer-actions">
      <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
        Layer
      </Text>
      <Group gap={4} wrap="nowrap">
        {LAYER_ACTIONS.map(({ action, label }) => {
          const toIndex = layerTarget(items, item.id, action);
          const Icon = ICONS[action];
          return (
            <Tooltip key={action} label={label} withArrow>
              <ActionIcon
                variant="default"
                size="md"
                aria-label={label}
                disabled={toIndex === null}
                onClick={() => {
                  if (toIndex !== null) builderEditor.run(reorderItem, { frameId, id: item.id, toIndex });
                }}
                data-testid={`layer-${action}`}
              >
                <Icon size={16} />
              </ActionIcon>
            </Tooltip>
          );
        })}
      </Group>
    </Group>
  );
}
