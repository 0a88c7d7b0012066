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
import { type Clock, systemClock } from '../features/project/clock';
import { cascadeBox } from './cascade';
import {
  type ClipboardPayload,
  clipboardPayload,
  cutItems,
  pastedItems,
  pasteItems,
} from './commands/clipboard-commands';
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
import { type LayerMove, layerOrder, setLayerOrder } from './commands/layer-commands';
import { nextId } from './commands/lookup';
import type { ProjectDocument } from './commands/project-document';
import { addFirstSlide, addSlide, duplicateSlide, removeSlide, reorderSlide } from './commands/slide-commands';
import { canSplit, splitItems } from './commands/split-commands';
import { type DropAnswer, dropOutcome, type PendingDrop } from './drop';
import { type EditingAction, isEditableTarget, type KeyInput, NUDGE_FAR_PX, NUDGE_PX, shortcutFor } from './keys';
import { type NewItemSource, newItem } from './new-items';
import { openingPlayhead } from './opening-playhead';
import {
  advance,
  nextShuttleRate,
  type PlaybackRun,
  type PlayPlace,
  type PlayScope,
  placeOf,
  scopeDuration,
  scopeTime,
  startTime,
  stepFrame,
} from './playback';
import {
  clampScroll,
  fittedViewport,
  followPlayhead,
  GUIDELINES_PX,
  pxToTime,
  snapTime,
  type TimelineViewport,
  timeToPx,
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
  /** Playback under way (D90); null while paused. */
  playback: PlaybackRun | null;
  /** What Play, Space and the shuttle play: the open slide, or the whole video. */
  playScope: PlayScope;
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
/** The timeline zooms by this factor per press of + or - (as the Ctrl+wheel does). */
const ZOOM_KEY_STEP = 1.25;

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
    playback: null,
    playScope: 'video',
  };
  private current: EditorSnapshot;
  private readonly tool: SelectTool;
  private readonly timelineTool: TimelineTool;
  private readonly listeners = new Set<() => void>();
  private scale = 1;
  /** The last items copied or cut here: the paste when the system clipboard gives none (D91). */
  private clipboard: ClipboardPayload | null = null;
  /** Where the last tick of playback left the playhead: a move from elsewhere restarts the run there. */
  private played: PlayPlace | null = null;

  /** `clock` times playback (the TestEditor moves it by hand). */
  constructor(
    readonly document: ProjectDocument,
    private readonly playbackClock: Clock = systemClock,
  ) {
    this.tool = new SelectTool(this);
    this.timelineTool = new TimelineTool(this);
    // The session first follows the document, so the first snapshot already shows its slide.
    this.reconcile();
    this.current = this.makeSnapshot();
    document.subscribe(() => this.changed());
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

  get isPlaying(): boolean {
    return this.session.playback !== null;
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

  /**
   * Adds a new item to the open slide, at the playhead, centred on `at` (stage px), else placed
   * by its source and stepped off any item it would land on (`cascadeBox`, D92).
   */
  addItem(source: NewItemSource, at?: StagePoint): Item | null {
    const frame = this.currentFrame();
    if (!frame) return null;
    const centre = at ? { x: at.x / this.stage.width, y: at.y / this.stage.height } : undefined;
    const placed = newItem(nextId(this.data, source.type), source, this.session.playhead, centre);
    const item = at ? placed : { ...placed, box: cascadeBox(placed.box, placed.timing, frame.items, this.stage) };
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

  // Editing like an editor (issue 32, D91)

  /** Copies the selected items to the editor's clipboard; returns them for the system clipboard. */
  copySelection(): ClipboardPayload | null {
    const frame = this.currentFrame();
    const payload = frame ? clipboardPayload(frame, this.session.selectedIds) : null;
    if (payload) this.clipboard = payload;
    return payload;
  }

  /** Copies the selected items, then removes them: one undo step. */
  cutSelection(): ClipboardPayload | null {
    const payload = this.copySelection();
    if (payload) this.run(cutItems, { frameId: payload.frameId, ids: payload.items.map((item) => item.id) });
    return payload;
  }

  /**
   * Pastes items (the system clipboard's, else the last copied here) on top of the open slide,
   * under new ids, and selects them: one undo step. Offset when their place is taken (D91).
   */
  paste(payload: ClipboardPayload | null = this.clipboard): boolean {
    const frame = this.currentFrame();
    if (!frame || !payload) return false;
    const items = pastedItems(this.data, frame, payload);
    this.run(pasteItems, { frameId: frame.id, items });
    this.select(items.map((item) => item.id));
    return true;
  }

  /** Selects every item of the open slide; the playhead stays. */
  selectAll(): boolean {
    const frame = this.currentFrame();
    if (!frame || frame.items.length === 0) return false;
    this.setSession({ selectedIds: frame.items.map((item) => item.id), selectedKeyframe: null });
    return true;
  }

  /**
   * Splits each selected item the playhead cuts into two parts of 0.1 s or more; the second
   * parts are selected, so the next split goes on along the item. One undo step.
   */
  splitSelection(): boolean {
    const frame = this.currentFrame();
    if (!frame) return false;
    const at = this.session.playhead;
    const splits: { id: string; newId: string }[] = [];
    for (const item of this.selectedItems()) {
      if (!canSplit(item, at)) continue;
      const taken = splits.map((split) => split.newId);
      splits.push({ id: item.id, newId: nextId(this.data, item.type, taken) });
    }
    if (splits.length === 0) return false;
    this.run(splitItems, { frameId: frame.id, at, splits });
    this.setSession({ selectedIds: splits.map((split) => split.newId), selectedKeyframe: null });
    return true;
  }

  /** Moves the selected items' rows (their layers) up, down, to the top or the bottom: one step. */
  moveSelectionLayer(move: LayerMove): boolean {
    const frame = this.currentFrame();
    if (!frame || this.session.selectedIds.length === 0) return false;
    const order = layerOrder(
      frame.items.map((item) => item.id),
      this.session.selectedIds,
      move,
    );
    this.run(setLayerOrder, { frameId: frame.id, order });
    return true;
  }

  /** The timeline's zoom keys: in and out about the playhead (the lane's middle when it is out of view), or fit. */
  zoomTimelineKey(direction: 'in' | 'out' | 'fit'): void {
    const duration = this.currentFrame()?.duration ?? 0;
    const viewport = this.session.timeline;
    if (direction === 'fit') {
      this.setSession({ timeline: fittedViewport(duration, viewport.width) });
      return;
    }
    const at = timeToPx(viewport, this.session.playhead);
    const anchor = at >= 0 && at <= viewport.width ? at : viewport.width / 2;
    this.zoomTimeline(direction === 'in' ? ZOOM_KEY_STEP : 1 / ZOOM_KEY_STEP, anchor);
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
    this.pause();
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
    this.pause();
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

  /**
   * A press on the empty area around the stage: what a press on the blank stage does (stop
   * editing text, clear the selection), as Canva and Premiere do off the canvas (D92).
   */
  pressOffStage(): void {
    this.pointerDown({ x: -this.stage.width * 10, y: -this.stage.height * 10 });
    this.pointerUp();
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
        // In a field, Escape is the field's (D41, D93): only a gesture or text editing ends.
        if (isEditableTarget(input.target)) return this.cancelGesture();
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
      case 'play-pause':
        this.togglePlay();
        return true;
      case 'shuttle-back':
        this.shuttle(-1);
        return true;
      case 'shuttle-stop':
        this.pause();
        return true;
      case 'shuttle-forward':
        this.shuttle(1);
        return true;
      case 'frame-back':
        this.stepFrame(-1);
        return true;
      case 'frame-forward':
        this.stepFrame(1);
        return true;
      default:
        return action ? this.editingKey(action) : false;
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

  // Playback (D90): session only, timed by the editor's clock

  /**
   * Plays the scope chosen (or `scope`, which becomes the choice) from the playhead, or from its
   * start ('Play from start'); at the scope's end it starts over. `rate` is the shuttle's speed.
   */
  play(options: { scope?: PlayScope; fromStart?: boolean; rate?: number } = {}): void {
    const place = this.place();
    if (!place) return;
    const scope = options.scope ?? this.session.playScope;
    const rate = options.rate ?? 1;
    const from = startTime(this.data, scope, place, { fromStart: options.fromStart, rate });
    const start = placeOf(this.data, scope, place.frameId, from);
    this.played = start;
    this.moveTo(start);
    this.setSession({ playScope: scope, playback: { scope, rate, startedAt: this.playbackClock.now(), from } });
  }

  /** Stops playback where it stands. */
  pause(): void {
    if (!this.session.playback) return;
    this.tick();
    this.played = null;
    this.setSession({ playback: null });
  }

  togglePlay(): void {
    if (this.session.playback) this.pause();
    else this.play();
  }

  /** Chooses what Play plays; playback under way goes on in the new scope from where it stands. */
  setPlayScope(scope: PlayScope): void {
    if (scope === this.session.playScope) return;
    const run = this.session.playback;
    if (run) this.play({ scope, rate: run.rate });
    else this.setSession({ playScope: scope });
  }

  /** J (-1) and L (1): plays that way, one speed faster each press while already going that way. */
  shuttle(direction: 1 | -1): void {
    const run = this.session.playback;
    const rate = nextShuttleRate(run ? run.rate : null, direction);
    const place = this.place();
    if (!place) return;
    // Backwards from the very start there is nothing to play.
    if (rate < 0 && scopeTime(this.data, this.session.playScope, place) <= 0) {
      this.pause();
      return;
    }
    this.play({ rate });
  }

  /** Comma (-1) and period (1): playback stops and the playhead moves one frame (within the scope). */
  stepFrame(direction: 1 | -1): void {
    this.pause();
    const place = this.place();
    if (!place) return;
    const scope = this.session.playScope;
    const time = scopeTime(this.data, scope, place);
    const to = stepFrame(time, direction, scopeDuration(this.data, scope, place.frameId));
    this.moveTo(placeOf(this.data, scope, place.frameId, to));
  }

  /**
   * Moves playback on to the clock's time (the page calls it every animation frame; tests after
   * moving the clock): the playhead advances, the open slide changes as the whole video crosses
   * into the next, the timeline turns to keep the playhead in view, and playback stops at the end.
   */
  tick(): void {
    const run = this.session.playback;
    const place = this.place();
    if (!run || !place) return;
    const { ended, ...next } = advance(this.data, run, place.frameId, this.playbackClock.now());
    this.played = ended ? null : next;
    this.moveTo(next, { playback: ended ? null : run });
  }

  /** The open slide and the playhead; null without a slide. */
  private place(): PlayPlace | null {
    const frameId = this.session.frameId;
    return frameId && this.currentFrame() ? { frameId, playhead: this.session.playhead } : null;
  }

  /**
   * Puts the playhead at a place, opening its slide as a click in the slide bar does (selection
   * and text editing end, spec 002 §2); a playing timeline turns to keep the playhead in view.
   */
  private moveTo(place: PlayPlace, patch: Partial<EditorSession> = {}): void {
    const slideChanges = place.frameId !== this.session.frameId;
    if (slideChanges) {
      this.tool.reset();
      this.timelineTool.cancel();
    }
    const duration = this.data.video.frames.find((frame) => frame.id === place.frameId)?.duration ?? 0;
    const timeline = slideChanges
      ? this.session.timeline
      : followPlayhead(this.session.timeline, place.playhead, duration);
    this.setSession({
      ...(slideChanges
        ? {
            frameId: place.frameId,
            selectedIds: [],
            editingTextId: null,
            guides: [],
            pendingDrop: null,
            selectedKeyframe: null,
          }
        : {}),
      playhead: place.playhead,
      timeline,
      ...patch,
    });
  }

  // Internals

  /** The editing keys of issue 32 (D91); true when the key was the editor's. */
  private editingKey(action: EditingAction): boolean {
    switch (action) {
      case 'copy':
        return this.copySelection() !== null;
      case 'cut':
        return this.cutSelection() !== null;
      case 'paste':
        return this.paste();
      case 'select-all':
        // Also with nothing to select: the page's text is not what Ctrl+A means here.
        this.selectAll();
        return true;
      case 'split':
        return this.splitSelection();
      case 'zoom-in':
      case 'zoom-out':
      case 'zoom-fit':
        this.zoomTimelineKey(action === 'zoom-in' ? 'in' : action === 'zoom-out' ? 'out' : 'fit');
        return true;
      case 'layer-forward':
        return this.moveSelectionLayer('forward');
      case 'layer-backward':
        return this.moveSelectionLayer('backward');
      case 'layer-front':
        return this.moveSelectionLayer('front');
      case 'layer-back':
        return this.moveSelectionLayer('back');
    }
  }

  /**
   * Escape: takes back a gesture, else ends text editing, else closes a drop's question, else
   * lets go of the keyframe, else clears the selection.
   */
  private escape(): void {
    if (this.cancelGesture()) return;
    if (this.session.pendingDrop) this.dismissDrop();
    else if (this.session.selectedKeyframe) this.setSession({ selectedKeyframe: null });
    else if (this.session.selectedIds.length > 0) this.select([]);
  }

  /** Takes back a gesture under way, else ends text editing; false when neither was going on. */
  private cancelGesture(): boolean {
    const cancelled = this.timelineTool.cancel() || this.tool.cancel();
    if (cancelled) this.notify();
    return cancelled;
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
    this.followMovedPlayhead();
    this.notify();
  }

  /** The playhead moved while playing, not by playback (the ruler, a slide opened): play on from there. */
  private followMovedPlayhead(): void {
    const run = this.session.playback;
    const place = this.place();
    const played = this.played;
    if (!run || !place || !played || (played.frameId === place.frameId && played.playhead === place.playhead)) return;
    this.played = place;
    this.session = {
      ...this.session,
      playback: { ...run, startedAt: this.playbackClock.now(), from: scopeTime(this.data, run.scope, place) },
    };
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
    // A slide made shorter keeps the playhead inside it.
    const playhead = sameFrame ? Math.min(this.session.playhead, frame!.duration) : frame ? openingPlayhead(frame) : 0;
    if (
      sameFrame &&
      selectedIds.length === this.session.selectedIds.length &&
      editingTextId === editing &&
      selectedKeyframe === picked &&
      playhead === this.session.playhead
    ) {
      return;
    }
    this.session = {
      ...this.session,
      frameId: frame?.id ?? null,
      selectedIds,
      editingTextId,
      selectedKeyframe,
      playhead,
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
