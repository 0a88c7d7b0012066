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

// A removal fails with a ProviderError (`providers/http/provider-error.ts`, D64): `auth` (the
// server's key was refused), `quota` (the account has no credits left), `rate_limited`,
// `bad_request` (the service could not work with this picture), `timeout` or `unavailable`.
