import { lazy, Suspense, useCallback, useLayoutEffect, useRef, useState } from 'react';
import type MoveableHandles from 'react-moveable';
import { drawnBox, isOnStage, type StagePoint } from '../../../builder/tools/geometry';
import type { ResizeHandle } from '../../../builder/tools/transform';
import { builderEditor, useLiveEditor } from '../editor-store';
import classes from './Stage.module.css';

// react-moveable is most of the builder's weight: it loads with the first selection, in its own chunk.
const Moveable = lazy(() => import('react-moveable'));

/** The pinch threshold of stage gestures (spec 002 §2). */
export const PINCH_THRESHOLD = 20;
const DIRECTIONS = ['nw', 'n', 'ne', 'e', 'se', 's', 'sw', 'w'];

/** Moveable's handle direction ([-1..1, -1..1]) as the editor's handle name. */
export function handleOf(direction: readonly number[]): ResizeHandle {
  const [x = 0, y = 0] = direction;
  return `${y < 0 ? 'n' : y > 0 ? 's' : ''}${x < 0 ? 'w' : x > 0 ? 'e' : ''}` as ResizeHandle;
}

type Point = { clientX: number; clientY: number; inputEvent?: { shiftKey?: boolean } };

/**
 * Outlines the selection. One selected item gets react-moveable's resize and rotate handles;
 * their presses and moves go to the editor as handle gestures, so the editor's rules (sizes of
 * 30 px or more, left and top of 0 or more, snapping, one undo step, Escape) apply as in tests.
 */
export function SelectionFrame({
  scale,
  toStage,
  container,
}: {
  scale: number;
  toStage(point: Point): StagePoint;
  /** The stage's input layer: the handles are placed relative to it. */
  container: HTMLElement | null;
}) {
  const frame = useLiveEditor((s) => s.data.video.frames.find((f) => f.id === s.session.frameId) ?? null);
  const selectedIds = useLiveEditor((s) => s.session.selectedIds);
  const playhead = useLiveEditor((s) => s.session.playhead);
  const editing = useLiveEditor((s) => s.session.editingTextId);
  const size = useLiveEditor((s) => s.data.video.size);
  const [target, setTarget] = useState<HTMLDivElement | null>(null);
  const moveable = useRef<MoveableHandles>(null);

  const selected = frame?.items.filter((item) => selectedIds.includes(item.id) && item.type !== 'audio') ?? [];
  const boxes = selected.map((item) => ({ id: item.id, box: drawnBox(item, playhead, size) }));
  // Handles only for an item showing at the playhead; a hidden selected item keeps its outline.
  const showing = selected.length === 1 && isOnStage(selected[0]!, playhead);
  // While the item is dragged the handles step aside (as in tldraw): no handle layout per move.
  const translating = useLiveEditor((s) => s.toolPath === 'select.translating');
  const single = boxes.length === 1 && !editing && showing && !translating ? boxes[0] : null;

  useLayoutEffect(() => {
    moveable.current?.updateRect();
  });
  // Given a container, react-moveable measures its target only when told to. On the first selection
  // it mounts after its chunk loads, past the layout effect above: measure it as it mounts, or the
  // first click showed no frame and no handles (issue 32).
  const mountMoveable = useCallback((handles: MoveableHandles | null) => {
    moveable.current = handles;
    handles?.updateRect();
  }, []);

  const gesture = (handle: ResizeHandle | 'rotate') => ({
    start: (event: Point) => builderEditor.pointerDown(toStage(event), { handle }),
  });
  const move = (event: Point) => builderEditor.pointerMove(toStage(event), { shiftKey: event.inputEvent?.shiftKey });
  const end = () => builderEditor.pointerUp();

  return (
    <>
      {boxes.map(({ id, box }) => (
        <div
          key={id}
          ref={single?.id === id ? setTarget : undefined}
          className={classes.selection}
          data-testid="selection"
          data-item-id={id}
          style={{
            left: box.x * scale,
            top: box.y * scale,
            width: box.width * scale,
            height: box.height * scale,
            transform: box.rotate ? `rotate(${box.rotate}deg)` : undefined,
            outline: single?.id === id ? undefined : '1px dashed #4dabf7',
          }}
        />
      ))}
      {single && target && container && (
        <div data-stage-own-input>
          <Suspense fallback={null}>
            <Moveable
              ref={mountMoveable}
              target={target}
              container={container}
              resizable
              rotatable
              draggable={false}
              origin={false}
              renderDirections={DIRECTIONS}
              rotationPosition="top"
              pinchable
              pinchThreshold={PINCH_THRESHOLD}
              onResizeStart={(event) => gesture(handleOf(event.direction)).start(event)}
              onResize={move}
              onResizeEnd={end}
              onRotateStart={(event) => gesture('rotate').start(event)}
              onRotate={move}
              onRotateEnd={end}
            />
          </Suspense>
        </div>
      )}
    </>
  );
}
