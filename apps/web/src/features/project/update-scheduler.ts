import { PROJECT_UPDATE_DEBOUNCE_MS, PROJECT_WARMUP_MS } from '@reelwright/core';
import { type Clock, systemClock } from './clock';

/**
 * Turns edits into debounced project updates (spec 000 §4): an edit schedules `onUpdate` after
 * 1000 ms of quiet, and edits during the first 2 s after a load do not count (screens settle
 * their defaults then; that is not the author's work).
 */
export class UpdateScheduler {
  private loadedAt = Number.NEGATIVE_INFINITY;
  private pending: unknown = null;

  constructor(
    private readonly onUpdate: () => void,
    private readonly clock: Clock = systemClock,
    private readonly debounceMs = PROJECT_UPDATE_DEBOUNCE_MS,
    private readonly warmupMs = PROJECT_WARMUP_MS,
  ) {}

  /** A project was just loaded: start the warm-up and forget any pending update. */
  markLoaded(): void {
    this.cancel();
    this.loadedAt = this.clock.now();
  }

  /** Edits now are the screens settling after a load, not the author's work. */
  get warmingUp(): boolean {
    return this.clock.now() - this.loadedAt < this.warmupMs;
  }

  /** Records an edit; returns false when it falls in the warm-up and is not an update. */
  changed(): boolean {
    if (this.warmingUp) return false;
    if (this.pending !== null) this.clock.clearTimeout(this.pending);
    this.pending = this.clock.setTimeout(() => {
      this.pending = null;
      this.onUpdate();
    }, this.debounceMs);
    return true;
  }

  /** Runs a pending update now (before undo, so the last edit is in the history). */
  flush(): void {
    if (this.pending === null) return;
    this.cancel();
    this.onUpdate();
  }

  cancel(): void {
    if (this.pending !== null) this.clock.clearTimeout(this.pending);
    this.pending = null;
  }

  get hasPending(): boolean {
    return this.pending !== null;
  }
}
