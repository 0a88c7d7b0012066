import { ActionIcon, Button, Card, Grid, Group, Menu, Text, Tooltip } from '@mantine/core';
import { modals } from '@mantine/modals';
import { type Slide, slideMessages } from '@reelwright/core';
import { IconGripVertical, IconMovie, IconPhoto, IconPlus, IconSquarePlus, IconTrash } from '@tabler/icons-react';
import type { DragEvent } from 'react';
import { updateWizard } from '../use-wizard';
import { DesignPanel } from './design/DesignPanel';
import { type InsertKind, newSlide } from './new-slides';
import { SlidePreview } from './SlidePreview';
import { TextLines } from './TextLines';

type Props = {
  slide: Slide;
  index: number;
  total: number;
  refresh: number;
  onDragStart(index: number): void;
  onDrop(index: number): void;
};

/** One slide of the slides step (spec 001 §2): title, delete, lines, design panel, live preview, insert menu. */
export function SlideCard({ slide, index, total, refresh, onDragStart, onDrop }: Props) {
  const remove = () =>
    modals.openConfirmModal({
      title: `Delete slide #${index + 1}?`,
      children: 'The slide, its lines, media and narration are removed. Undo brings it back.',
      labels: { confirm: 'Delete', cancel: 'Keep' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        updateWizard((wizard) => {
          wizard.slides = wizard.slides.filter((s) => s.id !== slide.id);
        }),
    });

  const insert = (kind: InsertKind) =>
    updateWizard((wizard) => {
      const at = wizard.slides.findIndex((s) => s.id === slide.id);
      wizard.slides.splice(at + 1, 0, newSlide(kind, wizard.slides[at]));
    });

  return (
    <li
      aria-label={slideMessages.slideCardTitle(index + 1, total)}
      onDragOver={(event: DragEvent) => event.preventDefault()}
      onDrop={(event: DragEvent) => {
        if (!event.dataTransfer.types.includes('application/x-reelwright-slide')) return;
        event.preventDefault();
        onDrop(index);
      }}
    >
      <Card withBorder radius="md" padding="md" data-testid="slide-card" data-slide-id={slide.id}>
        <Group justify="space-between" mb="sm">
          <Group gap="xs">
            <Tooltip label="Drag to reorder">
              <ActionIcon
                variant="subtle"
                color="gray"
                draggable
                aria-label={`Move slide ${index + 1}`}
                style={{ cursor: 'grab' }}
                onDragStart={(event: DragEvent) => {
                  event.dataTransfer.setData('application/x-reelwright-slide', slide.id);
                  event.dataTransfer.effectAllowed = 'move';
                  onDragStart(index);
                }}
              >
                <IconGripVertical size={18} />
              </ActionIcon>
            </Tooltip>
            <Text fw={700} data-testid="slide-title">
              {slideMessages.slideCardTitle(index + 1, total)}
            </Text>
          </Group>
          <Tooltip label="Delete slide">
            <ActionIcon variant="subtle" color="red" aria-label={`Delete slide ${index + 1}`} onClick={remove}>
              <IconTrash size={18} />
            </ActionIcon>
          </Tooltip>
        </Group>
        <Grid gutter="lg">
          <Grid.Col span={{ base: 12, md: 6 }}>
            <TextLines slide={slide} />
            <DesignPanel slide={slide} activeTextId={slide.activeTextId ?? slide.texts[0]?.id} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 6 }}>
            <SlidePreview slide={slide} index={index} refresh={refresh} />
          </Grid.Col>
        </Grid>
      </Card>
      <Group justify="center" my={6}>
        <Menu position="bottom" withArrow>
          <Menu.Target>
            <Button variant="subtle" size="compact-sm" leftSection={<IconPlus size={14} />} data-testid="insert-slide">
              Insert slide
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item leftSection={<IconSquarePlus size={16} />} onClick={() => insert('blank')}>
              Blank slide
            </Menu.Item>
            <Menu.Item leftSection={<IconPhoto size={16} />} onClick={() => insert('image')}>
              Static image slide (no text)
            </Menu.Item>
            <Menu.Item leftSection={<IconMovie size={16} />} onClick={() => insert('video')}>
              Video clip slide
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      </Group>
    </li>
  );
}
