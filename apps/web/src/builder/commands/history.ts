import { HISTORY_DEPTH, PROJECT_UPDATE_DEBOUNCE_MS } from '@reelwright/core';
import type { Patch } from 'immer';

/** One undo step: the patches that made it and the patches that take it back. */
export type HistoryEntry = {
  /** The command (or gesture) that made the step, shown as "Undo move item" and asserted by tests. */
  name: string;
  patches: Patch[];
  inverse: Patch[];
  /** Steps with the same key, each within the merge window of the last, become one (a burst of typing). */
  mergeKey?: string;
  /** When the step was last extended, ms on the injected clock. */
  at: number;
};

/**
 * Undo and redo as patches (spec 000 §4: 99 steps). An entry is one gesture or one command, never
 * one pointer event; `index` points at the step the next undo takes back.
 */
export class PatchHistory {
  private entries: HistoryEntry[] = [];
  private index = -1;

  constructor(
    private readonly depth = HISTORY_DEPTH,
    private readonly mergeWindowMs = PROJECT_UPDATE_DEBOUNCE_MS,
  ) {}

  clear(): void {
    this.entries = [];
    this.index = -1;
  }

  /**
   * Records a step, dropping any redo tail. A step whose merge key matches the last step's, within
   * the merge window, extends that step instead: its patches run after, its inverse before.
   */
  push(entry: HistoryEntry): void {
    this.entries.length = this.index + 1;
    const last = this.entries[this.index];
    if (last && entry.mergeKey && last.mergeKey === entry.mergeKey && entry.at - last.at <= this.mergeWindowMs) {
      this.entries[this.index] = {
        ...last,
        patches: [...last.patches, ...entry.patches],
        inverse: [...entry.inverse, ...last.inverse],
        at: entry.at,
      };
      return;
    }
    this.entries.push(entry);
    if (this.entries.length > this.depth) this.entries.shift();
    this.index = this.entries.length - 1;
  }

  /** The step to take back, now moved past; undefined when there is none. */
  undo(): HistoryEntry | undefined {
    const entry = this.entries[this.index];
    if (entry) this.index -= 1;
    return entry;
  }

  /** The step to make again, now moved past; undefined when there is none. */
  redo(): HistoryEntry | undefined {
    const entry = this.entries[this.index + 1];
    if (entry) this.index += 1;
    return entry;
  }

  /** Ends any merging: the next step starts a new entry even with the same key. */
  seal(): void {
    const last = this.entries[this.index];
    if (last) this.entries[this.index] = { ...last, mergeKey: undefined };
  }

  get canUndo(): boolean {
    return this.index >= 0;
  }

  get canRedo(): boolean {
    return this.index < this.entries.length - 1;
  }

  /** The names of the steps that can be undone, oldest first (for tests and the history menu). */
  get undoNames(): string[] {
    return this.entries.slice(0, this.index + 1).map((entry) => entry.name);
  }

  get size(): number {
    return this.entries.length;
  }
}
