import { readBytes, tryJson, type VendorCall, vendorFetch } from '../http/vendor-fetch';
import type { BackgroundRemover } from './types';

export type RemoveBgSettings = {
  apiKey: string;
  /** `https://api.remove.bg` (config REMOVE_BG_URL); `/v1.0/removebg` is appended. */
  url: string;
  timeoutMs?: number;
};

const PROVIDER = 'remove.bg';

/**
 * remove.bg's `POST /v1.0/removebg`: the picture as multipart `image_file`, `size=auto` (the
 * largest the account allows) and `format=png`; the answer is the PNG itself, an error is
 * `{ errors: [{ title, code }] }` with 400 (bad picture: `bad_request`), 402 (no credits:
 * `quota`), 403 (bad key: `auth`) or 429 (too many calls, with Retry-After: `rate_limited`),
 * read by the providers' one vendor fetch (D64).
 */
export function removeBgAdapter(settings: RemoveBgSettings): BackgroundRemover {
  const endpoint = `${settings.url.replace(/\/+$/, '')}/v1.0/removebg`;
  const timeoutMs = settings.timeoutMs ?? 60_000;
  return {
    name: PROVIDER,
    async remove(image, fileName) {
      const form = new FormData();
      form.set('image_file', new Blob([new Uint8Array(image)]), fileName);
      form.set('size', 'auto');
      form.set('format', 'png');
      const call: VendorCall = { provider: PROVIDER, timeoutMs, readError: (body) => ({ message: errorTitle(body) }) };
      const answer = await vendorFetch(
        endpoint,
        {
          method: 'POST',
          headers: { 'X-Api-Key': settings.apiKey, Accept: 'image/png, application/json' },
          body: form,
        },
        call,
      );
      return readBytes(answer);
    },
  };
}

/** The first error's title from remove.bg's error body, or '' when it has none. */
function errorTitle(body: string): string {
  const title = (tryJson(body) as { errors?: { title?: unknown }[] } | undefined)?.errors?.[0]?.title;
  return typeof title === 'string' ? title : '';
}
