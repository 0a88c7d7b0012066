import { List, Modal, Text } from '@mantine/core';

/** The slide editor's help popup (spec 001 §2). */
export function SlidesHelp({ opened, onClose }: { opened: boolean; onClose(): void }) {
  return (
    <Modal opened={opened} onClose={onClose} title="Slide editor help" size="lg">
      <Text size="sm" mb="sm">
        Each card is one slide of your video. Its lines appear and are narrated one after another.
      </Text>
      <List spacing="xs" size="sm">
        <List.Item>Click a line to make it active: the media and voice controls work on the active line.</List.Item>
        <List.Item>
          Words wrapped in **double asterisks** are highlighted; their pictures come from an image search.
        </List.Item>
        <List.Item>
          Design changes (preset, layout, effect, colors, voice) apply to every slide not marked unique.
        </List.Item>
        <List.Item>
          Drag a slide by its handle to reorder; the menu under a slide inserts a blank, image or video slide.
        </List.Item>
        <List.Item>Next Step makes any missing narration, waits for the pictures, and builds the video.</List.Item>
      </List>
    </Modal>
  );
}
