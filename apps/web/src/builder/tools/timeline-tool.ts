import { type Frame, type Px, roundTo, type Seconds, type Timing } from '@reelwright/core';
import { runCommand } from '../commands/define';
import { moveKeyframe, retimeItem } from '../commands/item-commands';
import type { ProjectDocument } from '../commands/project-document';
import { type BarPart, type BarTargets, retimeBar } from '../timeline/retime';
import { GUIDELINES_PX, snapTime, type TimelineViewport } from '../timeline/viewport';

/** What a press on the timeline took hold of: an item's bar (or an edge of it), or a keyframe marker. */
export type TimelineTarget = { itemId: string; part: BarPart } | { itemId: string; keyframe: Seconds };

/** What the timeline tool needs of the editor. */
export type TimelineHost = {
  readonly document: ProjectDocument;
  readonly playhead: Seconds;
  readonly timeline: TimelineViewport;
  currentFrame(): Frame | null;
  setActiveBar(itemId: string | null): void;
};

type State =
  | { id: 'idle' }
  | { id: 'dragging_bar'; itemId: string; part: BarPart; origin: Px; start: Timing; targets: BarTargets }
  | { id: 'dragging_keyframe'; itemId: string; delay: Seconds; grabbed: Seconds; origin: Px };

/**
 * The timeline's gestures (spec 002 §2): dragging a bar or one of its edges retimes the item,
 * marking the bar active; dragging a keyframe marker moves the keyframe in time. Each is one undo
 * step, committed on release; Escape takes it back.
 */
export class TimelineTool {
  private state: State = { id: 'idle' };

  constructor(private readonly host: TimelineHost) {}

  get path(): string {
    return `timeline.${this.state.id}`;
  }

  /** The keyframe being dragged, where it is now; null when none is. */
  get draggedKeyframe(): { itemId: string; delay: Seconds } | null {
    return this.state.id === 'dragging_keyframe' ? { itemId: this.state.itemId, delay: this.state.delay } : null;
  }

  pointerDown(target: TimelineTarget, px: Px): void {
    const frame = this.host.currentFrame();
    const item = frame?.items.find((candidate) => candidate.id === target.itemId);
    if (!frame || !item) return;
    if ('keyframe' in target) {
      this.host.document.beginGesture('moveKeyframe');
      const { keyframe: delay } = target;
      this.state = { id: 'dragging_keyframe', itemId: item.id, delay, grabbed: delay, origin: px };
      return;
    }
    const others = frame.items.filter((other) => other.id !== item.id);
    const targets = {
      times: [this.host.playhead, ...others.flatMap((other) => [other.timing.start, other.timing.stop])],
      px: GUIDELINES_PX,
    };
    this.host.document.beginGesture('retimeItem');
    this.host.setActiveBar(item.id);
    this.state = { id: 'dragging_bar', itemId: item.id, part: target.part, origin: px, start: item.timing, targets };
  }

  pointerMove(px: Px): void {
    const state = this.state;
    const frame = this.host.currentFrame();
    if (!frame || state.id === 'idle') return;
    const viewport = this.host.timeline;
    if (state.id === 'dragging_bar') {
      const timing = retimeBar(state.start, state.part, px - state.origin, viewport, state.targets);
      runCommand(this.host.document, retimeItem, { frameId: frame.id, id: state.itemId, timing });
      return;
    }
    const item = frame.items.find((candidate) => candidate.id === state.itemId);
    const current = item?.keyframes.find((keyframe) => keyframe.delay === state.delay);
    if (!item || !current) return;
    const wanted = item.timing.start + state.grabbed + (px - state.origin) / viewport.pxPerSecond;
    const snapped = snapTime(viewport, wanted, { times: [this.host.playhead], px: GUIDELINES_PX }).time;
    // Where moveKeyframe puts it: within the item, 2 decimals.
    const to = roundTo(Math.min(Math.max(0, snapped - item.timing.start), item.timing.stop - item.timing.start), 2);
    if (to === state.delay) return;
    runCommand(this.host.document, moveKeyframe, { frameId: frame.id, id: item.id, from: state.delay, to });
    this.state = { ...state, delay: to };
  }

  pointerUp(): void {
    if (this.state.id === 'idle') return;
    this.host.document.commitGesture();
    this.host.setActiveBar(null);
    this.state = { id: 'idle' };
  }

  /** Escape: the gesture is taken back; false when none was going on. */
  cancel(): boolean {
    if (this.state.id === 'idle') return false;
    this.host.document.cancelGesture();
    this.host.setActiveBar(null);
    this.state = { id: 'idle' };
    return true;
  }
}
