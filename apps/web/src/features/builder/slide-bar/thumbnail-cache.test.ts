import { produce } from 'immer';
import { describe, expect, it, vi } from 'vitest';
import { createLimit, createThumbnailCache } from './thumbnail-cache';

type Slide = { id: string; text: string };
const movie = () => ({ frames: [{ id: 'a', text: 'A' } as Slide, { id: 'b', text: 'B' } as Slide] });

/** A render that resolves with a label for the frame, counting its calls. */
const renderer = () => {
  const render = vi.fn((frame: Slide) => Promise.resolve(`${frame.id}:${frame.text}`));
  return { render, of: (frame: Slide) => () => render(frame) };
};

/** Settles every pending promise callback. */
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('thumbnail cache', () => {
  it('draws a frame once, however often it is asked for', async () => {
    const cache = createThumbnailCache<string>();
    const { render, of } = renderer();
    const [a] = movie().frames;
    const first = cache.get(a!, 'ctx', of(a!));
    const second = cache.get(a!, 'ctx', of(a!));
    expect(await first).toBe('a:A');
    expect(await second).toBe('a:A');
    expect(await cache.get(a!, 'ctx', of(a!))).toBe('a:A');
    expect(render).toHaveBeenCalledTimes(1);
  });

  it('redraws only the frame an edit changed (immer keeps the others)', async () => {
    const cache = createThumbnailCache<string>();
    const { render, of } = renderer();
    const before = movie();
    for (const frame of before.frames) await cache.get(frame, 'ctx', of(frame));
    const after = produce(before, (draft) => {
      draft.frames[1]!.text = 'B moved';
    });
    expect(after.frames[0]).toBe(before.frames[0]);
    const drawn = await Promise.all(after.frames.map((frame) => cache.get(frame, 'ctx', of(frame))));
    expect(drawn).toEqual(['a:A', 'b:B moved']);
    expect(render).toHaveBeenCalledTimes(3);
    expect(render.mock.calls.at(-1)?.[0]).toBe(after.frames[1]);
  });

  it('redraws a frame for another context (movie size, watermark, pixels)', async () => {
    const cache = createThumbnailCache<string>();
    const { render, of } = renderer();
    const [a] = movie().frames;
    await cache.get(a!, '1024x576', of(a!));
    await cache.get(a!, '720x720', of(a!));
    expect(render).toHaveBeenCalledTimes(2);
    expect(cache.peek(a!, '1024x576')).toBeUndefined();
    expect(cache.peek(a!, '720x720')).toBe('a:A');
  });

  it('peeks only at finished thumbnails', async () => {
    const cache = createThumbnailCache<string>();
    const [a] = movie().frames;
    let finish: (value: string) => void = () => {};
    const pending = cache.get(a!, 'ctx', () => new Promise((resolve) => (finish = resolve)));
    await flush();
    expect(cache.peek(a!, 'ctx')).toBeUndefined();
    finish('drawn');
    await pending;
    expect(cache.peek(a!, 'ctx')).toBe('drawn');
  });

  it('forgets a failed render, so asking again retries', async () => {
    const cache = createThumbnailCache<string>();
    const [a] = movie().frames;
    await expect(cache.get(a!, 'ctx', () => Promise.reject(new Error('no canvas')))).rejects.toThrow('no canvas');
    await flush();
    expect(await cache.get(a!, 'ctx', () => Promise.resolve('second try'))).toBe('second try');
  });

  it('turns a render that throws at once into a rejection', async () => {
    const cache = createThumbnailCache<string>();
    const [a] = movie().frames;
    const render = () => {
      throw new Error('sync');
    };
    await expect(cache.get(a!, 'ctx', render)).rejects.toThrow('sync');
  });
});

describe('render limit', () => {
  it('runs at most `concurrency` tasks at once, in the order asked', async () => {
    const limit = createLimit(2);
    const started: number[] = [];
    const finishers: (() => void)[] = [];
    const task = (n: number) => () =>
      new Promise<number>((resolve) => {
        started.push(n);
        finishers[n] = () => resolve(n);
      });
    const results = [1, 2, 3, 4].map((n) => limit(task(n)));
    await flush();
    expect(started).toEqual([1, 2]);
    finishers[2]!();
    await flush();
    expect(started).toEqual([1, 2, 3]);
    finishers[1]!();
    finishers[3]!();
    await flush();
    finishers[4]!();
    expect(await Promise.all(results)).toEqual([1, 2, 3, 4]);
  });

  it('goes on after a task fails', async () => {
    const limit = createLimit(1);
    const failed = limit(() => Promise.reject(new Error('broken')));
    const next = limit(() => Promise.resolve('ok'));
    await expect(failed).rejects.toThrow('broken');
    expect(await next).toBe('ok');
  });
});
