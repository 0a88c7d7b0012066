/** Why the guarded client refused a fetch before or without sending it. */
export type FetchRefusalReason =
  | 'bad_url'
  | 'scheme'
  | 'private_address'
  | 'too_many_redirects'
  | 'content_type'
  | 'too_large'
  | 'timeout';

/**
 * A fetch the guarded client would not make or finish: a policy refusal (scheme, address,
 * redirects, content type) or a limit reached (size, time). `reason` is stable; the message is
 * for logs.
 */
export class FetchRefusedError extends Error {
  constructor(
    readonly reason: FetchRefusalReason,
    message: string,
  ) {
    super(message);
    this.name = 'FetchRefusedError';
  }
}

/** The remote end could not be reached or broke the exchange (DNS failure, refused, reset). */
export class FetchNetworkError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'FetchNetworkError';
  }
}
