import {
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  type Modifier,
  PointerSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { Button, Group, ScrollArea, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { memo, useEffect, useMemo, useRef } from 'react';
import { builderEditor, useEditor } from '../editor-store';
import { thumbnailSetup } from './render-thumbnail';
import classes from './SlideBar.module.css';
import { SlideCard } from './SlideCard';
import { DRAG_INSTRUCTIONS, dragAnnouncements, dropIndex } from './slide-bar-rules';

/** Pointer travel before a press becomes a drag, px: shorter presses are clicks that open the slide. */
const DRAG_DISTANCE_PX = 5;

/** Slides move up and down only. */
const verticalOnly: Modifier = ({ transform }) => ({ ...transform, x: 0 });

/**
 * The builder's slide bar (spec 002 §2): a thumbnail per slide, in order, the open one outlined;
 * a cog menu on each (Duplicate, Add slide before or after, Delete); 'Add slide' at the bottom,
 * which adds after the open slide; drag (or Space and the arrows) to reorder, one undo step per
 * drop. A vertical column: it scrolls by itself and keeps the open slide in view.
 */
export const SlideBar = memo(function SlideBar() {
  const video = useEditor((snapshot) => snapshot.data.video);
  const openId = useEditor((snapshot) => snapshot.session.frameId);
  const frames = video.frames;
  const ids = useMemo(() => frames.map((frame) => frame.id), [frames]);
  const idsRef = useRef(ids);
  idsRef.current = ids;

  const pixelRatio = window.devicePixelRatio;
  // Thumbnails depend on these parts of the movie only; its frames change with every edit.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `video` is read for them alone.
  const setup = useMemo(
    () => thumbnailSetup(video, pixelRatio),
    [video.size, video.watermark, video.background, pixelRatio],
  );

  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: DRAG_DISTANCE_PX } }),
    // Space picks up and drops; Enter stays free to open the slide.
    useSensor(KeyboardSensor, {
      coordinateGetter: sortableKeyboardCoordinates,
      keyboardCodes: { start: ['Space'], cancel: ['Escape'], end: ['Space'] },
    }),
  );
  const accessibility = useMemo(
    () => ({
      announcements: dragAnnouncements(() => idsRef.current),
      screenReaderInstructions: { draggable: DRAG_INSTRUCTIONS },
    }),
    [],
  );

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    const toIndex = dropIndex(ids, String(active.id), over ? String(over.id) : null);
    if (toIndex !== null) builderEditor.reorderSlide(String(active.id), toIndex);
  };

  const listRef = useRef<HTMLOListElement>(null);
  // The open slide comes into view when it changes: a click, a new or duplicated slide, undo.
  useEffect(() => {
    if (!openId) return;
    const card = listRef.current?.querySelector<HTMLElement>(`[data-slide-id="${CSS.escape(openId)}"]`);
    card?.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' });
  }, [openId]);

  return (
    <section className={classes.bar} aria-label="Slides" data-testid="slide-bar">
      <Group justify="space-between" className={classes.header}>
        <Text size="xs" fw={700} tt="uppercase" c="dimmed">
          Slides
        </Text>
        <Text size="xs" c="dimmed" data-testid="slide-count">
          {frames.length}
        </Text>
      </Group>
      <ScrollArea className={classes.scroll} type="hover" scrollbarSize={6} offsetScrollbars>
        <DndContext
          sensors={sensors}
          collisionDetection={closestCenter}
          modifiers={[verticalOnly]}
          accessibility={accessibility}
          onDragEnd={onDragEnd}
        >
          <SortableContext items={ids} strategy={verticalListSortingStrategy}>
            <ol ref={listRef} className={classes.list}>
              {frames.map((frame, index) => (
                <SlideCard
                  key={frame.id}
                  frame={frame}
                  index={index}
                  open={frame.id === openId}
                  canDelete={frames.length > 1}
                  setup={setup}
                />
              ))}
            </ol>
          </SortableContext>
        </DndContext>
      </ScrollArea>
      <div className={classes.footer}>
        <Button
          fullWidth
          variant="light"
          leftSection={<IconPlus size={16} />}
          onClick={() => builderEditor.addSlide(openId ? { after: openId } : {})}
        >
          Add slide
        </Button>
      </div>
    </section>
  );
});
