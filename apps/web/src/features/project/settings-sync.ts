import { canonicalJson, SETTINGS_SYNC_DELAY_MS, type Settings } from '@reelwright/core';
import { type Clock, systemClock } from './clock';

/**
 * Sends settings 2500 ms after the last change, and only when they differ from the last copy
 * the server has (spec 000 §4 "Settings sync").
 */
export class SettingsSync {
  private lastSynced: string | null = null;
  private pending: unknown = null;
  private latest: Settings | null = null;

  constructor(
    private readonly send: (settings: Settings) => Promise<unknown>,
    private readonly clock: Clock = systemClock,
    private readonly delayMs = SETTINGS_SYNC_DELAY_MS,
    /** A failed timed send; the settings stay unsynced and go with the next change. */
    private readonly onError: (error: unknown) => void = () => {},
  ) {}

  /** Records the copy the server holds (after fetching, or after a send). */
  synced(settings: Settings): void {
    this.lastSynced = canonicalJson(settings);
  }

  /** A change: (re)starts the 2500 ms wait. */
  changed(settings: Settings): void {
    this.latest = settings;
    if (this.pending !== null) this.clock.clearTimeout(this.pending);
    this.pending = this.clock.setTimeout(() => {
      this.pending = null;
      this.flush().catch(this.onError);
    }, this.delayMs);
  }

  /** Sends the latest settings now if they differ from the synced copy; a failure keeps them for the next change. */
  async flush(): Promise<void> {
    const settings = this.latest;
    if (!settings) return;
    const text = canonicalJson(settings);
    if (text === this.lastSynced) return;
    await this.send(settings);
    this.lastSynced = text;
  }

  cancel(): void {
    if (this.pending !== null) this.clock.clearTimeout(this.pending);
    this.pending = null;
  }
}
