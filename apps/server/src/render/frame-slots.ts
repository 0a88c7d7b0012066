/**
 * The output slots of a chunk's converter (`yuv.ts`) and the writes pending on each: a slot is
 * drawn into only when every write of its last frame has reached ffmpeg. A repeated frame is the
 * same slot sent again, so a slot can have several writes pending.
 */
export class FrameSlots {
  readonly #pending: number[];
  #wake: (() => void) | null = null;

  constructor(count: number) {
    this.#pending = new Array(count).fill(0);
  }

  /** A slot with no write pending; waits for one (or for `wake`). Rejects once `signal` aborts. */
  async free(signal?: AbortSignal): Promise<number> {
    for (;;) {
      signal?.throwIfAborted();
      const slot = this.#pending.indexOf(0);
      if (slot >= 0) return slot;
      await new Promise<void>((resolve) => {
        this.#wake = resolve;
      });
    }
  }

  /** A write of `slot`'s frame has been asked for. */
  hold(slot: number): void {
    this.#pending[slot]!++;
  }

  /** A write of `slot`'s frame is done. */
  release(slot: number): void {
    if (!this.#pending[slot]) throw new Error(`Slot ${slot} has no write pending`);
    this.#pending[slot]!--;
    this.wake();
  }

  /** Lets a waiting `free` look again (and see an aborted signal). */
  wake(): void {
    const wake = this.#wake;
    this.#wake = null;
    wake?.();
  }
}
