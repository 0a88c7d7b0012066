import {
  createFrame,
  createTextItem,
  emptyProjectData,
  type Frame,
  type Item,
  ItemSchema,
  type ProjectData,
} from '@reelwright/core';
import type { Clock } from '../../features/project/clock';
import { ProjectDocument } from '../commands/project-document';
import { Editor } from '../editor';
import type { KeyInput } from '../keys';
import type { PointerInput } from '../tools/select-tool';

/** A clock the test moves by hand (history merging reads it). */
class ManualClock implements Clock {
  time = 0;
  now = () => this.time;
  setTimeout = () => 0;
  clearTimeout = () => {};
  sleep = async () => {};
}

/**
 * The builder without a browser (STYLE §15, like tldraw's TestEditor): an editor on a project,
 * driven by pointer events at stage coordinates and by keys, read back as data.
 */
export class TestEditor extends Editor {
  readonly clock: ManualClock;

  private constructor(data: ProjectData, clock: ManualClock) {
    super(new ProjectDocument(data, clock), clock);
    this.clock = clock;
  }

  /** An editor on a project whose slides are `frames` (one empty slide when none are given). */
  static create(frames: Frame[] = [createFrame('frame-1')], size?: { width: number; height: number }): TestEditor {
    const data = emptyProjectData();
    data.video.frames = frames;
    if (size) data.video.size = size;
    const editor = new TestEditor(data, new ManualClock());
    editor.openSlide(frames[0]?.id ?? '');
    return editor;
  }

  /** Moves the editor's clock (bursts of typing or nudging merge within a second). */
  wait(ms: number): this {
    this.clock.time += ms;
    return this;
  }

  /** Moves the clock and lets playback catch up, as an animation frame does on the page. */
  playFor(ms: number): this {
    this.wait(ms);
    this.tick();
    return this;
  }

  down(x: number, y: number, input?: PointerInput): this {
    this.pointerDown({ x, y }, input);
    return this;
  }

  move(x: number, y: number, input?: PointerInput): this {
    this.pointerMove({ x, y }, input);
    return this;
  }

  up(): this {
    this.pointerUp();
    return this;
  }

  /** Presses at `from`, moves in `steps` pointer events to `to`, and releases: one gesture. */
  drag(from: [number, number], to: [number, number], input?: PointerInput & { steps?: number }): this {
    const steps = input?.steps ?? 5;
    this.down(from[0], from[1], input);
    for (let step = 1; step <= steps; step++) {
      this.move(from[0] + ((to[0] - from[0]) * step) / steps, from[1] + ((to[1] - from[1]) * step) / steps, input);
    }
    return this.up();
  }

  click(x: number, y: number, input?: PointerInput): this {
    return this.down(x, y, input).up();
  }

  key(key: string, modifiers: Omit<KeyInput, 'key'> = {}): this {
    this.keyDown({ key, ...modifiers });
    return this;
  }

  /** The open slide's item with `id`, as the document holds it now. */
  item(id: string): Item {
    const item = this.currentFrame()?.items.find((candidate) => candidate.id === id);
    if (!item) throw new Error(`No item ${id} on the open slide`);
    return item;
  }

  /** An item's box in stage px (rounded to 0.01 px, so tests read plainly). */
  pxBox(id: string): { left: number; top: number; width: number; height: number; rotate: number } {
    const { box } = this.item(id);
    const round = (value: number) => Math.round(value * 100) / 100;
    return {
      left: round(box.left * this.stage.width),
      top: round(box.top * this.stage.height),
      width: round(box.width * this.stage.width),
      height: round(box.height * this.stage.height),
      rotate: box.rotate,
    };
  }
}

/**
 * A text item at a box in stage px of the 1024×576 default stage, showing from `start` to `stop`.
 */
export function textAt(
  id: string,
  px: { left: number; top: number; width: number; height: number },
  timing = { start: 0, stop: 5 },
): Item {
  return createTextItem(id, id, {
    timing,
    box: {
      left: px.left / 1024,
      top: px.top / 576,
      width: px.width / 1024,
      height: px.height / 576,
      rotate: 0,
      opacity: 1,
    },
  });
}

/** An image item at a box in stage px of the default stage. */
export function imageAt(
  id: string,
  px: { left: number; top: number; width: number; height: number },
  timing = { start: 0, stop: 5 },
): Item {
  return ItemSchema.parse({
    id,
    type: 'image',
    url: `/media/${id}.jpg`,
    timing,
    box: { left: px.left / 1024, top: px.top / 576, width: px.width / 1024, height: px.height / 576 },
  });
}

/** A slide holding `items` (top layer first). */
export function slide(id: string, items: Item[], duration = 5): Frame {
  return createFrame(id, { items, duration });
}
