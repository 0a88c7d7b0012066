import { HISTORY_DEPTH } from '@reelwright/core';

/**
 * Undo/redo snapshots (spec 000 §4: up to 99). The entry at `index` is the current state; undo
 * moves back, redo forward, and a push after an undo drops the redo tail.
 */
export class History<T> {
  private entries: T[] = [];
  private index = -1;

  constructor(private readonly limit = HISTORY_DEPTH) {}

  /** Starts over with one snapshot (the state just loaded). */
  reset(initial: T): void {
    this.entries = [initial];
    this.index = 0;
  }

  /** Records a new current state; the oldest snapshots fall off past the limit. */
  push(snapshot: T): void {
    this.entries = this.entries.slice(0, this.index + 1);
    this.entries.push(snapshot);
    if (this.entries.length > this.limit) this.entries = this.entries.slice(this.entries.length - this.limit);
    this.index = this.entries.length - 1;
  }

  /** Replaces the current snapshot without adding a step (changes that are not edits). */
  replaceCurrent(snapshot: T): void {
    if (this.index < 0) this.reset(snapshot);
    else this.entries[this.index] = snapshot;
  }

  /** The previous snapshot, now current; undefined when there is none. */
  undo(): T | undefined {
    if (!this.canUndo) return undefined;
    this.index -= 1;
    return this.entries[this.index];
  }

  /** The next snapshot, now current; undefined when there is none. */
  redo(): T | undefined {
    if (!this.canRedo) return undefined;
    this.index += 1;
    return this.entries[this.index];
  }

  get canUndo(): boolean {
    return this.index > 0;
  }

  get canRedo(): boolean {
    return this.index >= 0 && this.index < this.entries.length - 1;
  }

  get size(): number {
    return this.entries.length;
  }
}
