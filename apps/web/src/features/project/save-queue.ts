import { SAVE_RETRY_WAIT_MS } from '@reelwright/core';
import { type Clock, systemClock } from './clock';

/**
 * Serialises saves (spec 000 §4): a save asked for while another runs waits 100 ms and tries
 * again, so two requests never race and the later one always sends the newer document.
 */
export class SaveQueue {
  private busy = false;

  constructor(
    private readonly clock: Clock = systemClock,
    private readonly waitMs = SAVE_RETRY_WAIT_MS,
  ) {}

  async run<T>(task: () => Promise<T>): Promise<T> {
    while (this.busy) await this.clock.sleep(this.waitMs);
    this.busy = true;
    try {
      return await task();
    } finally {
      this.busy = false;
    }
  }

  get isBusy(): boolean {
    return this.busy;
  }
}
