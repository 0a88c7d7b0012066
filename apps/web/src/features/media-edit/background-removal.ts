import { call } from '../../lib/api';

/** The notice while a background is removed (spec 002 §8), verbatim. */
export const REMOVE_BG_NOTICE = 'Trying to remove background. This can take a while.';

/** `POST /api/members/remove-bg` (docs/api.md): the picture without its background, stored. */
export const removeBackgroundCall = (url: string, signal: AbortSignal) =>
  call('removeBackground', { url }, { signal }).then((found) => found.url);

type Call = (url: string, signal: AbortSignal) => Promise<string>;

/**
 * One background removal (spec 002 §8): it can be cancelled while it runs; its answer reaches
 * `onDone` unless it was cancelled; a failed answer is silently ignored (the spec's rule), only
 * logged. `settled` resolves when it is over, whichever way.
 */
export class BackgroundRemoval {
  private readonly abort = new AbortController();
  readonly settled: Promise<'done' | 'canceled' | 'failed'>;

  constructor(url: string, onDone: (url: string) => void, call: Call = removeBackgroundCall) {
    this.settled = call(url, this.abort.signal).then(
      (found) => {
        if (this.abort.signal.aborted) return 'canceled';
        onDone(found);
        return 'done';
      },
      (error: unknown) => {
        if (this.abort.signal.aborted) return 'canceled';
        console.warn('Background removal failed:', error);
        return 'failed';
      },
    );
  }

  cancel(): void {
    this.abort.abort();
  }
}
