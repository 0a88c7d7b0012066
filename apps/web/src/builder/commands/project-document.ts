import type { ProjectData } from '@reelwright/core';
import { applyPatches, enablePatches, type Patch, produceWithPatches } from 'immer';
import { type Clock, systemClock } from '../../features/project/clock';
import { PatchHistory } from './history';

enablePatches();

/** Whether a change becomes an undo step (STYLE §6): the author's edits do, screens settling do not. */
export type HistoryPolicy = 'record' | 'ignore';

export type ApplyOptions = {
  history?: HistoryPolicy;
  /** Consecutive steps with this key within the merge window are one undo step (typing, nudging). */
  mergeKey?: string;
};

/** What happened to the document, for listeners (the store mirrors it, the saver counts it). */
export type DocumentChange = {
  data: ProjectData;
  patches: Patch[];
  cause: 'edit' | 'gesture' | 'cancel' | 'undo' | 'redo' | 'reset';
};

// biome-ignore lint/suspicious/noConfusingVoidType: a recipe edits the draft in place or returns a new document.
export type Recipe = (draft: ProjectData) => ProjectData | void;

type OpenGesture = { name: string; patches: Patch[]; inverse: Patch[] };

/**
 * The project document and its history. Every edit is a named change made by a recipe on an immer
 * draft, recorded as forward and inverse patches. A gesture (a drag, a slider move) applies live
 * changes and becomes one step when it ends; cancelling it puts the document back as it was.
 */
export class ProjectDocument {
  private current: ProjectData;
  private readonly history: PatchHistory;
  private gesture: OpenGesture | null = null;
  private readonly listeners = new Set<(change: DocumentChange) => void>();

  constructor(
    data: ProjectData,
    private readonly clock: Clock = systemClock,
    history = new PatchHistory(),
  ) {
    this.current = data;
    this.history = history;
  }

  get data(): ProjectData {
    return this.current;
  }

  /** A different project is open: its data, no history, no gesture. */
  reset(data: ProjectData): void {
    this.current = data;
    this.history.clear();
    this.gesture = null;
    this.emit({ data, patches: [], cause: 'reset' });
  }

  /**
   * Applies a named change. Inside a gesture it joins the gesture; otherwise it becomes an undo
   * step (or merges into the last one) unless its policy is 'ignore'. Returns false when the
   * recipe changed nothing.
   */
  apply(name: string, recipe: Recipe, options: ApplyOptions = {}): boolean {
    const [next, patches, inverse] = produceWithPatches(this.current, recipe);
    if (patches.length === 0) return false;
    this.current = next;
    if (this.gesture) {
      this.gesture.patches.push(...patches);
      this.gesture.inverse.unshift(...inverse);
      this.emit({ data: next, patches, cause: 'gesture' });
      return true;
    }
    if ((options.history ?? 'record') === 'record') {
      this.history.push({ name, patches, inverse, mergeKey: options.mergeKey, at: this.clock.now() });
    }
    this.emit({ data: next, patches, cause: 'edit' });
    return true;
  }

  /** Starts a gesture: changes until `commitGesture` or `cancelGesture` are one step named `name`. */
  beginGesture(name: string): void {
    if (this.gesture) this.commitGesture();
    this.gesture = { name, patches: [], inverse: [] };
  }

  /** Ends the gesture as one undo step (none when it changed nothing). */
  commitGesture(): void {
    const gesture = this.gesture;
    this.gesture = null;
    if (!gesture || gesture.patches.length === 0) return;
    this.history.push({ name: gesture.name, patches: gesture.patches, inverse: gesture.inverse, at: this.clock.now() });
    this.history.seal();
  }

  /** Ends the gesture and takes back everything it changed, leaving no step (Escape). */
  cancelGesture(): void {
    const gesture = this.gesture;
    this.gesture = null;
    if (!gesture || gesture.inverse.length === 0) return;
    this.current = applyPatches(this.current, gesture.inverse);
    this.emit({ data: this.current, patches: gesture.inverse, cause: 'cancel' });
  }

  get inGesture(): boolean {
    return this.gesture !== null;
  }

  undo(): boolean {
    if (this.gesture) this.cancelGesture();
    const entry = this.history.undo();
    if (!entry) return false;
    this.current = applyPatches(this.current, entry.inverse);
    this.emit({ data: this.current, patches: entry.inverse, cause: 'undo' });
    return true;
  }

  redo(): boolean {
    if (this.gesture) this.commitGesture();
    const entry = this.history.redo();
    if (!entry) return false;
    this.current = applyPatches(this.current, entry.patches);
    this.emit({ data: this.current, patches: entry.patches, cause: 'redo' });
    return true;
  }

  /** The next step starts a new undo entry even if it would merge (focus left a text box). */
  sealHistory(): void {
    this.history.seal();
  }

  get canUndo(): boolean {
    return this.history.canUndo || (this.gesture?.patches.length ?? 0) > 0;
  }

  get canRedo(): boolean {
    return this.history.canRedo;
  }

  /** Names of the steps undo would take back, oldest first. */
  get undoNames(): string[] {
    return this.history.undoNames;
  }

  subscribe(listener: (change: DocumentChange) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private emit(change: DocumentChange): void {
    for (const listener of this.listeners) listener(change);
  }
}
