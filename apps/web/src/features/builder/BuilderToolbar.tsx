import { ActionIcon, Badge, Button, Group, Kbd, Popover, ScrollArea, Table, Text, Tooltip } from '@mantine/core';
import {
  IconAspectRatio,
  IconDownload,
  IconKeyboard,
  IconMicrophone,
  IconSend,
  IconTextPlus,
} from '@tabler/icons-react';
import { memo, useState } from 'react';
import { SHORTCUTS } from '../../builder/keys';
import { downloadVideo } from '../publish/download-video';
import { requestPublish } from '../publish/publish-store';
import classes from './BuilderToolbar.module.css';
import { builderEditor, useEditor } from './editor-store';
import { ResizeDialog } from './ResizeDialog';
import { useOpenRecorder } from './use-open-recorder';

/** The builder's bar: where you are, adding text, recording, and the menu items 'Resize' and 'Download'. */
export const BuilderToolbar = memo(function BuilderToolbar() {
  // A string, so that edits inside a slide do not render the bar again.
  const position = useEditor((s) => {
    const index = s.data.video.frames.findIndex((frame) => frame.id === s.session.frameId);
    return index >= 0 ? `Slide ${index + 1} of ${s.data.video.frames.length}` : 'No slides';
  });
  const size = useEditor((s) => s.data.video.size);
  const [resizing, setResizing] = useState(false);
  const record = useOpenRecorder();

  return (
    <Group className={classes.bar} justify="space-between" wrap="nowrap" data-testid="builder-toolbar">
      <Group gap="sm" wrap="nowrap">
        <Text fw={600} data-testid="slide-position">
          {position}
        </Text>
        <Badge variant="light" color="gray" radius="sm">
          {size.width} × {size.height}
        </Badge>
      </Group>
      <Group gap="xs" wrap="nowrap">
        <Button
          variant="light"
          size="xs"
          leftSection={<IconTextPlus size={16} />}
          onClick={() => builderEditor.addItem({ type: 'text', text: '' })}
        >
          Add text
        </Button>
        <Button variant="default" size="xs" leftSection={<IconMicrophone size={16} />} onClick={record}>
          Record voice-over
        </Button>
        <Button
          variant="default"
          size="xs"
          leftSection={<IconAspectRatio size={16} />}
          onClick={() => setResizing(true)}
        >
          Resize
        </Button>
        <Button
          variant="default"
          size="xs"
          leftSection={<IconDownload size={16} />}
          onClick={() => void downloadVideo()}
        >
          Download
        </Button>
        <Button color="green" size="xs" leftSection={<IconSend size={16} />} onClick={() => void requestPublish()}>
          Publish
        </Button>
        <ShortcutsHelp />
      </Group>
      <ResizeDialog opened={resizing} onClose={() => setResizing(false)} />
    </Group>
  );
});

/** The keyboard shortcuts, listed in a popover. */
function ShortcutsHelp() {
  return (
    <Popover position="bottom-end" shadow="md" withArrow width={440}>
      <Popover.Target>
        <Tooltip label="Keyboard shortcuts">
          <ActionIcon variant="subtle" color="gray" size="lg" aria-label="Keyboard shortcuts">
            <IconKeyboard size={20} />
          </ActionIcon>
        </Tooltip>
      </Popover.Target>
      <Popover.Dropdown>
        <Text fw={600} size="sm" mb="xs">
          Keyboard shortcuts
        </Text>
        {/* The list outgrows a laptop's screen: it scrolls inside the popover. */}
        <ScrollArea.Autosize mah="60vh" type="auto" offsetScrollbars>
          <Table verticalSpacing={4} fz="sm" data-testid="shortcut-list">
            <Table.Tbody>
              {SHORTCUTS.map((shortcut) => (
                <Table.Tr key={shortcut.action}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    <Kbd size="xs">{shortcut.keys}</Kbd>
                  </Table.Td>
                  <Table.Td>{shortcut.label}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea.Autosize>
        <Text size="xs" c="dimmed" mt="xs">
          Double-click a text to edit its words. Shift while dragging keeps to one direction; Shift on a corner keeps
          the proportions.
        </Text>
      </Popover.Dropdown>
    </Popover>
  );
}
