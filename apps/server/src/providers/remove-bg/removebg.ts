import { type BackgroundRemover, RemoveBgError, type RemoveBgErrorKind } from './types';

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
 * `{ errors: [{ title, code }] }` with 400 (bad picture), 402 (no credits), 403 (bad key) or 429
 * (too many calls, with Retry-After). The URL is the operator's, so plain `fetch` is used.
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
      let response: Response;
      let body: Buffer;
      try {
        response = await fetch(endpoint, {
          method: 'POST',
          headers: { 'X-Api-Key': settings.apiKey, Accept: 'image/png, application/json' },
          body: form,
          signal: AbortSignal.timeout(timeoutMs),
        });
        body = Buffer.from(await response.arrayBuffer());
      } catch (error) {
        const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
        const reason = timedOut ? `no answer within ${timeoutMs / 1000} s` : (error as Error).message;
        throw new RemoveBgError(PROVIDER, 'unavailable', `${PROVIDER} could not be reached: ${reason}`);
      }
      if (response.ok) return body;
      const title = errorTitle(body) || `HTTP ${response.status}`;
      const retryAfter = Number(response.headers.get('retry-after'));
      throw new RemoveBgError(
        PROVIDER,
        kindOfStatus(response.status),
        `${PROVIDER} answered ${response.status}: ${title}`,
        Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : undefined,
      );
    },
  };
}

function kindOfStatus(status: number): RemoveBgErrorKind {
  if (status === 401 || status === 403) return 'auth';
  if (status === 402) return 'credits';
  if (status === 429) return 'rate_limited';
  if (status >= 400 && status < 500 && status !== 408) return 'rejected';
  return 'unavailable';
}

/** The first error's title from remove.bg's error body, or '' when it has none. */
function errorTitle(body: Buffer): string {
  try {
    const parsed = JSON.parse(body.toString('utf8')) as { errors?: { title?: unknown }[] };
    const title = parsed.errors?.[0]?.title;
    return typeof title === 'string' ? title.slice(0, 300) : '';
  } catch {
    return body.toString('utf8').trim().slice(0, 300);
  }
}
