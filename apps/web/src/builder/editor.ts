import {
  animatedBox,
  canAddKeyframe,
  createFrame,
  DEFAULT_MOVIE_SIZE,
  type Frame,
  heldStyle,
  type Item,
  type Paragraph,
  type ProjectData,
  type Px,
  roundTo,
  type Seconds,
} from '@reelwright/core';
import { type Command, runCommand } from './commands/define';
import {
  addItemKeyframe,
  attachAudio,
  deleteItems,
  deleteKeyframe,
  duplicateItems,
  insertItem,
  moveItems,
  replaceMedia,
  setItemText,
} from './commands/item-commands';
import { nextId } from './commands/lookup';
import type { ProjectDocument } from './commands/project-document';
import { addFirstSlide, addSlide, duplicateSlide, removeSlide, reorderSlide } from './commands/slide-commands';
import { type DropAnswer, dropOutcome, type PendingDrop } from './drop';
import { type KeyInput, NUDGE_FAR_PX, NUDGE_PX, shortcutFor } from './keys';
import { type NewItemSource, newItem } from './new-items';
import { openingPlayhead } from './opening-playhead';
import {
  clampScroll,
  fittedViewport,
  GUIDELINES_PX,
  pxToTime,
  snapTime,
  type TimelineViewport,
  zoomViewport,
} from './timeline/viewport';
import { editTarget } from './tools/edit-target';
import { itemAt, type StagePoint, type StageSize } from './tools/geometry';
import { type PointerInput, SelectTool, type ToolHost } from './tools/select-tool';
import type { SnapGuide } from './tools/snapping';
import { type TimelineTarget, TimelineTool } from './tools/timeline-tool';

/**
 * What the editor shows that is not project data (spec 002 §2): the open slide, the selection,
 * the playhead, text being edited, snap guides, a drop waiting for an answer. It is never saved
 * and never in undo history.
 */
export type EditorSession = {
  frameId: string | null;
  selectedIds: readonly string[];
  /** Seconds from the start of the open slide. */
  playhead: Seconds;
  editingTextId: string | null;
  guides: readonly SnapGuide[];
  pendingDrop: PendingDrop | null;
  /** The timeline's zoom and scroll. */
  timeline: TimelineViewport;
  /** The bar being dragged or resized, marked active (spec 002 §2). */
  activeBarId: string | null;
  /** The time under the pointer on the timeline, snapped within 5 px; null when away. */
  cursor: Seconds | null;
  /** The keyframe marker picked on the timeline. */
  selectedKeyframe: { itemId: string; delay: Seconds } | null;
};

/** Everything a screen draws from, as one immutable value (for `useSyncExternalStore`). */
export type EditorSnapshot = {
  data: ProjectData;
  session: EditorSession;
  canUndo: boolean;
  canRedo: boolean;
  toolPath: string;
};

/** Share of the stage a duplicate is offset by, down and right. */
const DUPLICATE_OFFSET = 0.02;

/**
 * The builder's editor (STYLE §6–7): the project document with its history, the session, and the
 * select tool. Screens and tests call the same methods; every change to the project is a named
 * command, every gesture one undo step.
 */
export class Editor implements ToolHost {
  private session: EditorSession = {
    frameId: null,
    selectedIds: [],
    playhead: 0,
    editingTextId: null,
    guides: [],
    pendingDrop: null,
    timeline: fittedViewport(5, 800),
    activeBarId: null,
    cursor: null,
    selectedKeyframe: null,
  };
  private current: EditorSnapshot;
  private readonly tool: SelectTool;
  private readonly timelineTool: TimelineTool;
  private readonly listeners = new Set<() => void>();
  private scale = 1;

  constructor(readonly document: ProjectDocument) {
    this.tool = new SelectTool(this);
    this.timelineTool = new TimelineTool(this);
    this.current = this.makeSnapshot();
    document.subscribe(() => this.changed());
    this.reconcile();
  }

  // Reading

  get snapshot(): EditorSnapshot {
    return this.current;
  }

  get data(): ProjectData {
    return this.document.data;
  }

  /** The stage at scale 1: the movie's own size (1024×576 by default, spec 002 §2). */
  get stage(): StageSize {
    return this.document.data.video.size ?? DEFAULT_MOVIE_SIZE;
  }

  get viewScale(): number {
    return this.scale;
  }

  get playhead(): Seconds {
    return this.session.playhead;
  }

  get selectedIds(): readonly string[] {
    return this.session.selectedIds;
  }

  get editingTextId(): string | null {
    return this.session.editingTextId;
  }

  get toolPath(): string {
    return this.timelineTool.path === 'timeline.idle' ? this.tool.path : this.timelineTool.path;
  }

  /** A drag, resize or rotation on the stage is under way. */
  get inStageGesture(): boolean {
    return this.tool.isGesture;
  }

  get timeline(): TimelineViewport {
    return this.session.timeline;
  }

  currentFrame(): Frame | null {
    return this.data.video.frames.find((frame) => frame.id === this.session.frameId) ?? null;
  }

  selectedItems(): Item[] {
    const frame = this.currentFrame();
    return frame ? frame.items.filter((item) => this.session.selectedIds.includes(item.id)) : [];
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): EditorSnapshot => this.current;

  // Session

  /** Opens a slide: the playhead goes back to 0 and the selection is cleared (spec 002 §2). */
  openSlide(frameId: string): void {
    if (frameId === this.session.frameId) return;
    this.tool.reset();
    this.timelineTool.cancel();
    this.setSession({
      frameId,
      selectedIds: [],
      playhead: 0,
      editingTextId: null,
      guides: [],
      pendingDrop: null,
      selectedKeyframe: null,
    });
  }

  /** Selects items; one whose timing leaves out the playhead moves the playhead to its start (spec 002 §2). */
  select(ids: string[]): void {
    const frame = this.currentFrame();
    const items = frame ? ids.filter((id) => frame.items.some((item) => item.id === id)) : [];
    const first = frame?.items.find((item) => item.id === items[items.length - 1]);
    const outside = first && (this.session.playhead < first.timing.start || this.session.playhead > first.timing.stop);
    const keyframe = this.session.selectedKeyframe;
    const keepKeyframe = keyframe && items.length === 1 && items[0] === keyframe.itemId ? keyframe : null;
    this.setSession({
      selectedIds: items,
      selectedKeyframe: keepKeyframe,
      ...(outside ? { playhead: first.timing.start } : {}),
    });
  }

  setPlayhead(seconds: Seconds): void {
    const frame = this.currentFrame();
    const playhead = Math.max(0, Math.min(seconds, frame?.duration ?? 0));
    if (playhead !== this.session.playhead) this.setSession({ playhead });
  }

  /** Screen px per stage px, set by the stage as it scales to fit. */
  setViewScale(scale: number): void {
    this.scale = scale > 0 ? scale : 1;
  }

  setGuides(guides: SnapGuide[]): void {
    if (guides.length === 0 && this.session.guides.length === 0) return;
    this.setSession({ guides });
  }

  startTextEditing(id: string): void {
    this.setSession({ editingTextId: id });
  }

  stopTextEditing(): void {
    if (this.session.editingTextId === null) return;
    this.document.sealHistory();
    this.tool.textEditingEnded();
    this.setSession({ editingTextId: null });
  }

  // Commands

  /** Runs a named command on the document (one undo step, or part of the open gesture). */
  run<Args>(command: Command<Args>, args: Args, options?: { mergeKey?: string }): boolean {
    return runCommand(this.document, command, args, options);
  }

  undo(): void {
    this.tool.cancel();
    this.timelineTool.cancel();
    this.document.undo();
  }

  redo(): void {
    this.tool.cancel();
    this.timelineTool.cancel();
    this.document.redo();
  }

  /** Adds a new item to the open slide, at the playhead, centred on `at` (stage px) or the stage. */
  addItem(source: NewItemSource, at?: StagePoint): Item | null {
    const frame = this.currentFrame();
    if (!frame) return null;
    const centre = at ? { x: at.x / this.stage.width, y: at.y / this.stage.height } : undefined;
    const item = newItem(nextId(this.data, source.type), source, this.session.playhead, centre);
    this.run(insertItem, { frameId: frame.id, item });
    this.select([item.id]);
    return item;
  }

  deleteSelection(): void {
    const frame = this.currentFrame();
    if (!frame || this.session.selectedIds.length === 0) return;
    this.run(deleteItems, { frameId: frame.id, ids: [...this.session.selectedIds] });
  }

  duplicateSelection(): void {
    const frame = this.currentFrame();
    if (!frame || this.session.selectedIds.length === 0) return;
    const copies: { id: string; newId: string }[] = [];
    for (const item of this.selectedItems()) {
      copies.push({
        id: item.id,
        newId: nextId(
          this.data,
          item.type,
          copies.map((copy) => copy.newId),
        ),
      });
    }
    this.run(duplicateItems, { frameId: frame.id, copies, offset: DUPLICATE_OFFSET });
    this.select(copies.map((copy) => copy.newId));
  }

  /** Moves the selection by stage px; a burst of nudges is one undo step. */
  nudge(dx: number, dy: number): void {
    const frame = this.currentFrame();
    const items = this.selectedItems();
    if (!frame || items.length === 0) return;
    const { width, height } = this.stage;
    const moves = items.map((item) => {
      const { box, keyframeDelay } = editTarget(item, this.session.playhead);
      return { id: item.id, left: box.left + dx / width, top: box.top + dy / height, keyframeDelay };
    });
    this.run(moveItems, { frameId: frame.id, moves }, { mergeKey: `nudge:${items.map((i) => i.id).join(',')}` });
  }

  /** The words of the text being edited in place. */
  editText(paragraphs: Paragraph[]): void {
    const frame = this.currentFrame();
    const id = this.session.editingTextId;
    if (frame && id) this.run(setItemText, { frameId: frame.id, id, paragraphs });
  }

  /** Adds an empty slide at the end, or before or after a slide, and opens it. */
  addSlide(position: { before?: string; after?: string } = {}): string {
    const frames = this.data.video.frames;
    const anchor = position.before ?? position.after;
    const anchorIndex = anchor ? frames.findIndex((frame) => frame.id === anchor) : -1;
    const index = anchorIndex < 0 ? frames.length : position.before ? anchorIndex : anchorIndex + 1;
    const frame = createFrame(nextId(this.data, 'frame'));
    this.run(addSlide, { frame, index });
    this.openSlide(frame.id);
    return frame.id;
  }

  /** One slide when the builder opens on a project without any (spec 002 §2); not an undo step. */
  ensureFirstSlide(): void {
    if (this.data.video.frames.length === 0)
      this.run(addFirstSlide, { frame: createFrame(nextId(this.data, 'frame')) });
    this.reconcile();
  }

  duplicateSlide(frameId: string): void {
    const newId = nextId(this.data, 'frame');
    this.run(duplicateSlide, { frameId, newId });
    this.openSlide(newId);
  }

  /** Removes a slide (the slide bar asks first) and opens its neighbour. */
  removeSlide(frameId: string): void {
    const frames = this.data.video.frames;
    const index = frames.findIndex((frame) => frame.id === frameId);
    if (index < 0) return;
    const neighbour = frames[index + 1] ?? frames[index - 1];
    const wasOpen = this.session.frameId === frameId;
    this.run(removeSlide, { frameId });
    if (wasOpen && neighbour) this.openSlide(neighbour.id);
  }

  reorderSlide(frameId: string, toIndex: number): void {
    this.run(reorderSlide, { frameId, toIndex });
  }

  // Keyframes (spec 002 §5)

  /**
   * A keyframe at the playhead for the one selected item, holding where the item stands now, so
   * the picture does not jump; only while the playhead is inside the item's time range. The new
   * keyframe is selected: gestures on the stage now shape it (D45).
   */
  addKeyframe(): boolean {
    const frame = this.currentFrame();
    const [item] = this.selectedItems();
    if (!frame || !item || this.session.selectedIds.length !== 1) return false;
    if (!canAddKeyframe(item.timing, this.session.playhead)) return false;
    const local = this.session.playhead - item.timing.start;
    const at = animatedBox(item.box, item.keyframes, local);
    // What the item shows now, and every property other keyframes set (a scale, a fade), so adding moves nothing.
    const style = {
      ...heldStyle(item.box, item.keyframes, local),
      left: at.left,
      top: at.top,
      width: at.width,
      height: at.height,
      rotate: at.rotate,
      opacity: at.opacity,
    };
    this.run(addItemKeyframe, { frameId: frame.id, id: item.id, playhead: this.session.playhead, style });
    const delay = roundTo(this.session.playhead - item.timing.start, 2);
    this.setSession({ selectedKeyframe: { itemId: item.id, delay } });
    return true;
  }

  /** Picks a keyframe marker: its item is selected and the playhead moves to the keyframe. */
  selectKeyframe(itemId: string, delay: Seconds): void {
    const item = this.currentFrame()?.items.find((candidate) => candidate.id === itemId);
    if (!item) return;
    this.setSession({
      selectedIds: [itemId],
      selectedKeyframe: { itemId, delay },
      playhead: item.timing.start + delay,
    });
  }

  deleteSelectedKeyframe(): void {
    const frame = this.currentFrame();
    const keyframe = this.session.selectedKeyframe;
    if (!frame || !keyframe) return;
    this.run(deleteKeyframe, { frameId: frame.id, id: keyframe.itemId, delay: keyframe.delay });
    this.setSession({ selectedKeyframe: null });
  }

  // Timeline (spec 002 §2)

  setTimelineViewport(viewport: TimelineViewport): void {
    const duration = this.currentFrame()?.duration ?? 0;
    this.setSession({ timeline: clampScroll(viewport, duration) });
  }

  /** Zooms the timeline about a px of its lane (the pointer). */
  zoomTimeline(factor: number, anchor: Px): void {
    const duration = this.currentFrame()?.duration ?? 0;
    this.setSession({ timeline: zoomViewport(this.session.timeline, factor, anchor, duration) });
  }

  /** A press on a bar, an edge of it, or a keyframe marker: the item is selected and the drag begins. */
  timelineDown(target: TimelineTarget, px: Px): void {
    if ('keyframe' in target) this.selectKeyframe(target.itemId, target.keyframe);
    else this.select([target.itemId]);
    this.timelineTool.pointerDown(target, px);
    this.notify();
  }

  timelineMove(px: Px): void {
    this.timelineTool.pointerMove(px);
    // A dragged marker stays picked, and the playhead goes with it.
    const dragged = this.timelineTool.draggedKeyframe;
    const item = dragged && this.currentFrame()?.items.find((candidate) => candidate.id === dragged.itemId);
    if (dragged && item && dragged.delay !== this.session.selectedKeyframe?.delay) {
      this.setSession({ selectedKeyframe: dragged, playhead: item.timing.start + dragged.delay });
    }
  }

  timelineUp(): void {
    this.timelineTool.pointerUp();
    this.notify();
  }

  /** The cursor follows the pointer over the timeline, snapping within 5 px; null when it leaves. */
  moveCursor(px: Px | null): void {
    if (px === null) {
      if (this.session.cursor !== null) this.setSession({ cursor: null });
      return;
    }
    const frame = this.currentFrame();
    const times = [
      this.session.playhead,
      ...(frame?.items.flatMap((item) => [item.timing.start, item.timing.stop]) ?? []),
    ];
    const time = snapTime(this.session.timeline, pxToTime(this.session.timeline, px), {
      times,
      px: GUIDELINES_PX,
    }).time;
    this.setSession({ cursor: Math.max(0, time) });
  }

  setActiveBar(itemId: string | null): void {
    if (itemId !== this.session.activeBarId) this.setSession({ activeBarId: itemId });
  }

  // Input

  pointerDown(point: StagePoint, input?: PointerInput): void {
    this.tool.pointerDown(point, input);
    this.notify();
  }

  pointerMove(point: StagePoint, input?: PointerInput): void {
    this.tool.pointerMove(point, input);
  }

  pointerUp(): void {
    this.tool.pointerUp();
    this.notify();
  }

  doubleClick(point: StagePoint): void {
    this.tool.doubleClick(point);
    this.notify();
  }

  /** A key press; true when the editor used it (the page then prevents the browser's default). */
  keyDown(input: KeyInput): boolean {
    const action = shortcutFor(input);
    const step = input.shiftKey ? NUDGE_FAR_PX : NUDGE_PX;
    switch (action) {
      case 'cancel':
        this.escape();
        this.notify();
        return true;
      case 'delete':
        if (this.session.selectedKeyframe) this.deleteSelectedKeyframe();
        else if (this.session.selectedIds.length > 0) this.deleteSelection();
        else return false;
        return true;
      case 'undo':
        this.undo();
        return true;
      case 'redo':
        this.redo();
        return true;
      case 'duplicate':
        this.duplicateSelection();
        return true;
      case 'nudge-left':
        this.nudge(-step, 0);
        return this.session.selectedIds.length > 0;
      case 'nudge-right':
        this.nudge(step, 0);
        return this.session.selectedIds.length > 0;
      case 'nudge-up':
        this.nudge(0, -step);
        return this.session.selectedIds.length > 0;
      case 'nudge-down':
        this.nudge(0, step);
        return this.session.selectedIds.length > 0;
      default:
        return false;
    }
  }

  /**
   * Something dropped at a stage point (spec 002 §2): added as a new item there, or held until
   * the author answers the question it asks. False when that type cannot be dropped.
   */
  drop(source: NewItemSource | { type: string }, at: StagePoint): boolean {
    const frame = this.currentFrame();
    if (!frame) return false;
    const target = itemAt(frame, this.session.playhead, at, this.stage);
    const outcome = dropOutcome(source.type, target);
    if (outcome === null) return false;
    if (outcome === 'add') this.addItem(source as NewItemSource, at);
    else
      this.setSession({
        pendingDrop: { source: source as NewItemSource, targetId: target!.id, question: outcome, at },
      });
    return true;
  }

  /** The author closed the drop's question without answering: nothing is added. */
  dismissDrop(): void {
    if (this.session.pendingDrop) this.setSession({ pendingDrop: null });
  }

  /** The author's answer to the pending drop's question. */
  answerDrop(answer: DropAnswer): void {
    const pending = this.session.pendingDrop;
    const frame = this.currentFrame();
    if (!pending || !frame) return;
    this.setSession({ pendingDrop: null });
    if (answer === 'Replace' && 'url' in pending.source) {
      this.run(replaceMedia, { frameId: frame.id, id: pending.targetId, url: pending.source.url });
      this.select([pending.targetId]);
    } else if (answer === 'Attach') {
      this.attachAudio(pending);
    } else {
      this.addItem(pending.source, pending.at);
    }
  }

  // Internals

  /**
   * Escape: takes back a gesture, else ends text editing, else closes a drop's question, else
   * lets go of the keyframe, else clears the selection.
   */
  private escape(): void {
    if (this.timelineTool.cancel() || this.tool.cancel()) return;
    if (this.session.pendingDrop) this.dismissDrop();
    else if (this.session.selectedKeyframe) this.setSession({ selectedKeyframe: null });
    else if (this.session.selectedIds.length > 0) this.select([]);
  }

  private attachAudio(pending: PendingDrop): void {
    const frame = this.currentFrame();
    if (!frame || pending.source.type !== 'audio') return;
    this.run(attachAudio, {
      frameId: frame.id,
      id: pending.targetId,
      audio: { url: pending.source.url, source: 'upload', duration: pending.source.duration },
    });
    this.select([pending.targetId]);
  }

  private setSession(patch: Partial<EditorSession>): void {
    this.session = { ...this.session, ...patch };
    this.notify();
  }

  /** The document changed: the session follows, and the screens hear of it. */
  private changed(): void {
    this.reconcile();
    this.notify();
  }

  /** After the document changed: the session keeps only what still exists (undo can take anything away). */
  private reconcile(): void {
    const frames = this.data.video.frames;
    const frame = frames.find((candidate) => candidate.id === this.session.frameId) ?? frames[0] ?? null;
    const itemOf = (id: string) => frame?.items.find((item) => item.id === id);
    const sameFrame = frame?.id === this.session.frameId;
    const selectedIds = sameFrame ? this.session.selectedIds.filter((id) => itemOf(id)) : [];
    const editing = this.session.editingTextId;
    const editingTextId = sameFrame && editing && itemOf(editing) ? editing : null;
    const picked = this.session.selectedKeyframe;
    const selectedKeyframe =
      sameFrame && picked && itemOf(picked.itemId)?.keyframes.some((k) => k.delay === picked.delay) ? picked : null;
    if (
      sameFrame &&
      selectedIds.length === this.session.selectedIds.length &&
      editingTextId === editing &&
      selectedKeyframe === picked
    ) {
      return;
    }
    this.session = {
      ...this.session,
      frameId: frame?.id ?? null,
      selectedIds,
      editingTextId,
      selectedKeyframe,
      playhead: sameFrame ? this.session.playhead : frame ? openingPlayhead(frame) : 0,
    };
  }

  private notify(): void {
    this.current = this.makeSnapshot();
    for (const listener of this.listeners) listener();
  }

  private makeSnapshot(): EditorSnapshot {
    return {
      data: this.document.data,
      session: this.session,
      canUndo: this.document.canUndo,
      canRedo: this.document.canRedo,
      toolPath: this.tool?.path ?? 'select.idle',
    };
  }
}
