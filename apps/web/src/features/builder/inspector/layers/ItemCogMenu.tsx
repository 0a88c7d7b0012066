import { ActionIcon, Menu, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { Item } from '@reelwright/core';
import { IconCopy, IconSettings, IconTrash } from '@tabler/icons-react';
import { builderEditor } from '../../editor-store';

const KIND_NAMES: Record<Item['type'], string> = {
  text: 'text',
  image: 'image',
  video: 'video',
  gallery: 'gallery',
  audio: 'audio',
  slide: 'panel',
};

/**
 * The selected item's cog menu (spec 002 §2): Duplicate, and Delete after a confirmation (spec
 * 002 §5). Both act on the editor's selection, so each is one undo step.
 */
export function ItemCogMenu({ item, frameId }: { item: Item; frameId: string }) {
  const ready = () => {
    // The menu acts on this item, selected on its slide, whatever happened since it opened.
    builderEditor.openSlide(frameId);
    if (builderEditor.selectedIds.length !== 1 || builderEditor.selectedIds[0] !== item.id) {
      builderEditor.select([item.id]);
    }
  };
  const confirmDelete = () =>
    modals.openConfirmModal({
      title: `Delete this ${KIND_NAMES[item.type]}?`,
      children: <Text size="sm">The item is removed from the slide. Undo brings it back.</Text>,
      labels: { confirm: 'Delete', cancel: 'Keep' },
      confirmProps: { color: 'red' },
      onConfirm: () => {
        ready();
        builderEditor.deleteSelection();
      },
    });

  return (
    <Menu position="bottom-end" withArrow shadow="md" width={160}>
      <Menu.Target>
        <ActionIcon variant="subtle" aria-label="Item settings" data-testid="item-cog">
          <IconSettings size={16} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item
          leftSection={<IconCopy size={16} />}
          onClick={() => {
            ready();
            builderEditor.duplicateSelection();
          }}
        >
          Duplicate
        </Menu.Item>
        <Menu.Item color="red" leftSection={<IconTrash size={16} />} onClick={confirmDelete}>
          Delete
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
