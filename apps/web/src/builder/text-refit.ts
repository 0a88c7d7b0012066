import type { ProjectData, TextItem } from '@reelwright/core';
import type { Clock } from '../features/project/clock';
import { defineCommand, runCommand } from './commands/define';
import { frameOf, itemOf } from './commands/lookup';
import type { ProjectDocument } from './commands/project-document';

/** The line breaks and fitted size the renderer reuses while its key matches. */
export type LayoutCache = NonNullable<TextItem['layoutCache']>;

/** Text refits this long after the last change of its box or font (spec 002 §4). */
export const REFIT_DEBOUNCE_MS = 500;

/** Lays a text item out at the movie's size; null when it cannot yet (its font is not loaded). */
export type MeasureText = (item: TextItem, movie: { width: number; height: number }) => LayoutCache | null;

/** What decides a refit (spec 002 §4): the box's width and height, and the font. */
function fitShape(item: TextItem): string {
  return JSON.stringify([item.box.width, item.box.height, item.font]);
}

/** Stores the line breaks the author sees, so the export draws the same lines (DESIGN §6); not an edit. */
export const refitText = defineCommand<{ frameId: string; id: string; layoutCache: LayoutCache }>({
  name: 'refitText',
  history: 'ignore',
  perform(draft, { frameId, id, layoutCache }) {
    const item = itemOf(frameOf(draft, frameId), id);
    if (item.type === 'text') item.layoutCache = layoutCache;
  },
});

/**
 * Refits text items (spec 002 §4): only when an item's width, height or font changed, 500 ms after
 * the last such change. The fit itself (line breaks and fitted size) is measured by `measure` and
 * kept in the item's layout cache.
 */
export class TextRefitter {
  private shapes = new Map<string, string>();
  /** Frames and items already looked at: immer gives new objects only to what changed. */
  private seen = new WeakSet<object>();
  private due = new Map<string, { frameId: string; id: string }>();
  private timer: unknown = null;

  constructor(
    private readonly document: ProjectDocument,
    private readonly measure: MeasureText,
    private readonly clock: Clock,
  ) {
    this.remember(document.data);
    document.subscribe((change) => (change.cause === 'reset' ? this.restart(change.data) : this.changed(change.data)));
  }

  /** Refits now what is due (tests, and before a save that must carry the lines). */
  flush(): void {
    if (this.timer !== null) this.clock.clearTimeout(this.timer);
    this.timer = null;
    const due = [...this.due.values()];
    this.due.clear();
    const data = this.document.data;
    const size = data.video.size;
    for (const { frameId, id } of due) {
      const item = data.video.frames.find((f) => f.id === frameId)?.items.find((i) => i.id === id);
      if (item?.type !== 'text') continue;
      const layoutCache = this.measure(item, size);
      if (layoutCache) runCommand(this.document, refitText, { frameId, id, layoutCache });
    }
  }

  private restart(data: ProjectData): void {
    this.due.clear();
    this.shapes.clear();
    this.remember(data);
  }

  private changed(data: ProjectData): void {
    for (const frame of data.video.frames) {
      if (this.seen.has(frame)) continue;
      this.seen.add(frame);
      for (const item of frame.items) {
        if (item.type !== 'text' || this.seen.has(item)) continue;
        this.seen.add(item);
        const key = `${frame.id}/${item.id}`;
        const shape = fitShape(item);
        if (this.shapes.get(key) === shape) continue;
        this.shapes.set(key, shape);
        this.due.set(key, { frameId: frame.id, id: item.id });
      }
    }
    if (this.due.size === 0) return;
    if (this.timer !== null) this.clock.clearTimeout(this.timer);
    this.timer = this.clock.setTimeout(() => this.flush(), REFIT_DEBOUNCE_MS);
  }

  private remember(data: ProjectData): void {
    for (const frame of data.video.frames) {
      this.seen.add(frame);
      for (const item of frame.items) {
        this.seen.add(item);
        if (item.type === 'text') this.shapes.set(`${frame.id}/${item.id}`, fitShape(item));
      }
    }
  }
}
