import { SimpleGrid, Text } from '@mantine/core';
import { type Item, MIN_ITEM_DURATION, roundTo } from '@reelwright/core';
import { resizeItem, retimeItem, rotateItem } from '../../../builder/commands/item-commands';
import { editTarget } from '../../../builder/tools/edit-target';
import { MIN_RESIZE_PX } from '../../../builder/tools/transform';
import { builderEditor, useEditor } from '../editor-store';
import { ScaleSlider } from './ScaleSlider';
import { CommitNumber } from './style/InspectorParts';

/** An item may be up to four times the stage on a side (a picture panned across it). */
const MAX_SIDE = 4;
/** Times typed in: an hour, far past any slide. */
const MAX_TIME = 3600;

/**
 * The inspector's Position and Timing (spec 002 §2): the selected item's box in px of the stage
 * and its start and stop in seconds, the same numbers the stage and the timeline change. Typing
 * a number is one undo step per field and burst; the stage's rules hold (sizes of 30 px or more,
 * left and top of 0 or more, at least 0.1 s). At a keyframe's time the keyframe is what changes.
 */
export function PositionTiming({ item, frameId }: { item: Item; frameId: string }) {
  const size = useEditor((s) => s.data.video.size);
  const playhead = useEditor((s) => s.session.playhead);
  const { box, keyframeDelay } = editTarget(item, playhead);
  const px = {
    x: Math.round(box.left * size.width),
    y: Math.round(box.top * size.height),
    w: Math.round(box.width * size.width),
    h: Math.round(box.height * size.height),
  };
  const setBox = (field: 'x' | 'y' | 'w' | 'h', value: number) => {
    const next = { ...px, [field]: value };
    const fractions = {
      left: Math.max(0, next.x) / size.width,
      top: Math.max(0, next.y) / size.height,
      width: Math.max(MIN_RESIZE_PX, next.w) / size.width,
      height: Math.max(MIN_RESIZE_PX, next.h) / size.height,
    };
    builderEditor.run(resizeItem, { frameId, id: item.id, box: fractions, keyframeDelay });
  };
  const setTiming = (field: 'start' | 'stop', value: number) => {
    const timing = { ...item.timing, [field]: roundTo(Math.max(0, value), 2) };
    if (field === 'start') timing.stop = Math.max(timing.stop, timing.start + MIN_ITEM_DURATION);
    builderEditor.run(retimeItem, { frameId, id: item.id, timing });
  };
  const visual = item.type !== 'audio';

  return (
    <div data-testid="position-timing">
      {visual && (
        <>
          <Text size="xs" c="dimmed" tt="uppercase" fw={700} mb={4}>
            Position{keyframeDelay !== undefined ? ' (keyframe)' : ''}
          </Text>
          <SimpleGrid cols={2} spacing={6} verticalSpacing={6}>
            <CommitNumber label="X (px)" min={0} max={size.width} value={px.x} onCommit={(v) => setBox('x', v)} />
            <CommitNumber label="Y (px)" min={0} max={size.height} value={px.y} onCommit={(v) => setBox('y', v)} />
            <CommitNumber
              label="Width (px)"
              min={MIN_RESIZE_PX}
              max={MAX_SIDE * size.width}
              value={px.w}
              onCommit={(v) => setBox('w', v)}
            />
            <CommitNumber
              label="Height (px)"
              min={MIN_RESIZE_PX}
              max={MAX_SIDE * size.height}
              value={px.h}
              onCommit={(v) => setBox('h', v)}
            />
            <CommitNumber
              label="Rotation (°)"
              min={-180}
              max={180}
              value={Math.round(box.rotate)}
              onCommit={(rotate) => builderEditor.run(rotateItem, { frameId, id: item.id, rotate, keyframeDelay })}
            />
          </SimpleGrid>
          <ScaleSlider item={item} frameId={frameId} box={box} keyframeDelay={keyframeDelay} />
        </>
      )}
      <Text size="xs" c="dimmed" tt="uppercase" fw={700} mt="sm" mb={4}>
        Timing
      </Text>
      <SimpleGrid cols={2} spacing={6}>
        <CommitNumber
          label="Start (s)"
          min={0}
          max={MAX_TIME}
          step={0.1}
          decimalScale={2}
          value={item.timing.start}
          onCommit={(v) => setTiming('start', v)}
        />
        <CommitNumber
          label="Stop (s)"
          min={roundTo(item.timing.start + MIN_ITEM_DURATION, 2)}
          max={MAX_TIME}
          step={0.1}
          decimalScale={2}
          value={item.timing.stop}
          onCommit={(v) => setTiming('stop', v)}
        />
      </SimpleGrid>
    </div>
  );
}
