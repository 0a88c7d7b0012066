/**
 * Background removal (issue 6): a picture in, a PNG with a transparent background out. No npm
 * package ships a background-removal model inside itself (@imgly/background-removal-node fetches
 * its ONNX weights from IMG.LY's servers at run time and is AGPL), so the only adapter is a
 * remove-background API used by key (remove.bg); without a key the feature is not offered.
 */
export type BackgroundRemover = {
  /** For messages: the service's name. */
  name: string;
  /** The picture without its background, as PNG bytes with an alpha channel. */
  remove(image: Buffer, fileName: string): Promise<Buffer>;
};

/**
 * Why a removal failed: `auth` (the server's key was refused), `credits` (the account has none
 * left), `rate_limited`, `rejected` (the service could not work with this picture) and
 * `unavailable` (unreachable, timed out, or its own failure).
 */
export type RemoveBgErrorKind = 'auth' | 'credits' | 'rate_limited' | 'rejected' | 'unavailable';

export class RemoveBgError extends Error {
  constructor(
    readonly provider: string,
    readonly kind: RemoveBgErrorKind,
    message: string,
    /** Seconds to wait before the next call, when the service said. */
    readonly retryAfter?: number,
  ) {
    super(message);
    this.name = 'RemoveBgError';
  }
}
