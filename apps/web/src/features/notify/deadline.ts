/** A wait that got no answer in time. */
export class NoAnswerError extends Error {
  constructor(what: string, ms: number) {
    super(`${what} did not answer within ${ms / 1000} s.`);
    this.name = 'NoAnswerError';
  }
}

/**
 * `promise`'s outcome, or a {@link NoAnswerError} once `ms` have passed without one. The timer is
 * cleared either way; the promise itself cannot be stopped and is left to settle unheard.
 */
export function withDeadline<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new NoAnswerError(what, ms)), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}
