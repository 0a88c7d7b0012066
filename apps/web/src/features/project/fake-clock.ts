import type { Clock } from './clock';

type Timer = { at: number; callback: () => void };

/** A hand-driven clock for unit tests: `advance(ms)` fires due timers in order. */
export class FakeClock implements Clock {
  private time = 0;
  private nextId = 1;
  private timers = new Map<number, Timer>();

  now(): number {
    return this.time;
  }

  setTimeout(callback: () => void, ms: number): unknown {
    const id = this.nextId++;
    this.timers.set(id, { at: this.time + ms, callback });
    return id;
  }

  clearTimeout(handle: unknown): void {
    this.timers.delete(handle as number);
  }

  sleep(ms: number): Promise<void> {
    return new Promise((resolve) => this.setTimeout(resolve, ms));
  }

  /** Moves time forward, firing each due timer (and letting promises settle between them). */
  async advance(ms: number): Promise<void> {
    const end = this.time + ms;
    while (true) {
      const due = [...this.timers.entries()].filter(([, t]) => t.at <= end).sort((a, b) => a[1].at - b[1].at)[0];
      if (!due) break;
      const [id, timer] = due;
      this.timers.delete(id);
      this.time = timer.at;
      timer.callback();
      await flushPromises();
    }
    this.time = end;
    await flushPromises();
  }
}

/** Lets pending work settle, including real async steps such as WebCrypto hashing. */
async function flushPromises(): Promise<void> {
  for (let i = 0; i < 5; i++) await new Promise((resolve) => globalThis.setTimeout(resolve, 0));
}
