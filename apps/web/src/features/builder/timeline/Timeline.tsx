import {
  closestCenter,
  DndContext,
  type DragEndEvent,
  MeasuringStrategy,
  PointerSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { SortableContext, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { ActionIcon, Button, Group, Slider, Text, Tooltip } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import type { Item } from '@reelwright/core';
import { IconAlertTriangle, IconGripVertical, IconKey } from '@tabler/icons-react';
import { type DragEvent, memo, type PointerEvent, useEffect, useRef, type WheelEvent } from 'react';
import { reorderItem } from '../../../builder/commands/item-commands';
import { carriesFiles } from '../../../builder/file-drop';
import { isStaleSpeech } from '../../../builder/stale-speech';
import {
  fittedViewport,
  formatTick,
  GUIDELINES_PX,
  pxToTime,
  type TimelineViewport,
  ticks,
  timeToPx,
} from '../../../builder/timeline/viewport';
import type { TimelineTarget } from '../../../builder/tools/timeline-tool';
import { builderEditor, useEditor } from '../editor-store';
import { fileDrops } from '../stage/use-file-drops';
import classes from './Timeline.module.css';
import { TimelineEditTools } from './TimelineEditTools';
import { useWheelZoomOnly } from './use-wheel-zoom-only';

/** Width of the rows' name column, px. */
const LABEL_WIDTH = 140;
/**
 * The rows while no slide is open. One array for every render: a selector that made a new `[]`
 * each time would never settle (React error #185 on entering the builder from the wizard).
 */
const NO_ITEMS: readonly Item[] = [];

export function trackLabel(item: Item): string {
  if (item.label) return item.label;
  if (item.type === 'text') return item.paragraphs.map((p) => p.runs.map((r) => r.text).join('')).join(' ') || 'Text';
  if (item.type === 'audio') return item.ttsText ?? 'Audio';
  return item.type[0]!.toUpperCase() + item.type.slice(1);
}

/**
 * The timeline (spec 002 §2): a row per item of the open slide, top layer first, each with a bar
 * from its start to its stop that drags and resizes, its keyframe markers, the playhead, a cursor
 * that follows the pointer, tick labels and the guidelines. Rows reorder by their handle (the
 * layer order). Ctrl+wheel zooms about the pointer, the wheel scrolls.
 */
export const Timeline = memo(function Timeline() {
  const frameId = useEditor((s) => s.session.frameId);
  const items = useEditor((s) => s.data.video.frames.find((f) => f.id === s.session.frameId)?.items ?? NO_ITEMS);
  const duration = useEditor((s) => s.data.video.frames.find((f) => f.id === s.session.frameId)?.duration ?? 0);
  const viewport = useEditor((s) => s.session.timeline);
  const cursor = useEditor((s) => s.session.cursor);
  const selectedIds = useEditor((s) => s.session.selectedIds);
  const { ref: laneArea, width } = useElementSize<HTMLDivElement>();
  const lane = useRef<HTMLDivElement>(null);
  useWheelZoomOnly(laneArea);
  const laneWidth = Math.max(0, width - LABEL_WIDTH - 12);

  // The slide fills the lane when it opens, and again when the lane or the slide's length changes.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new slide refits too.
  useEffect(() => {
    if (laneWidth > 0) builderEditor.setTimelineViewport(fittedViewport(duration, laneWidth));
  }, [frameId, duration, laneWidth]);

  const lanePx = (event: { clientX: number }) => event.clientX - (lane.current?.getBoundingClientRect().left ?? 0);
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 4 } }));
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    const toIndex = items.findIndex((item) => item.id === over?.id);
    if (frameId && toIndex >= 0 && active.id !== over?.id) {
      builderEditor.run(reorderItem, { frameId, id: String(active.id), toIndex });
    }
  };
  // Ctrl/Cmd+wheel zooms; the wheel scrolls the rows (the browser's own scroll), and sideways or
  // with Shift it moves through time, as in Premiere and CapCut.
  const onWheel = (event: WheelEvent<HTMLDivElement>) => {
    if (event.ctrlKey || event.metaKey) {
      builderEditor.zoomTimeline(event.deltaY < 0 ? 1.25 : 0.8, lanePx(event));
      return;
    }
    const sideways = event.deltaX + (event.shiftKey ? event.deltaY : 0);
    if (sideways !== 0) builderEditor.setTimelineViewport({ ...viewport, scroll: viewport.scroll + sideways });
  };
  // Files from the computer dropped on the rows start where they fall in time, centred on the stage.
  const onFileDrop = (event: DragEvent<HTMLDivElement>) => {
    if (!carriesFiles(event.dataTransfer)) return;
    event.preventDefault();
    const { width: stageWidth, height: stageHeight } = builderEditor.stage;
    const time = Math.min(duration, Math.max(0, pxToTime(viewport, lanePx(event))));
    fileDrops.drop(Array.from(event.dataTransfer.files), { x: stageWidth / 2, y: stageHeight / 2 }, time);
  };
  const { step, times } = ticks(viewport, duration);
  const fitted = laneWidth / Math.max(duration, 0.1);
  const zoom = fitted > 0 ? viewport.pxPerSecond / fitted : 1;

  return (
    <div className={classes.timeline} data-testid="timeline">
      <Group className={classes.toolbar} gap="xs" wrap="nowrap">
        <AddKeyframeButton />
        <TimelineEditTools />
        <Text size="xs" c="dimmed" ml="auto">
          Zoom
        </Text>
        <Slider
          w={140}
          size="xs"
          min={1}
          max={20}
          step={0.1}
          value={Math.min(zoom, 20)}
          label={(value) => `${value.toFixed(1)}×`}
          onChange={(value) => builderEditor.zoomTimeline(value / zoom, laneWidth / 2)}
          aria-label="Timeline zoom"
        />
      </Group>
      <div ref={laneArea} className={classes.body} onWheel={onWheel} data-testid="timeline-body">
        {/* The ruler stays in view above rows scrolled down. */}
        <div className={classes.rulerBar}>
          <div
            className={classes.ruler}
            style={{ marginLeft: LABEL_WIDTH }}
            data-testid="timeline-ruler"
            onPointerDown={(event) => builderEditor.setPlayhead(Math.max(0, pxToTime(viewport, lanePx(event))))}
          >
            {times.map((time) => (
              <span key={time} className={classes.tick} style={{ left: timeToPx(viewport, time) }}>
                {formatTick(time, step)}
              </span>
            ))}
          </div>
        </div>
        {/* biome-ignore lint/a11y/noStaticElementInteractions: the rows take dropped files; the add panel's Upload does the same by keyboard. */}
        <div
          className={classes.rows}
          data-testid="timeline-rows"
          onDragOver={(event) => carriesFiles(event.dataTransfer) && event.preventDefault()}
          onDrop={onFileDrop}
          onPointerMove={(event) => builderEditor.moveCursor(lanePx(event))}
          onPointerLeave={() => builderEditor.moveCursor(null)}
        >
          <div ref={lane} className={classes.overlay} style={{ left: LABEL_WIDTH }}>
            {GUIDELINES_PX.map((px) => (
              <div key={px} className={classes.guideline} style={{ left: px - viewport.scroll }} />
            ))}
            <Playhead viewport={viewport} />
            {cursor !== null && <div className={classes.cursor} style={{ left: timeToPx(viewport, cursor) }} />}
          </div>
          <DndContext
            sensors={sensors}
            collisionDetection={closestCenter}
            onDragEnd={onDragEnd}
            // A row drag scrolls the list up and down only, gently, and the rows are measured
            // again as it scrolls, so the drop lands on the row under the pointer (D93).
            autoScroll={ROW_AUTO_SCROLL}
            measuring={ROW_MEASURING}
          >
            <SortableContext items={items.map((item) => item.id)} strategy={verticalListSortingStrategy}>
              {items.map((item) => (
                <Track key={item.id} item={item} selected={selectedIds.includes(item.id)} lanePx={lanePx} />
              ))}
            </SortableContext>
          </DndContext>
          {items.length === 0 && (
            <Text size="xs" c="dimmed" p="xs" style={{ paddingLeft: LABEL_WIDTH }}>
              Items you add to this slide appear here, one row each.
            </Text>
          )}
        </div>
      </div>
    </div>
  );
});

/** Auto-scroll while a row is dragged: vertical only, near the list's edges, at a walking pace. */
const ROW_AUTO_SCROLL = { threshold: { x: 0, y: 0.15 }, acceleration: 3 };
const ROW_MEASURING = { droppable: { strategy: MeasuringStrategy.Always } };

type TrackProps = { item: Item; selected: boolean; lanePx(event: { clientX: number }): number };

/** One item's row: its name and drag handle, and its bar with edges and keyframe markers. */
function Track({ item, selected, lanePx }: TrackProps) {
  const viewport = useEditor((s) => s.session.timeline);
  const active = useEditor((s) => s.session.activeBarId === item.id);
  const pickedKeyframe = useEditor((s) =>
    s.session.selectedKeyframe?.itemId === item.id ? s.session.selectedKeyframe.delay : null,
  );
  const sortable = useSortable({ id: item.id });
  const left = timeToPx(viewport, item.timing.start);
  const width = Math.max(timeToPx(viewport, item.timing.stop) - left, 1);
  const label = trackLabel(item);
  const stale = useEditor(
    (s) =>
      item.type === 'audio' &&
      isStaleSpeech(
        s.data.video.frames.find((f) => f.id === s.session.frameId),
        item.id,
      ),
  );

  const press = (target: TimelineTarget) => (event: PointerEvent<HTMLElement>) => {
    if (event.button !== 0) return;
    event.stopPropagation();
    event.currentTarget.setPointerCapture(event.pointerId);
    builderEditor.timelineDown(target, lanePx(event));
  };
  const move = (event: PointerEvent<HTMLElement>) => {
    if (event.currentTarget.hasPointerCapture(event.pointerId)) builderEditor.timelineMove(lanePx(event));
  };
  const release = (event: PointerEvent<HTMLElement>) => {
    if (!event.currentTarget.hasPointerCapture(event.pointerId)) return;
    event.currentTarget.releasePointerCapture(event.pointerId);
    builderEditor.timelineUp();
  };
  const handlers = { onPointerMove: move, onPointerUp: release, onPointerCancel: release };

  return (
    <div
      ref={sortable.setNodeRef}
      className={classes.row}
      data-selected={selected || undefined}
      data-testid="track"
      data-item-id={item.id}
      style={{
        // Rows move up and down only.
        transform: CSS.Translate.toString(sortable.transform && { ...sortable.transform, x: 0 }),
        transition: sortable.transition,
      }}
    >
      <div className={classes.name} style={{ width: LABEL_WIDTH }}>
        <ActionIcon
          variant="subtle"
          color="gray"
          size="xs"
          aria-label={`Move ${label} to another layer`}
          {...sortable.attributes}
          {...sortable.listeners}
        >
          <IconGripVertical size={12} />
        </ActionIcon>
        <button
          type="button"
          className={classes.nameButton}
          title={label}
          onClick={() => builderEditor.select([item.id])}
        >
          {stale && (
            <Tooltip label="Speech out of date: the text changed">
              <IconAlertTriangle size={12} color="var(--mantine-color-yellow-7)" data-testid="stale-speech-badge" />
            </Tooltip>
          )}
          {label}
        </button>
      </div>
      <div className={classes.lane}>
        <div
          className={classes.bar}
          data-type={item.type}
          data-active={active || undefined}
          data-testid="timeline-bar"
          style={{ left, width }}
          onPointerDown={press({ itemId: item.id, part: 'body' })}
          {...handlers}
        >
          <span
            className={classes.edge}
            data-edge="start"
            onPointerDown={press({ itemId: item.id, part: 'start' })}
            {...handlers}
          />
          <span className={classes.barLabel}>{label}</span>
          <span
            className={classes.edge}
            data-edge="end"
            onPointerDown={press({ itemId: item.id, part: 'end' })}
            {...handlers}
          />
        </div>
        {item.keyframes.map((keyframe) => (
          <Tooltip key={keyframe.delay} label={`Keyframe at ${(item.timing.start + keyframe.delay).toFixed(2)} s`}>
            <button
              type="button"
              className={classes.keyframe}
              data-picked={pickedKeyframe === keyframe.delay || undefined}
              data-testid="keyframe-marker"
              aria-label={`Keyframe at ${(item.timing.start + keyframe.delay).toFixed(2)} s`}
              style={{ left: timeToPx(viewport, item.timing.start + keyframe.delay) }}
              onPointerDown={press({ itemId: item.id, keyframe: keyframe.delay })}
              {...handlers}
            />
          </Tooltip>
        ))}
      </div>
    </div>
  );
}

/** The playhead's line: alone in following the playhead, so playback renders nothing else 60 times a second. */
function Playhead({ viewport }: { viewport: TimelineViewport }) {
  const playhead = useEditor((s) => s.session.playhead);
  return (
    <div className={classes.playhead} style={{ left: timeToPx(viewport, playhead) }} data-testid="timeline-playhead" />
  );
}

/** Adds a keyframe at the playhead to the selected item; disabled outside its time range. */
function AddKeyframeButton() {
  const possible = useEditor((s) => {
    const frame = s.data.video.frames.find((f) => f.id === s.session.frameId);
    const [id] = s.session.selectedIds;
    const item = s.session.selectedIds.length === 1 ? frame?.items.find((candidate) => candidate.id === id) : undefined;
    return !!item && s.session.playhead >= item.timing.start && s.session.playhead <= item.timing.stop;
  });
  return (
    <Tooltip label={possible ? 'Add a keyframe at the playhead' : 'Select an item showing at the playhead'}>
      <Button
        size="compact-xs"
        variant="light"
        leftSection={<IconKey size={12} />}
        disabled={!possible}
        onClick={() => builderEditor.addKeyframe()}
      >
        Add keyframe
      </Button>
    </Tooltip>
  );
}
