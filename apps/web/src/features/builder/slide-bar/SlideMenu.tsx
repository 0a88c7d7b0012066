import { ActionIcon, Menu, Text, Tooltip } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconCopy, IconRowInsertBottom, IconRowInsertTop, IconSettings, IconTrash } from '@tabler/icons-react';
import { builderEditor } from '../editor-store';
import classes from './SlideBar.module.css';

/** Why Delete is off on the only slide: the builder always has a slide to show (spec 002 §2). */
export const LAST_SLIDE_REASON = 'A video needs at least one slide.';

type Props = {
  frameId: string;
  /** The slide's number, from 1. */
  number: number;
  canDelete: boolean;
};

/**
 * A slide's cog menu (spec 002 §2 slide bar): Duplicate, Add slide before or after, Delete. Each
 * is one editor command, so one undo step; Delete asks first (spec 002 §5).
 */
export function SlideMenu({ frameId, number, canDelete }: Props) {
  const confirmDelete = () =>
    modals.openConfirmModal({
      title: `Delete slide ${number}?`,
      children: <Text size="sm">The slide and everything on it are removed. Undo brings it back.</Text>,
      labels: { confirm: 'Delete', cancel: 'Keep' },
      confirmProps: { color: 'red' },
      onConfirm: () => builderEditor.removeSlide(frameId),
    });

  return (
    <Menu position="right-start" withArrow shadow="md" width={190}>
      <Menu.Target>
        <ActionIcon
          className={classes.cog}
          variant="default"
          radius="xl"
          size="sm"
          aria-label={`Slide ${number} settings`}
        >
          <IconSettings size={14} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={<IconCopy size={16} />} onClick={() => builderEditor.duplicateSlide(frameId)}>
          Duplicate
        </Menu.Item>
        <Menu.Item
          leftSection={<IconRowInsertTop size={16} />}
          onClick={() => builderEditor.addSlide({ before: frameId })}
        >
          Add slide before
        </Menu.Item>
        <Menu.Item
          leftSection={<IconRowInsertBottom size={16} />}
          onClick={() => builderEditor.addSlide({ after: frameId })}
        >
          Add slide after
        </Menu.Item>
        <Menu.Divider />
        {canDelete ? (
          <Menu.Item color="red" leftSection={<IconTrash size={16} />} onClick={confirmDelete}>
            Delete
          </Menu.Item>
        ) : (
          // Hoverable (data-disabled, not disabled) so the reason shows; skipped by the arrow keys.
          <Tooltip label={LAST_SLIDE_REASON} position="right" withArrow>
            <Menu.Item
              leftSection={<IconTrash size={16} />}
              data-disabled
              aria-disabled
              aria-description={LAST_SLIDE_REASON}
              closeMenuOnClick={false}
            >
              Delete
            </Menu.Item>
          </Tooltip>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
