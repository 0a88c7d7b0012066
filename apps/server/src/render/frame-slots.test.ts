import { describe, expect, it } from 'vitest';
import { FrameSlots } from './frame-slots';

describe('FrameSlots', () => {
  it('gives a slot only when none of its writes are pending', async () => {
    const slots = new FrameSlots(2);
    expect(await slots.free()).toBe(0);
    slots.hold(0);
    slots.hold(0); // a repeated frame: the same slot written twice
    expect(await slots.free()).toBe(1);
    slots.hold(1);
    let given: number | null = null;
    const waiting = slots.free().then((slot) => {
      given = slot;
    });
    slots.release(0);
    await Promise.resolve();
    expect(given).toBeNull(); // slot 0 still has a write pending
    slots.release(0);
    await waiting;
    expect(given).toBe(0);
  });

  it('refuses to release a slot with no write pending', () => {
    expect(() => new FrameSlots(1).release(0)).toThrow(/no write pending/);
  });

  it('stops waiting once the signal aborts and the slots are woken', async () => {
    const slots = new FrameSlots(1);
    slots.hold(0);
    const stop = new AbortController();
    const waiting = slots.free(stop.signal);
    stop.abort();
    slots.wake();
    await expect(waiting).rejects.toThrow(/abort/i);
  });
});
