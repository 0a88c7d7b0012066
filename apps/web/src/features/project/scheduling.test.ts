import { describe, expect, it } from 'vitest';
import { type AutoSaveContext, shouldAutoSave, shouldResaveAfterHistoryMove } from './auto-save';
import { FakeClock } from './fake-clock';
import { SaveQueue } from './save-queue';
import { UpdateScheduler } from './update-scheduler';

describe('UpdateScheduler', () => {
  it('ignores edits during the 2 s warm-up after a load', async () => {
    const clock = new FakeClock();
    let updates = 0;
    const scheduler = new UpdateScheduler(() => updates++, clock);
    scheduler.markLoaded();
    await clock.advance(1999);
    expect(scheduler.changed()).toBe(false);
    await clock.advance(5000);
    expect(updates).toBe(0);
    expect(scheduler.changed()).toBe(true);
  });

  it('debounces edits: one update 1000 ms after the last one', async () => {
    const clock = new FakeClock();
    let updates = 0;
    const scheduler = new UpdateScheduler(() => updates++, clock);
    scheduler.markLoaded();
    await clock.advance(2000);
    scheduler.changed();
    await clock.advance(900);
    scheduler.changed();
    await clock.advance(999);
    expect(updates).toBe(0);
    await clock.advance(1);
    expect(updates).toBe(1);
  });

  it('flush runs a pending update at once, and only once', async () => {
    const clock = new FakeClock();
    let updates = 0;
    const scheduler = new UpdateScheduler(() => updates++, clock);
    scheduler.markLoaded();
    await clock.advance(2000);
    scheduler.changed();
    scheduler.flush();
    expect(updates).toBe(1);
    await clock.advance(2000);
    expect(updates).toBe(1);
    scheduler.flush();
    expect(updates).toBe(1);
  });

  it('a new load drops the pending update', async () => {
    const clock = new FakeClock();
    let updates = 0;
    const scheduler = new UpdateScheduler(() => updates++, clock);
    scheduler.markLoaded();
    await clock.advance(3000);
    scheduler.changed();
    scheduler.markLoaded();
    await clock.advance(3000);
    expect(updates).toBe(0);
  });
});

describe('SaveQueue', () => {
  it('runs one save at a time; a second waits in 100 ms steps', async () => {
    const clock = new FakeClock();
    const queue = new SaveQueue(clock);
    const log: string[] = [];
    let finishFirst: () => void = () => {};
    const first = queue.run(
      () =>
        new Promise<void>((resolve) => {
          log.push(`start 1 at ${clock.now()}`);
          finishFirst = () => {
            log.push(`end 1 at ${clock.now()}`);
            resolve();
          };
        }),
    );
    const second = queue.run(async () => {
      log.push(`start 2 at ${clock.now()}`);
    });
    await clock.advance(250);
    finishFirst();
    await clock.advance(100);
    await Promise.all([first, second]);
    expect(log).toEqual(['start 1 at 0', 'end 1 at 250', 'start 2 at 300']);
  });

  it('frees the queue when a save fails', async () => {
    const queue = new SaveQueue(new FakeClock());
    await expect(queue.run(() => Promise.reject(new Error('offline')))).rejects.toThrow('offline');
    expect(queue.isBusy).toBe(false);
    await expect(queue.run(async () => 7)).resolves.toBe(7);
  });
});

describe('auto-save rules', () => {
  const base: AutoSaveContext = {
    autoSave: true,
    loggedIn: true,
    tutorial: false,
    inEditor: true,
    frames: 1,
    hasId: false,
  };

  it('saves a member’s edit in the editor when the project has frames', () => {
    expect(shouldAutoSave(base)).toBe(true);
  });

  it.each([
    ['auto-save off', { autoSave: false }],
    ['visitor', { loggedIn: false }],
    ['tutorial', { tutorial: true }],
    ['outside the editor', { inEditor: false }],
    ['no frames', { frames: 0 }],
  ])('does not save: %s', (_label, change) => {
    expect(shouldAutoSave({ ...base, ...change })).toBe(false);
  });

  it('re-saves a stored project after undo even without frames', () => {
    expect(shouldResaveAfterHistoryMove({ ...base, frames: 0, hasId: true })).toBe(true);
    expect(shouldResaveAfterHistoryMove({ ...base, frames: 0, hasId: false })).toBe(false);
    expect(shouldResaveAfterHistoryMove({ ...base, hasId: true, loggedIn: false })).toBe(false);
  });
});
