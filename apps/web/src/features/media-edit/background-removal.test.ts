import { describe, expect, it } from 'vitest';
import { BackgroundRemoval, REMOVE_BG_NOTICE } from './background-removal';

/** A removal call the test answers by hand, honouring the abort signal as fetch does. */
function handCall() {
  let answer!: (url: string) => void;
  let fail!: (error: Error) => void;
  const call = (_url: string, signal: AbortSignal) =>
    new Promise<string>((resolve, reject) => {
      answer = resolve;
      fail = reject;
      signal.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
    });
  return { call, answer: (url: string) => answer(url), fail: (error: Error) => fail(error) };
}

describe('background removal', () => {
  it('says the spec’s notice', () => {
    expect(REMOVE_BG_NOTICE).toBe('Trying to remove background. This can take a while.');
  });

  it('hands the picture without background to its owner', async () => {
    const hand = handCall();
    const done: string[] = [];
    const removal = new BackgroundRemoval('/media/a.jpg', (url) => done.push(url), hand.call);
    hand.answer('/media/uploads/a.png');
    expect(await removal.settled).toBe('done');
    expect(done).toEqual(['/media/uploads/a.png']);
  });

  it('once canceled, changes nothing', async () => {
    const hand = handCall();
    const done: string[] = [];
    const removal = new BackgroundRemoval('/media/a.jpg', (url) => done.push(url), hand.call);
    removal.cancel();
    expect(await removal.settled).toBe('canceled');
    expect(done).toEqual([]);
  });

  it('ignores a failed answer, changing nothing', async () => {
    const hand = handCall();
    const done: string[] = [];
    const removal = new BackgroundRemoval('/media/a.jpg', (url) => done.push(url), hand.call);
    hand.fail(new Error('remove.bg is over its quota'));
    expect(await removal.settled).toBe('failed');
    expect(done).toEqual([]);
  });
});
