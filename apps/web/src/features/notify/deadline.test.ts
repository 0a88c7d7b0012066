import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NoAnswerError, withDeadline } from './deadline';

describe('withDeadline', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('answers with the promise when it settles in time, and clears its timer', async () => {
    await expect(withDeadline(Promise.resolve(7), 1000, 'The push service')).resolves.toBe(7);
    await expect(withDeadline(Promise.reject(new Error('refused')), 1000, 'The push service')).rejects.toThrow(
      'refused',
    );
    expect(vi.getTimerCount()).toBe(0);
  });

  it('fails with NoAnswerError once the time is up', async () => {
    const waiting = withDeadline(new Promise(() => {}), 10_000, 'The push service');
    const failure = expect(waiting).rejects.toThrow(new NoAnswerError('The push service', 10_000));
    await vi.advanceTimersByTimeAsync(10_000);
    await failure;
    expect(new NoAnswerError('The push service', 10_000).message).toBe('The push service did not answer within 10 s.');
  });
});
