import type { ProjectData } from '@reelwright/core';
import type { Patch } from 'immer';
import type { Operation } from 'rfc6902';
import { compactOps, toJsonPatch } from '../../builder/commands/json-patch';
import { ApiRequestError } from '../../lib/api';
import { type Clock, systemClock } from './clock';
import { type ProjectSaveApi, projectApi } from './project-api';
import { type SavedBase, saveProjectDocument } from './save-project';
import { SaveQueue } from './save-queue';

/** What the menu bar shows: 'retrying' after a failure, 'failed' when only a new login can help. */
export type SaveState = 'idle' | 'saving' | 'saved' | 'retrying' | 'failed';

/** The part of the project store a save reads and writes. */
export type SaverView = {
  id: number | null;
  name: string;
  category: 'project' | 'reserved';
  data: ProjectData;
  autoPrompt: boolean;
  namePromptOpen: boolean;
  saveState: SaveState;
};

/** Waits before retrying a failed save: 5 s, doubling up to a minute (not in the spec). */
const FIRST_RETRY_MS = 5000;
const MAX_RETRY_MS = 60_000;

/**
 * Saves the open project: asks for a name first when needed, runs one save at a time, patches
 * when it can, and retries after failures until a save succeeds.
 */
export class ProjectSaver {
  private base: SavedBase | null = null;
  /** The editor's changes since `base`, as RFC 6902; null when not known (a full save follows). */
  private changes: Operation[] | null = null;
  private readonly queue: SaveQueue;
  private retryTimer: unknown = null;
  private retryDelay = FIRST_RETRY_MS;

  constructor(
    private readonly store: { read(): SaverView; write(patch: Partial<SaverView>): void },
    private readonly api: ProjectSaveApi = projectApi,
    private readonly clock: Clock = systemClock,
    private readonly patchMode = true,
  ) {
    this.queue = new SaveQueue(clock);
  }

  /** A different project is open: forget the old base and any retry. */
  reset(base: SavedBase | null): void {
    this.base = base;
    this.changes = base ? [] : null;
    this.cancelRetry();
    this.retryDelay = FIRST_RETRY_MS;
  }

  /** The document changed by these patches (an edit, a gesture's move, undo or redo). */
  record(patches: readonly Patch[]): void {
    this.changes?.push(...toJsonPatch(patches));
  }

  async save(): Promise<void> {
    this.cancelRetry();
    const view = this.store.read();
    if (view.autoPrompt && !view.name.trim()) {
      this.store.write({ namePromptOpen: true });
      return;
    }
    await this.queue.run(() => this.saveLatest());
  }

  private async saveLatest(): Promise<void> {
    const view = this.store.read(); // read after waiting: send the newest document
    // Changes recorded while this save runs belong to the next one.
    const sent = this.changes ? compactOps(this.changes) : null;
    const sentCount = this.changes?.length ?? 0;
    this.store.write({ saveState: 'saving' });
    try {
      const outcome = await saveProjectDocument(
        {
          id: view.id,
          name: view.name,
          category: view.category,
          data: view.data,
          base: this.base,
          patchMode: this.patchMode,
          changes: sent,
        },
        this.api,
      );
      this.base = outcome.base;
      this.changes = outcome.base ? (this.changes?.slice(sentCount) ?? []) : null;
      this.retryDelay = FIRST_RETRY_MS;
      this.store.write({ id: outcome.response.id, name: outcome.response.name || view.name, saveState: 'saved' });
    } catch (error) {
      if (error instanceof ApiRequestError && error.status === 401) {
        this.store.write({ saveState: 'failed' });
        return;
      }
      this.store.write({ saveState: 'retrying' });
      this.retryTimer = this.clock.setTimeout(() => void this.save(), this.retryDelay);
      this.retryDelay = Math.min(this.retryDelay * 2, MAX_RETRY_MS);
    }
  }

  private cancelRetry(): void {
    if (this.retryTimer !== null) this.clock.clearTimeout(this.retryTimer);
    this.retryTimer = null;
  }
}
