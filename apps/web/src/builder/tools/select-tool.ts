import type { Frame, Item } from '@reelwright/core';
import { runCommand } from '../commands/define';
import { moveItems, resizeItem, rotateItem } from '../commands/item-commands';
import type { ProjectDocument } from '../commands/project-document';
import { editTarget } from './edit-target';
import {
  bounds,
  boxContains,
  drawnBox,
  isOnStage,
  itemAt,
  type StagePoint,
  type StageSize,
  toBoxFrame,
} from './geometry';
import { type Bounds, SNAP_THRESHOLD_SCREEN_PX, type SnapGuide, type SnapLines, snapLines, snapMove } from './snapping';
import { handleDirection, RESIZE_HANDLES, type ResizeHandle, resizeBox, rotateBox } from './transform';

/** Screen px the pointer must travel before a press on an item becomes a drag. */
export const DRAG_DISTANCE_SCREEN_PX = 3;
/** How near a handle, in screen px, a press picks it. */
export const HANDLE_REACH_SCREEN_PX = 8;
/** The rotation handle's distance above the top edge, in screen px. */
export const ROTATE_HANDLE_OFFSET_SCREEN_PX = 28;

export type Handle = ResizeHandle | 'rotate';
export type PointerInput = { shiftKey?: boolean; handle?: Handle };

/** What the select tool needs of the editor. */
export type ToolHost = {
  readonly document: ProjectDocument;
  readonly stage: StageSize;
  /** Screen px per stage px: thresholds are felt on screen. */
  readonly viewScale: number;
  readonly playhead: number;
  readonly selectedIds: readonly string[];
  readonly editingTextId: string | null;
  currentFrame(): Frame | null;
  select(ids: string[]): void;
  setGuides(guides: SnapGuide[]): void;
  startTextEditing(id: string): void;
  stopTextEditing(): void;
};

type Target = ReturnType<typeof editTarget>;

type State =
  | { id: 'idle' }
  | { id: 'pointing_canvas' }
  | { id: 'pointing_item'; origin: StagePoint }
  | { id: 'translating'; origin: StagePoint; starts: Map<string, Target>; startBounds: Bounds; lines: SnapLines }
  | { id: 'resizing'; origin: StagePoint; itemId: string; handle: ResizeHandle; start: Target; lines: SnapLines }
  | { id: 'rotating'; origin: StagePoint; itemId: string; start: Target; centre: StagePoint }
  | { id: 'editing_text' };

/**
 * The stage's one tool (STYLE §7): pick, drag, resize, rotate, and edit text in place. Each
 * gesture marks on pointer down, applies live, commits one undo step on release, and Escape
 * takes it back. Its state path (`select.translating` …) is what tests assert.
 */
export class SelectTool {
  private state: State = { id: 'idle' };

  constructor(private readonly host: ToolHost) {}

  get path(): string {
    return `select.${this.state.id}`;
  }

  pointerDown(point: StagePoint, input: PointerInput = {}): void {
    const frame = this.host.currentFrame();
    if (!frame) return;
    if (this.state.id === 'editing_text') {
      const editing = frame.items.find((item) => item.id === this.host.editingTextId);
      if (editing && this.contains(editing, point)) return;
      this.host.stopTextEditing();
      this.state = { id: 'idle' };
    }
    const handle = input.handle ?? this.handleAt(frame, point);
    const selected = this.singleSelected(frame);
    if (handle && selected) {
      this.beginHandleGesture(frame, selected, handle, point);
      return;
    }
    const item = itemAt(frame, this.host.playhead, point, this.host.stage);
    if (!item) {
      this.host.select([]);
      this.state = { id: 'pointing_canvas' };
      return;
    }
    const ids = this.host.selectedIds;
    if (input.shiftKey) {
      this.host.select(ids.includes(item.id) ? ids.filter((id) => id !== item.id) : [...ids, item.id]);
    } else if (!ids.includes(item.id)) {
      this.host.select([item.id]);
    }
    this.state = { id: 'pointing_item', origin: point };
  }

  pointerMove(point: StagePoint, input: PointerInput = {}): void {
    const state = this.state;
    const frame = this.host.currentFrame();
    if (!frame) return;
    switch (state.id) {
      case 'pointing_item':
        if (distance(point, state.origin) * this.host.viewScale >= DRAG_DISTANCE_SCREEN_PX) {
          this.beginTranslating(frame, state.origin);
          this.pointerMove(point, input);
        }
        return;
      case 'translating':
        this.translate(frame, state, point, Boolean(input.shiftKey));
        return;
      case 'resizing': {
        const delta = { x: point.x - state.origin.x, y: point.y - state.origin.y };
        const box = resizeBox(state.start.box, state.handle, delta, this.host.stage, {
          keepRatio: input.shiftKey,
          lines: state.lines,
          threshold: this.snapThreshold,
        });
        const { keyframeDelay } = state.start;
        runCommand(this.host.document, resizeItem, { frameId: frame.id, id: state.itemId, box, keyframeDelay });
        return;
      }
      case 'rotating': {
        const rotate = rotateBox(state.start.box.rotate, state.centre, state.origin, point, input.shiftKey);
        const { keyframeDelay } = state.start;
        runCommand(this.host.document, rotateItem, { frameId: frame.id, id: state.itemId, rotate, keyframeDelay });
        return;
      }
      default:
        return;
    }
  }

  pointerUp(): void {
    if (this.state.id === 'editing_text') return;
    if (this.isGesture) {
      this.host.document.commitGesture();
      this.host.setGuides([]);
    }
    this.state = { id: 'idle' };
  }

  /** Double click: edit a text item's words in place. */
  doubleClick(point: StagePoint): void {
    const frame = this.host.currentFrame();
    if (!frame) return;
    const item = itemAt(frame, this.host.playhead, point, this.host.stage);
    if (item?.type !== 'text') return;
    this.host.select([item.id]);
    this.host.startTextEditing(item.id);
    this.state = { id: 'editing_text' };
  }

  /** Escape: take back the gesture, else stop editing text; false when there was nothing to cancel. */
  cancel(): boolean {
    if (this.isGesture) {
      this.host.document.cancelGesture();
      this.host.setGuides([]);
      this.state = { id: 'idle' };
      return true;
    }
    if (this.state.id === 'editing_text') {
      this.host.stopTextEditing();
      this.state = { id: 'idle' };
      return true;
    }
    this.state = { id: 'idle' };
    return false;
  }

  /** The editor left text editing by itself (the text box lost focus). */
  textEditingEnded(): void {
    if (this.state.id === 'editing_text') this.state = { id: 'idle' };
  }

  /** Back to idle, ending any gesture as it stands (the slide changed under it). */
  reset(): void {
    if (this.isGesture) this.host.document.commitGesture();
    this.state = { id: 'idle' };
  }

  get isGesture(): boolean {
    return this.state.id === 'translating' || this.state.id === 'resizing' || this.state.id === 'rotating';
  }

  /** The handle of the one selected item under the point, if any. */
  handleAt(frame: Frame, point: StagePoint): Handle | null {
    const item = this.singleSelected(frame);
    if (!item) return null;
    const box = drawnBox(item, this.host.playhead, this.host.stage);
    const local = toBoxFrame(box, point);
    const reach = HANDLE_REACH_SCREEN_PX / this.host.viewScale;
    const centreX = box.x + box.width / 2;
    const rotateY = box.y - ROTATE_HANDLE_OFFSET_SCREEN_PX / this.host.viewScale;
    if (Math.hypot(local.x - centreX, local.y - rotateY) <= reach) return 'rotate';
    for (const handle of RESIZE_HANDLES) {
      const { hx, hy } = handleDirection(handle);
      const hxPos = centreX + (hx * box.width) / 2;
      const hyPos = box.y + box.height / 2 + (hy * box.height) / 2;
      if (Math.abs(local.x - hxPos) <= reach && Math.abs(local.y - hyPos) <= reach) return handle;
    }
    return null;
  }

  private get snapThreshold(): number {
    return SNAP_THRESHOLD_SCREEN_PX / this.host.viewScale;
  }

  private singleSelected(frame: Frame): Item | null {
    if (this.host.selectedIds.length !== 1) return null;
    const item = frame.items.find((candidate) => candidate.id === this.host.selectedIds[0]);
    return item && isOnStage(item, this.host.playhead) ? item : null;
  }

  private contains(item: Item, point: StagePoint): boolean {
    return boxContains(drawnBox(item, this.host.playhead, this.host.stage), point);
  }

  /** Lines to snap to: the stage's edges and centre, and the items on stage that are not moving. */
  private linesExcept(frame: Frame, moving: readonly string[]): SnapLines {
    const others = frame.items
      .filter((item) => !moving.includes(item.id) && isOnStage(item, this.host.playhead))
      .map((item) => bounds(drawnBox(item, this.host.playhead, this.host.stage)));
    return snapLines(this.host.stage, others);
  }

  private beginHandleGesture(frame: Frame, item: Item, handle: Handle, point: StagePoint): void {
    const lines = this.linesExcept(frame, [item.id]);
    if (handle === 'rotate') {
      const box = drawnBox(item, this.host.playhead, this.host.stage);
      const centre = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
      this.host.document.beginGesture('rotateItem');
      const start = editTarget(item, this.host.playhead);
      this.state = { id: 'rotating', origin: point, itemId: item.id, start, centre };
      return;
    }
    this.host.document.beginGesture('resizeItem');
    const start = editTarget(item, this.host.playhead);
    this.state = { id: 'resizing', origin: point, itemId: item.id, handle, start, lines };
  }

  private beginTranslating(frame: Frame, origin: StagePoint): void {
    const moving = frame.items.filter((item) => this.host.selectedIds.includes(item.id));
    const starts = new Map(moving.map((item) => [item.id, editTarget(item, this.host.playhead)]));
    const all = moving.map((item) => bounds(drawnBox(item, this.host.playhead, this.host.stage)));
    const startBounds = {
      left: Math.min(...all.map((b) => b.left)),
      top: Math.min(...all.map((b) => b.top)),
      right: Math.max(...all.map((b) => b.right)),
      bottom: Math.max(...all.map((b) => b.bottom)),
    };
    this.host.document.beginGesture('moveItems');
    this.state = { id: 'translating', origin, starts, startBounds, lines: this.linesExcept(frame, [...starts.keys()]) };
  }

  private translate(frame: Frame, state: Extract<State, { id: 'translating' }>, point: StagePoint, axisLock: boolean) {
    let dx = point.x - state.origin.x;
    let dy = point.y - state.origin.y;
    if (axisLock) {
      if (Math.abs(dx) > Math.abs(dy)) dy = 0;
      else dx = 0;
    }
    const moved = {
      left: state.startBounds.left + dx,
      right: state.startBounds.right + dx,
      top: state.startBounds.top + dy,
      bottom: state.startBounds.bottom + dy,
    };
    const snap = snapMove(moved, state.lines, this.snapThreshold);
    dx += axisLock && dx === 0 ? 0 : snap.dx;
    dy += axisLock && dy === 0 ? 0 : snap.dy;
    const { width, height } = this.host.stage;
    const moves = [...state.starts].map(([id, { box, keyframeDelay }]) => ({
      id,
      left: box.left + dx / width,
      top: box.top + dy / height,
      keyframeDelay,
    }));
    runCommand(this.host.document, moveItems, { frameId: frame.id, moves });
    this.host.setGuides(snap.guides);
  }
}

function distance(a: StagePoint, b: StagePoint): number {
  return Math.hypot(a.x - b.x, a.y - b.y);
}
